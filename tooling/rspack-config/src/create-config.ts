import path from 'node:path';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { type Configuration, rspack } from '@rspack/core';
import { ReactRefreshRspackPlugin } from '@rspack/plugin-react-refresh';
import { PrecompressPlugin } from './precompress';
import { PreloadBootChunksPlugin } from './preload-boot-chunks';

// One build for the host and every remote, so they can only differ where they mean to: name, port, exposes.

export interface AppBuildOptions {
  /** The app's folder (its rspack.config.ts's __dirname). */
  dir: string;
  /** Module Federation name: host, remote_auth, remote_contests, remote_trading, remote_profile. */
  name: string;
  /** Dev-server port (npm run dev). */
  port: number;
  /** Pages a remote exposes, by name, e.g. { HomePage: './src/app/pages/home-page.tsx' }: the remote's
   *  src/exposes.ts, the declaration its bootstrap and the host's routes type-check against. */
  exposes?: Readonly<Record<string, string>>;
  title?: string;
  /** Module replacements (Rspack's resolve.alias): a request, or the absolute path of a dependency's own file, and what
   *  the build puts in its place, e.g. a module a dependency imports eagerly that the app loads on demand. */
  aliases?: Readonly<Record<string, string>>;
  /** Like `aliases` for a package by name, except inside the replacing file itself, whose own import of the name is the
   *  package (a wrapper that loads the package on demand, e.g. { 'aws-amplify/auth': '<dir>/lazy-amplify-auth.ts' }),
   *  and inside @bullpen/shared, whose copy in a remote build stands in for the host's and runs as the host's does. */
  wrappers?: Readonly<Record<string, string>>;
  /** A remote whose page the visitor waits for as soon as it arrives: its production build marks the exposed pages'
   *  chunks with V8's explicit compile hint, so Chromium compiles all their functions while the file streams in, off
   *  the main thread, instead of one module at a time on the main thread as each first runs. */
  eagerCompile?: boolean;
}

/** V8's explicit compile hint (https://v8.dev/blog/explicit-compile-hints): the whole file is compiled eagerly. */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/** Singletons: one React, one SWR cache, one zustand store, one Amplify, one @bullpen/shared (which also carries the
 *  one router: see shared/src/router).
 *  Amplify keeps its state (the global context the host configures, Hub, the token-orchestrator registry, storage) in
 *  @aws-amplify/core: that package is the shared singleton, every deep import of it included (the key ending in '/').
 *  aws-amplify and @aws-amplify/auth are not shared: each app bundles only the auth functions it imports (the host:
 *  the token provider, getCurrentUser, signOut; remote-auth: the Authenticator's), and they all reach the one token
 *  store through core (see shared/src/auth/configure-auth.ts; e2e/auth.test.ts proves it). Shared whole, auth cost
 *  every signed-in page about 45 KiB gzip it never ran. */
const SINGLETONS = [
  'react',
  'react-dom',
  'swr',
  'zustand',
  '@aws-amplify/core',
  '@aws-amplify/core/',
  '@bullpen/shared',
];

const repoRoot = path.resolve(__dirname, '..', '..', '..');

/** React Router 7's exports map names its development build under every condition (remix-run/react-router#12437, a
 *  stop-gap for its own dev server), so a production bundle would carry its dev-only checks and warnings. A production
 *  build takes the production build the package ships beside it, file for file. */
function reactRouterProductionBuild(): Record<string, string> {
  const production = path.join(path.dirname(require.resolve('react-router/package.json')), 'dist', 'production');
  return {
    'react-router$': path.join(production, 'index.mjs'),
    'react-router/dom$': path.join(production, 'dom-export.mjs'),
  };
}

/** The version of @bullpen/shared this build carries: its package.json's, or BULLPEN_SHARED_VERSION (a build made
 *  as if against another shared release: the e2e contract test's incompatible major and compatible minor). */
export function sharedPackageVersion(env: NodeJS.ProcessEnv = process.env): string {
  const version =
    env.BULLPEN_SHARED_VERSION ||
    (require(path.join(repoRoot, 'shared', 'package.json')) as { version: string }).version;
  if (!/^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/.test(version))
    throw new Error(`@bullpen/shared: invalid version "${version}"`);
  return version;
}

/** The version range an app needs: its package.json's, else (a package it gets through another, like
 *  @aws-amplify/core through aws-amplify) a caret on the installed version. Never `false`: a package whose version is
 *  unknown fails the build instead of being accepted at any version. */
function requiredVersionOf(appPackage: { dependencies?: Record<string, string> }, name: string): string {
  const declared = appPackage.dependencies?.[name];
  if (declared && declared !== '*') return declared;
  const manifest = path.join(repoRoot, 'node_modules', name, 'package.json');
  return `^${(require(manifest) as { version: string }).version}`;
}

