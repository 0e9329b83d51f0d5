// One jest setup for every workspace: TypeScript and JSX through SWC, the same module mapping everywhere.
const path = require('node:path');

const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
  },
];

const esmOnly = [
  '@aws-amplify',
  'aws-amplify',
  '@smithy',
  '@aws-crypto',
  '@aws-sdk',
  'uuid',
  'jose',
  'msw',
  '@mswjs',
  '@open-draft',
  '@bundled-es-modules',
  'until-async',
  'rettime',
  'outvariant',
  'strict-event-emitter',
  'headers-polyfill',
];

/** @param {{ name: string, dir: string, env?: 'node' | 'jsdom', setupFiles?: string[], setupFilesAfterEnv?: string[] }} options */
module.exports = function jestConfig({ name, dir, env = 'node', setupFiles = [], setupFilesAfterEnv = [], ...rest }) {
  return {
    displayName: name,
    rootDir: dir,
    testEnvironment: env === 'jsdom' ? 'jest-fixed-jsdom' : 'node',
    testMatch: ['<rootDir>/src/**/*.test.ts?(x)', '<rootDir>/test/**/*.test.ts?(x)'],
    transform: { '^.+\\.(t|j)sx?$': swc, '^.+\\.mjs$': swc },
    // Amplify, msw and some of their dependencies ship ESM only: let SWC compile them too.
    transformIgnorePatterns: [`/node_modules/(?!(${esmOnly.join('|')})/).+\\.c?js$`],
    moduleNameMapper: {
      '^uuid$': require.resolve('uuid'),
      '\\.(css)$': path.join(__dirname, 'jest', 'style-stub.cjs'),
    },
    // Every jsdom workspace gets a FormData that can read a <form>, whatever else it sets up.
    setupFiles: env === 'jsdom' ? [path.join(__dirname, 'jest', 'form-data-of-form.cjs'), ...setupFiles] : setupFiles,
    setupFilesAfterEnv:
      env === 'jsdom'
        ? [path.join(__dirname, 'jest', 'testing-library.cjs'), ...setupFilesAfterEnv]
        : setupFilesAfterEnv,
    ...rest,
  };
};
