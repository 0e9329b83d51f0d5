const jestConfig = require('../../jest.base.cjs');

module.exports = jestConfig({
  name: 'rspack-config',
  dir: __dirname,
  env: 'node',
});
