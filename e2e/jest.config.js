// `npm run test:e2e`: the composed app (built and started like `npm start`) driven in /usr/bin/chromium.
const path = require('node:path');

module.exports = {
  displayName: 'e2e',
  rootDir: __dirname,
  // Node's, reporting what each open tab showed when a test fails (a CI log is often all there is of a flake).
  testEnvironment: path.join(__dirname, 'environment.js'),
  testMatch: ['<rootDir>/**/*.test.ts'],
  transform: {
    '^.+\\.ts$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' } }],
  },
  // .mjs set-up files run as native ES modules (they import scripts/lib/stack.mjs).
  globalSetup: path.join(__dirname, 'global-setup.mjs'),
  globalTeardown: path.join(__dirname, 'global-teardown.mjs'),
  testTimeout: 120_000,
  slowTestThreshold: 60,
};
