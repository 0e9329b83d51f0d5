const jestConfig = require('../jest.base.cjs');

// The scripts are plain ES modules (.mjs), and so are their tests: SWC compiles both for jest (jest.base.cjs).
module.exports = jestConfig({
  name: 'scripts',
  dir: __dirname,
  env: 'node',
  testMatch: ['<rootDir>/test/**/*.test.mjs'],
});
