// knip (part of `npm run lint`): files nothing imports, exports nothing uses and dependencies no workspace needs fail
// the lint. Entry points are what runs on its own: the apps' bootstraps (found through their rspack.config.ts), each
// remote's Module Federation exposes (read from its src/exposes.ts, the list its build exposes), servers, scripts,
// benches, and tests with their jest set-up (found through the jest configs). What is used in a way knip cannot follow
// is listed below with the reason.
import type { KnipConfig } from 'knip';
import { exposes as authPages } from './remote-auth/src/exposes';
import { exposes as contestsPages } from './remote-contests/src/exposes';
import { exposes as profilePages } from './remote-profile/src/exposes';
import { exposes as tradingPages } from './remote-trading/src/exposes';

/** A remote's exposed modules, as paths inside its workspace. */
const exposed = (pages: Readonly<Record<string, string>>) =>
  Object.values(pages).map((file) => file.replace(/^\.\//, ''));

/**
 * Every app builds with tooling/rspack-config/src/create-config.ts, which imports Module Federation and React Refresh in the app's
 * build, and shares react, swr, zustand and Amplify as singletons whether or not the app imports them itself.
 */
const appBuild = ['@module-federation/enhanced', '@rspack/plugin-react-refresh', 'react-refresh', 'zustand'];

const remote = (pages: Readonly<Record<string, string>>, extra: Partial<Workspace> = {}): Workspace => ({
  entry: exposed(pages),
  project: ['src/**/*.{ts,tsx}', 'test/**/*.{ts,tsx}'],
  ignoreDependencies: appBuild,
  ...extra,
});

type Workspace = NonNullable<KnipConfig['workspaces']>[string];

const config: KnipConfig = {
  // jest.base.cjs maps `uuid` (which aws-amplify brings) to its CommonJS build for every workspace's tests; the rspack
  // CLI's package.json is how the stack and the e2e contract find the binary the apps' workspaces install.
  ignoreDependencies: ['uuid', '@rspack/cli'],
  // Loaders named as strings in tooling/rspack-config/src/create-config.ts, installed with @bullpen/rspack-config: knip
  // resolves them from each app's rspack.config.ts, where they are not listed.
  ignoreUnresolved: ['css-loader', 'style-loader'],
  // configure-auth.ts loads this module with import() and hands its namespace to callers (`(await loadAuth()).signOut`),
  // which knip does not follow.
  ignoreIssues: { 'shared/src/auth/amplify-session.ts': ['exports'] },
  workspaces: {
    '.': {
      entry: ['scripts/*.mjs'],
      project: ['scripts/**/*.{mjs,cjs,ts}'],
    },
    shared: {
      project: ['src/**/*.{ts,tsx}'],
      // `@aws-amplify/core` comes with aws-amplify, the peer dependency whose Hub and session functions the shared
      // session reads.
      ignoreDependencies: ['@aws-amplify/core'],
    },
    'tooling/rspack-config': {
      project: ['src/**/*.ts', 'test/**/*.ts'],
      // The CSS loaders are named as strings in create-config.ts's rules, which knip does not read as imports;
      // react-router is the apps' own, whose production build create-config.ts points their production builds at.
      ignoreDependencies: ['css-loader', 'style-loader', 'react-router'],
    },
    'tooling/release-store': {
      project: ['src/**/*.mjs', 'test/**/*.mjs'],
    },
    'tooling/massive-stand-in': {
      project: ['src/**/*.mjs', 'test/**/*.mjs'],
    },
    api: {
      project: ['src/**/*.ts', 'test/**/*.ts'],
    },
    'user-pool': {
      entry: ['scripts/*.mjs'],
      project: ['src/**/*.ts', 'test/**/*.ts', 'scripts/**'],
      // scripts/browser-smoke.mjs, run by hand, bundles with the esbuild tsx brings and drives the bench's Chromium.
      ignoreDependencies: ['esbuild', 'playwright-core'],
    },
    host: {
      project: ['src/**/*.{ts,tsx}', 'test/**/*.{ts,tsx}'],
      // The host's rspack.config.ts brings Module Federation itself.
      ignoreDependencies: appBuild.filter((name) => name !== '@module-federation/enhanced'),
    },
    'remote-auth': remote(authPages, {
      // rspack.config.ts puts these files in place of modules Amplify UI imports (other languages' dictionaries, found
      // through @aws-amplify/ui, which @aws-amplify/ui-react brings; aws-amplify and its auth category; the theme
      // context and the component tokens), which knip cannot follow.
      entry: [
        ...exposed(authPages),
        'src/features/authenticator/services/english-only-dictionaries.ts',
        'src/features/authenticator/services/amplify-core-config.ts',
        'src/features/authenticator/services/lazy-amplify-auth.ts',
        'src/features/authenticator/theme/theme-context.ts',
        'src/features/authenticator/theme/no-component-tokens.ts',
      ],
      project: ['src/**/*.{ts,tsx}', 'test/**/*.{ts,tsx}', 'scripts/**/*.ts'],
      ignoreDependencies: [...appBuild, 'swr', '@aws-amplify/ui'],
    }),
    'remote-contests': remote(contestsPages, {
      // Run by hand with --testMatch to write each screen's HTML for screenshots.
      entry: [...exposed(contestsPages), 'test/screens.capture.tsx'],
    }),
    'remote-profile': remote(profilePages),
    'remote-trading': remote(tradingPages),
    e2e: {
      // shift-clock.mjs runs as `node --import <path>` in the processes a journey starts; environment.js is the
      // journeys' jest environment.
      entry: ['*.test.ts', 'helpers/shift-clock.mjs', 'environment.js'],
      project: ['**/*.{ts,mjs,js}'],
    },
    bench: {
      entry: ['*/run.ts', 'api/bare-server.ts', 'live/memory-probe.ts', 'web/floor/floor.tsx'],
      project: ['**/*.{ts,tsx,mjs}'],
    },
  },
};

export default config;
