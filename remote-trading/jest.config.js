const jestConfig = require('../jest.base.cjs');

module.exports = jestConfig({
  name: 'remote-trading',
  dir: __dirname,
  env: 'jsdom',
  setupFilesAfterEnv: ['@testing-library/jest-dom', '<rootDir>/test/setup.ts'],
  clearMocks: true,
});
