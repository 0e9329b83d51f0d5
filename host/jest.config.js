const jestConfig = require('../jest.base.cjs');

module.exports = jestConfig({
  name: 'host',
  dir: __dirname,
  env: 'jsdom',
  setupFilesAfterEnv: ['@testing-library/jest-dom'],
  clearMocks: true,
});
