const jestConfig = require('../../jest.base.cjs');

// The stand-in is plain ES modules (.mjs) so that `npm run sns-stand-in` runs it with node alone; so are its tests.
module.exports = jestConfig({
  name: 'sns-stand-in',
  dir: __dirname,
  env: 'node',
  testMatch: ['<rootDir>/test/**/*.test.mjs'],
});
