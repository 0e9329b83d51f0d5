const jestConfig = require('../jest.base.cjs');

module.exports = jestConfig({ name: 'user-pool', dir: __dirname, env: 'node' });
