const jestConfig = require('../jest.base.cjs');

// The benchmarks themselves run by hand (npm run bench); jest tests only their helpers.
module.exports = jestConfig({ name: 'bench', dir: __dirname, env: 'node' });
