const jestConfig = require('../../jest.base.cjs');

// The stand-in is plain ES modules (.mjs) so that `npm run stand-in` runs it with node alone; so are its tests.
const base = jestConfig({
  name: 'massive-stand-in',
  dir: __dirname,
  env: 'node',
  testMatch: ['<rootDir>/test/**/*.test.mjs'],
});

// The tests drive the stand-in with Massive's own SDK, which ships one ES module and exports it for `import` only:
// jest's CommonJS resolver is pointed at the file and SWC compiles it like the tests.
module.exports = {
  ...base,
  moduleNameMapper: {
    ...base.moduleNameMapper,
    '^@massive\\.com/client-js$': '<rootDir>/../../node_modules/@massive.com/client-js/dist/main.js',
  },
  transformIgnorePatterns: ['/node_modules/(?!(@massive\\.com)/).+\\.c?js$'],
};
