const jestConfig = require('../jest.base.cjs');

module.exports = jestConfig({
  name: 'remote-auth',
  dir: __dirname,
  env: 'jsdom',
  setupFiles: ['<rootDir>/test/support/environment.ts'],
  setupFilesAfterEnv: ['<rootDir>/test/support/after-env.ts'],
});
