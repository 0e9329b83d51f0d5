const path = require('node:path');
const jestConfig = require('../jest.base.cjs');

module.exports = jestConfig({
  name: 'user-pool',
  dir: __dirname,
  env: 'node',
  setupFiles: [path.join(__dirname, 'test', 'quiet-amplify.cjs')],
  setupFilesAfterEnv: [path.join(__dirname, 'test', 'timeout.cjs')],
});
