// findBy*/waitFor wait up to 1 s by default; on a loaded 2-core CI machine a mocked fetch can take longer.
// This is how long tests wait for what a user waits for, not a timing assertion.
const { configure } = require('@testing-library/dom');

configure({ asyncUtilTimeout: 5_000 });
