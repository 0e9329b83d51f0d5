import path from 'node:path';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { type Configuration, rspack } from '@rspack/core';
import { ReactRefreshRspackPlugin } from '@rspack/plugin-react-refresh';

// One build for the host and every remote, so they can only differ where they mean to: name, port, exposes.

export interface AppBuildOptions {
  /** The app's folder (its rspack.config.ts's __dirname). */
  dir: string;
  /** Module Federation name: host, remote_auth, remote_contests, remote_trading, remote_profile. */
  name: string;
  /** Dev-server port (npm run dev). */
  port: number;
  /** Pages a remote exposes, e.g. { './HomePage': './src/app/pages/home-page.tsx' }. */
  exposes?: Record<string, string>;
  title?: string;
}

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

const repoRoot = path.resolve(__dirname, '..', '..');

/** The version range an app needs: its package.json's, else (a package it gets through another, like
 *  @aws-amplify/core through aws-amplify) a caret on the installed version. */
function requiredVersionOf(appPackage: { dependencies?: Record<string, string> }, name: string): string | false {
  const declared = appPackage.dependencies?.[name];
  if (declared) return declared;
  try {
    const manifest = path.join(repoRoot, 'node_modules', name, 'package.json');
    return `^${(require(manifest) as { version: string }).version}`;
  } catch {
    return false;
  }
}

function sharedConfig(appDir: string): Record<string, { singleton: true; requiredVersion: string | false }> {
  const appPackage = require(path.join(appDir, 'package.json')) as { dependencies?: Record<string, string> };
  return Object.fromEntries(
    SINGLETONS.map((name) => {
      // @bullpen/shared is a workspace ("*"): match any version, there is only ever one in a deployment.
      const requiredVersion =
        name === '@bullpen/shared' ? false : requiredVersionOf(appPackage, name.replace(/\/$/, ''));
      return [name, { singleton: true as const, requiredVersion }];
    }),
  );
}

export function createConfig(options: AppBuildOptions, argv: { mode?: string } = {}): Configuration {
  const { dir, name, port, exposes, title = 'Bullpen' } = options;
  const mode = argv.mode === 'development' || process.env.NODE_ENV === 'development' ? 'development' : 'production';
  const dev = mode === 'development';
  const isHost = !exposes;

  return {
    mode,
    context: dir,
    entry: { main: './src/index.ts' },
    devtool: dev ? 'cheap-module-source-map' : 'source-map',
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
    resolve: { extensions: ['.tsx', '.ts', '.jsx', '.mjs', '.js', '.json'] },
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
          : { filename: dev ? 'remoteEntry.js' : 'remoteEntry.[contenthash:12].js', exposes }),
        manifest: true,
        dts: false,
        shared: sharedConfig(dir),
        // One federation runtime per page (about 34 KiB gzip): the host provides it, production remotes use it
        // instead of carrying a copy in every remote entry. In development a remote keeps its own, so it still runs
        // on its own port (npm run dev -w <remote>). target 'web' drops the runtime's Node.js paths; remotes load no
        // remotes of their own, so they also drop remote loading and manifest snapshots.
        experiments: isHost
          ? { provideExternalRuntime: true, optimization: { target: 'web' } }
          : { externalRuntime: !dev, optimization: { target: 'web', disableRemote: true, disableSnapshot: true } },
      }),
      ...(dev ? [new ReactRefreshRspackPlugin()] : []),
    ],
    optimization: { moduleIds: 'deterministic', chunkIds: 'deterministic' },
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
