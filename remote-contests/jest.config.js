const jestConfig = require('../jest.base.cjs');

module.exports = jestConfig({ name: 'remote-contests', dir: __dirname, env: 'jsdom' });
