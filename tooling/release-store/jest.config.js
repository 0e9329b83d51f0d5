const jestConfig = require('../../jest.base.cjs');

// The store is a plain ES module (.mjs) so that `node scripts/start.mjs` loads it without a TypeScript loader; so are
// its tests.
module.exports = jestConfig({
  name: 'release-store',
  dir: __dirname,
  env: 'node',
  testMatch: ['<rootDir>/test/**/*.test.mjs'],
});