interface SharedEntry {
  singleton: true;
  /** Refuse, rather than warn about, a singleton whose loaded version is outside requiredVersion. */
  strictVersion: true;
  requiredVersion: string;
  version?: string;
}

/** The shared contract (docs/host-remote-contract.md). Every singleton carries a semver version and a range.
 *  @bullpen/shared: an app accepts any release of the major it was built with (`^MAJOR.0.0`): within a major a shared
 *  release only adds, so a remote built against 1.4 runs on a host that provides 1.2 and the reverse; a new major is
 *  refused (strictVersion: the load fails, the host shows its fallback and logs why). */
export function sharedConfig(appDir: string, env: NodeJS.ProcessEnv = process.env): Record<string, SharedEntry> {
  const appPackage = require(path.join(appDir, 'package.json')) as { dependencies?: Record<string, string> };
  const sharedVersion = sharedPackageVersion(env);
  return Object.fromEntries(
    SINGLETONS.map((name) => {
      if (name === '@bullpen/shared') {
        const major = sharedVersion.split('.')[0];
        return [
          name,
          { singleton: true, strictVersion: true, version: sharedVersion, requiredVersion: `^${major}.0.0` } as const,
        ];
      }
      return [
        name,
        {
          singleton: true,
          strictVersion: true,
          requiredVersion: requiredVersionOf(appPackage, name.replace(/\/$/, '')),
        } as const,
      ];
    }),
  );
}

