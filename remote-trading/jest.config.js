const jestConfig = require('../jest.base.cjs');

module.exports = jestConfig({ name: 'remote-trading', dir: __dirname, env: 'jsdom' });
