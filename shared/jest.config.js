const jestConfig = require('../jest.base.cjs');

module.exports = jestConfig({
  name: 'shared',
  dir: __dirname,
  env: 'jsdom',
  setupFilesAfterEnv: ['@testing-library/jest-dom'],
});
