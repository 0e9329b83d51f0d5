const jestConfig = require('../jest.base.cjs');

module.exports = jestConfig({ name: 'remote-profile', dir: __dirname, env: 'jsdom' });
