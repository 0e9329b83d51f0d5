const jestConfig = require('../jest.base.cjs');

const config = jestConfig({
  name: 'api',
  dir: __dirname,
  env: 'node',
  // PGlite's CommonJS build loads Node built-ins with import(); compiling it turns those into require().
  transformIgnorePatterns: [
    '/node_modules/(?!(@electric-sql|@massive.com|jose|content-disposition|cookie|light-my-request)/)',
  ],
  setupFilesAfterEnv: ['<rootDir>/test/support/setup-timeout.ts'],
});
config.transform = {
  ...config.transform,
  '^.+/@electric-sql/.+\\.cjs$': [
    '@swc/jest',
    { jsc: { target: 'es2022' }, module: { type: 'commonjs', ignoreDynamic: false } },
  ],
};
// The Massive SDK ships ESM only, with no "require" export: point jest at its build, which SWC compiles like the rest.
config.moduleNameMapper = {
  ...config.moduleNameMapper,
  '^@massive\\.com/client-js$': '<rootDir>/../node_modules/@massive.com/client-js/dist/main.js',
};
module.exports = config;
