const jestConfig = require('../jest.base.cjs');

module.exports = jestConfig({ name: 'remote-auth', dir: __dirname, env: 'jsdom' });
