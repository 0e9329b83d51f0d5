const jestConfig = require('../jest.base.cjs');

const config = jestConfig({
  name: 'remote-auth',
  dir: __dirname,
  env: 'jsdom',
  setupFiles: ['<rootDir>/test/support/environment.ts'],
  setupFilesAfterEnv: ['<rootDir>/test/support/after-env.ts'],
  // The base list, plus every `.mjs` file: msw's dependencies (rettime, @open-draft/*, until-async) ship ESM only.
  transformIgnorePatterns: [
    '/node_modules/(?!(@aws-amplify|aws-amplify|@smithy|@aws-crypto|@aws-sdk|uuid|jose|until-async)/)(?!.*\\.mjs$)',
  ],
});

// Compile those `.mjs` files with the same SWC setup.
const [[, swc]] = Object.values(config.transform).map((entry) => [null, entry]);
config.transform = { ...config.transform, '^.+\\.mjs$': swc };

module.exports = config;