export function createConfig(options: AppBuildOptions, argv: { mode?: string } = {}): Configuration {
  const { dir, name, port, exposes, title = 'Bullpen', aliases = {}, wrappers = {}, eagerCompile = false } = options;
  const mode = argv.mode === 'development' || process.env.NODE_ENV === 'development' ? 'development' : 'production';
  const dev = mode === 'development';
  const isHost = !exposes;

  return {
    mode,
    context: dir,
    entry: { main: './src/index.ts' },
    // A production build still writes its maps (to read a stack trace), but its scripts do not point at them: the
    // maps carry the whole source, and the static server serves them only when told (SERVE_SOURCE_MAPS=1).
    devtool: dev ? 'cheap-module-source-map' : 'hidden-source-map',
    output: {
      // BULLPEN_DIST_DIR: build a second version of an app elsewhere (the e2e remote-switch test, a canary).
      path: process.env.BULLPEN_DIST_DIR ? path.resolve(process.env.BULLPEN_DIST_DIR) : path.join(dir, 'dist'),
      publicPath: 'auto',
      uniqueName: name,
      filename: dev ? '[name].js' : '[name].[contenthash:12].js',
      chunkFilename: dev ? '[name].js' : '[name].[contenthash:12].js',
      assetModuleFilename: 'assets/[name].[contenthash:12][ext]',
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.jsx', '.mjs', '.js', '.json'],
      alias: { ...(dev ? {} : reactRouterProductionBuild()), ...aliases },
    },
    module: {
      rules: [
        {
          test: /\.[cm]?[jt]sx?$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic', development: dev, refresh: dev } },
              target: 'es2022',
            },
          },
          type: 'javascript/auto',
        },
        // CSS travels inside the JavaScript chunk that needs it, so a federated page brings its own styles. Its source
        // map would travel too (css-loader follows devtool), doubling Amplify UI's stylesheet: development only.
        {
          test: /\.css$/,
          use: ['style-loader', { loader: 'css-loader', options: { sourceMap: dev } }],
          type: 'javascript/auto',
        },
        { test: /\.(png|svg|jpe?g|gif|woff2?)$/, type: 'asset' },
        // A rule's resolve options apply to the imports of the modules it matches.
        ...Object.entries(wrappers).map(([request, wrapper]) => ({
          resource: { not: [wrapper, path.join(repoRoot, 'shared') + path.sep] },
          resolve: { alias: { [`${request}$`]: wrapper } },
        })),
      ],
    },
    plugins: [
      new rspack.HtmlRspackPlugin({
        template: path.join(__dirname, 'index.html'),
        // Absolute script URLs, so a deep link (/invitation/123) loads /main.js, not /invitation/main.js.
        // Chunks still load from 'auto': a remote's chunks come from wherever its entry is served.
        publicPath: '/',
        templateParameters: { title },
      }),
      new rspack.DefinePlugin({
        'process.env.BULLPEN_BUILD_LABEL': JSON.stringify(process.env.BULLPEN_BUILD_LABEL ?? ''),
      }),
      new rspack.CopyRspackPlugin({ patterns: [{ from: 'public', noErrorOnMissing: true }] }),
      new ModuleFederationPlugin({
        name,
        // A production remote entry is content-hashed like its chunks, so a warm visit takes it from the cache without
        // asking: only mf-manifest.json (no-cache) is revalidated, and it names the entry of the build it belongs to,
        // so a rollout (a new manifest) still takes effect on the next page load.
        ...(isHost
          ? { remotes: {} }
          : {
              filename: dev ? 'remoteEntry.js' : 'remoteEntry.[contenthash:12].js',
              exposes: Object.fromEntries(Object.entries(exposes).map(([page, file]) => [`./${page}`, file])),
            }),
        manifest: true,
        dts: false,
        shared: sharedConfig(dir),
        // A singleton the page has already loaded (the host's) is the one every remote gets, never a newer copy a
        // remote brings along: with 'version-first' a remote built against a newer @bullpen/shared would run its own
        // copy (a second store, SWR cache and router) beside the host's. A remote whose range the loaded copy does not
        // satisfy is refused (strictVersion above).
        shareStrategy: 'loaded-first',
        // One federation runtime per page (about 34 KiB gzip): the host provides it, production remotes use it
        // instead of carrying a copy in every remote entry. In development a remote keeps its own, so it still runs
        // on its own port (npm run dev -w <remote>). target 'web' drops the runtime's Node.js paths; remotes load no
        // remotes of their own, so they also drop remote loading and manifest snapshots.
        experiments: isHost
          ? { provideExternalRuntime: true, optimization: { target: 'web' } }
          : { externalRuntime: !dev, optimization: { target: 'web', disableRemote: true, disableSnapshot: true } },
      }),
      ...(dev ? [new ReactRefreshRspackPlugin()] : []),
      // First in the file, where V8 looks for it: after minification (which drops comments), before the source maps.
      ...(eagerCompile && !dev
        ? [
            new rspack.BannerPlugin({
              banner: COMPILE_HINT,
              raw: true,
              entryOnly: false,
              test: /^__federation_expose_/,
              stage: rspack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1,
            }),
          ]
        : []),
      // The host page names the chunks it boots with, so they download beside main.js.
      ...(isHost && !dev ? [new PreloadBootChunksPlugin()] : []),
      // Brotli and gzip copies beside each file, which the static servers send as they are (scripts/lib/static-server.mjs).
      ...(dev ? [] : [new PrecompressPlugin()]),
    ],
    optimization: {
      moduleIds: 'deterministic',
      chunkIds: 'deterministic',
      // The host boots with React, react-dom, the router, SWR, zustand and @bullpen/shared, each shared module its own
      // chunk: nine small files on a phone's connection, where HTTP/1.1 gives an origin six connections. One chunk of
      // what every page boots with instead. Amplify stays apart: it is loaded on demand.
      ...(isHost && !dev
        ? {
            splitChunks: {
              cacheGroups: {
                boot: {
                  name: 'boot-shared',
                  chunks: 'async',
                  test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|swr|zustand|use-sync-external-store|dequal|react-error-boundary|cookie|set-cookie-parser)[\\/]|[\\/]shared[\\/]src[\\/](?!auth[\\/]amplify-session)/,
                  enforce: true,
                  priority: 10,
                },
              },
            },
          }
        : {}),
      // A remote's page is one file beside its remoteEntry. Split further, a chunk that holds both a page's own modules
      // and a shared package's fallback (Amplify's sha256 and tslib in remote-auth) is left out of the manifest's list
      // for that page, so the host does not preload it and the page waits one more round trip for it.
      // Code two pages use is then in both files; the runtime still runs each module once.
      ...(!isHost && !dev ? { splitChunks: { cacheGroups: { default: false, defaultVendors: false } } } : {}),
    },
    performance: { hints: false },
    devServer: {
      port,
      host: 'localhost',
      hot: true,
      historyApiFallback: isHost,
      headers: { 'Access-Control-Allow-Origin': '*' },
      static: { directory: path.join(dir, 'public') },
      // npm run dev hands the stack's runtime config over, so the tracked public/config.json is never rewritten.
      setupMiddlewares: (middlewares) => {
        const runtimeConfig = process.env.BULLPEN_RUNTIME_CONFIG;
        if (runtimeConfig) {
          middlewares.unshift({
            name: 'bullpen-runtime-config',
            path: '/config.json',
            middleware: (
              _request: unknown,
              response: { setHeader: (k: string, v: string) => void; end: (body: string) => void },
            ) => {
              response.setHeader('Content-Type', 'application/json');
              response.setHeader('Cache-Control', 'no-cache');
              response.end(runtimeConfig);
            },
          });
        }
        return middlewares;
      },
    },
    watchOptions: { ignored: [path.join(repoRoot, '.data'), '**/node_modules'] },
  };
}
