const jestConfig = require('../jest.base.cjs');

module.exports = jestConfig({ name: 'api', dir: __dirname, env: 'node' });
