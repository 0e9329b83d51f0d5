const jestConfig = require('../jest.base.cjs');

module.exports = jestConfig({ name: 'contract', dir: __dirname, env: 'node' });
