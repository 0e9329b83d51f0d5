const path = require('node:path');
const jestConfig = require('../jest.base.cjs');

module.exports = jestConfig({
  name: 'remote-contests',
  dir: __dirname,
  env: 'jsdom',
  setupFiles: [path.join(__dirname, 'test/setup-env.ts')],
  setupFilesAfterEnv: [path.join(__dirname, 'test/setup-tests.ts')],
});
