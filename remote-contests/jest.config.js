const path = require('node:path');
const jestConfig = require('../jest.base.cjs');

const base = jestConfig({
  name: 'remote-contests',
  dir: __dirname,
  env: 'jsdom',
  setupFiles: [path.join(__dirname, 'test/setup-env.ts')],
  setupFilesAfterEnv: [path.join(__dirname, 'test/setup-tests.ts')],
});

module.exports = {
  ...base,
  // msw 2 pulls in ESM-only packages (.mjs builds): let SWC compile every .mjs and the usual ESM-only packages.
  transformIgnorePatterns: ['/node_modules/(?!(@aws-amplify|aws-amplify|@smithy|@aws-crypto|@aws-sdk|uuid|jose|until-async|rettime|@open-draft|@mswjs|msw|outvariant|strict-event-emitter|headers-polyfill|@bundled-es-modules)/).+\\.c?js$'],
  transform: {
    ...base.transform,
    '^.+\\.mjs$': base.transform['^.+\\.(t|j)sx?$'],
  },
  moduleNameMapper: {
    // TEMPORARY until @bullpen/shared's client is committed (see test/interim-shared.ts).
    '^@bullpen/shared$': path.join(__dirname, 'test/interim-shared.ts'),
    ...base.moduleNameMapper,
  },
};
