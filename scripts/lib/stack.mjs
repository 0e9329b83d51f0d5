// The whole of Bullpen on one machine: the user pool, the API, and the five front-end apps, each on its own port.
// Used by `npm start`, `npm run dev` and the end-to-end tests.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  contentSecurityPolicy,
  pageSecurityHeaders,
  standaloneContentSecurityPolicy,
} from './content-security-policy.mjs';
import { inlineRuntimeConfig } from './inline-config.mjs';
import { liveRuntimeConfig, remoteManifestUrls } from './live-config.mjs';
import { ensureOpsToken } from './ops-token.mjs';
import { openReleaseStore, releaseStorePath } from '@bullpen/release-store';
import { fetchRemoteManifests } from './remote-manifests.mjs';
import { signInPreloads } from './sign-in-preloads.mjs';
import { createStaticServer } from './static-server.mjs';

const require = createRequire(import.meta.url);
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const TSX = require.resolve('tsx/cli');
// @rspack/cli exports no bin path: find its package.json and take the bin from there.
const RSPACK = path.join(path.dirname(require.resolve('@rspack/cli/package.json')), 'bin', 'rspack.js');

export const APPS = [
  { key: 'host', dir: 'host', portEnv: 'HOST_PORT', port: 3000 },
  { key: 'auth', dir: 'remote-auth', portEnv: 'REMOTE_AUTH_PORT', port: 3001 },
  { key: 'contests', dir: 'remote-contests', portEnv: 'REMOTE_CONTESTS_PORT', port: 3002 },
  { key: 'trading', dir: 'remote-trading', portEnv: 'REMOTE_TRADING_PORT', port: 3003 },
  { key: 'profile', dir: 'remote-profile', portEnv: 'REMOTE_PROFILE_PORT', port: 3004 },
];

const POOL_ID = 'us-east-1_LocalPool';
const CLIENT_ID = 'bullpen-web-client';

function numberFrom(env, name, fallback) {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 65535)
    throw new Error(`Invalid setting ${name}="${raw}": must be a port number`);
  return value;
}

function flagFrom(env, name) {
  const raw = env[name];
  if (raw === undefined || raw === '' || raw === '0') return false;
  if (raw === '1') return true;
  throw new Error(`Invalid setting ${name}="${raw}": must be 1 or 0`);
}

/** Ports and folders from the environment, each with its local default (README, Configuration). */
export function settingsFrom(env = process.env) {
  const ports = Object.fromEntries(APPS.map((app) => [app.key, numberFrom(env, app.portEnv, app.port)]));
  return {
    ports,
    apiPort: numberFrom(env, 'API_PORT', 4000),
    poolPort: numberFrom(env, 'USER_POOL_PORT', 9229),
    dataDir: path.resolve(env.DATA_DIR ?? path.join(ROOT, '.data')),
    hostname: env.PUBLIC_HOSTNAME ?? 'localhost',
    // The builds' source maps carry the apps' whole source: served only when an operator asks (debugging a build).
    sourceMaps: flagFrom(env, 'SERVE_SOURCE_MAPS'),
    // `npm run remote` keeps releases and the live pointer here (docs/operating-remotes.md).
    releaseStore: releaseStorePath(env, path.join(ROOT, '.data')),
    // Where browsers fetch releases from: a bucket or CDN in production; unset, each remote's own server serves its
    // releases under /releases/.
    releaseBaseUrl: env.RELEASE_BASE_URL || null,
  };
}

export function runtimeConfig(settings) {
  const url = (port) => `http://${settings.hostname}:${port}`;
  return {
    apiHost: url(settings.apiPort),
    auth: {
      region: 'us-east-1',
      userPoolId: POOL_ID,
      userPoolClientId: CLIENT_ID,
      userPoolEndpoint: url(settings.poolPort),
    },
    remotes: Object.fromEntries(
      APPS.filter((app) => app.key !== 'host').map((app) => [
        app.key,
        `${url(settings.ports[app.key])}/mf-manifest.json`,
      ]),
    ),
  };
}

/** How many of a child's last lines its failure quotes: a refused setting names itself there. */
const RECENT_LINES = 8;

/** Spawns a child whose output is printed line by line under its label (unless `quiet`) and whose last lines are kept
 *  (`child.recent`) for the message of its failure. */
function run(command, args, { cwd = ROOT, env = process.env, label, quiet = false }) {
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.recent = [];
  for (const stream of [child.stdout, child.stderr]) {
    let buffered = '';
    stream.on('data', (chunk) => {
      buffered += chunk;
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        if (!line.trim()) continue;
        child.recent.push(line);
        if (child.recent.length > RECENT_LINES) child.recent.shift();
        if (!quiet) console.log(`[${label}] ${line}`);
      }
    });
  }
  return child;
}

function exited(child) {
  if (child.exitCode !== null || child.signalCode !== null)
    return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
}

const interrupted = () => new Error('Start-up interrupted');

/** The release store's settings of a stack: its folder, and the public URL of one remote's releases. */
function releasesOf(settings) {
  const url = (port) => `http://${settings.hostname}:${port}`;
  return {
    store: settings.releaseStore ?? path.join(settings.dataDir, 'releases'),
    base: (app) => settings.releaseBaseUrl ?? `${url(settings.ports[app.key])}/releases`,
  };
}

/** The config a host page gets: config.json with the release store's live pointer applied. An unreadable pointer
 *  (edited by hand) leaves config.json as it is, and says so: pages keep working on the remotes it names. */
function liveConfigOf(fileConfig, releases) {
  try {
    const state = openReleaseStore(releases.store).readState();
    return liveRuntimeConfig(fileConfig, state, {
      apps: APPS.filter((app) => app.key !== 'host'),
      releaseBase: releases.base,
    });
  } catch (error) {
    console.error(`[host] the release store's live pointer could not be read, serving config.json as it is: ${error}`);
    return fileConfig;
  }
}

/** Headers of the host's page: its CSP follows the config the page is about to load. */
function hostPageHeaders(config) {
  return pageSecurityHeaders(contentSecurityPolicy(config));
}

/** Headers of a remote's stand-alone page (its own index.html): its CSP follows the config that page loads. */
function remotePageHeaders(config) {
  return pageSecurityHeaders(standaloneContentSecurityPolicy(config));
}

/**
 * How the static server of one built app is started (all but its port). The host answers its routes with its page,
 * /config.json from the stack's own file (`configFile`, re-read on every request: an operator — or a test — edits it
 * to roll a remote out or back, and two stacks built from one dist/ never share it), and its page's CSP follows that
 * file, and the page carries that file inline (scripts/lib/inline-config.mjs). A remote answers cross-origin (the host
 * page fetches its manifest and chunks), and answers /config.json, which its stand-alone page loads, with the stack's
 * config (`config`, from the stack's settings), never the file its build copied from public/: that one names the
 * default ports, and a page on a stack started on others would send its sign-ins and ID tokens to whatever listens
 * there. That page's CSP follows the same config.
 * `releases` (releasesOf): the host's config follows the release store's live pointer too, read on every request, and
 * each remote serves its releases from the store under /releases/<remote>/.
 * `sourceMaps`: serve the builds' *.map files (SERVE_SOURCE_MAPS=1); otherwise they are 404s.
 */
export function staticServerOptions(app, { dist, configFile, config, sourceMaps = false, releases = null }) {
  if (app.key === 'host') {
    const fileConfig = () => JSON.parse(readFileSync(configFile, 'utf8'));
    const currentConfig = releases ? () => liveConfigOf(fileConfig(), releases) : fileConfig;
    return {
      root: dist,
      sourceMaps,
      spa: true,
      cors: false,
      dynamic: { '/config.json': currentConfig },
      headers: () => hostPageHeaders(currentConfig()),
      // The page carries its config and the remotes' manifests (no round trip of their own) and preconnects to what it
      // will load next.
      html: async (page, { path } = {}) => {
        const config = currentConfig();
        const manifests = await fetchRemoteManifests(remoteManifestUrls(config));
        return inlineRuntimeConfig(page, config, manifests, {
          preloads: signInPreloads(page, path),
        });
      },
    };
  }
  return {
    root: dist,
    sourceMaps,
    spa: false,
    cors: true,
    dynamic: { '/config.json': () => config },
    headers: () => remotePageHeaders(config),
    // Its releases, as the host's config names them (releasesOf): the release store's folder of this remote.
    mounts: releases ? { [`/releases/${app.dir}/`]: path.join(releases.store, app.dir) } : {},
  };
}

/** Production builds of the five apps, one after another (two cores). `signal`: aborting it stops the build under way. */
export async function buildApps({ log = console.log, signal } = {}) {
  for (const app of APPS) {
    if (signal?.aborted) throw interrupted();
    const started = Date.now();
    const child = run(process.execPath, [RSPACK, 'build', '--config', 'rspack.config.ts'], {
      cwd: path.join(ROOT, app.dir),
      env: { ...process.env, NODE_ENV: 'production' },
      label: `build ${app.dir}`,
      quiet: true,
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const abort = () => child.kill('SIGTERM');
    signal?.addEventListener('abort', abort, { once: true });
    const { code } = await exited(child);
    signal?.removeEventListener('abort', abort);
    if (signal?.aborted) throw interrupted();
    if (code !== 0) throw new Error(`Building ${app.dir} failed:\n${output}`);
    log(`[build] ${app.dir} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
}

function portIsFree(port) {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** A port already taken would make a health check answer for someone else's server: refuse early, by name. */
async function assertPortsFree(settings) {
  const wanted = [
    ...APPS.map((app) => [app.portEnv, settings.ports[app.key]]),
    ['API_PORT', settings.apiPort],
    ['USER_POOL_PORT', settings.poolPort],
  ];
  for (const [name, port] of wanted) {
    if (!(await portIsFree(port)))
      throw new Error(`Port ${port} is already in use: stop what runs there or set ${name}`);
  }
}

/** Polls `url` until it answers 200. `check` throws to give up early (a child stopped, start-up was interrupted). */
async function waitFor(url, { timeoutMs = 60_000, check, label }) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    check();
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${label} did not answer at ${url} within ${timeoutMs / 1000} s`);
}

/**
 * Starts everything. `dev`: Rspack dev servers with hot reload instead of built files.
 * `env`: extra environment for the API and the pool (e.g. MARKET_TICK_MS for tests).
 * `dists`: serve another folder than `<app>/dist` for some apps, e.g. `{ host: '/tmp/copy-of-host-dist' }` (the e2e
 * stack serves copies, so a rebuild elsewhere cannot change what it serves mid-run).
 * `signal`: aborting it during start-up stops what has started and rejects.
 * Resolves once every part answers; `stop()` ends them all. Whatever goes wrong ends everything it started: a failed
 * start-up stops the rest before it rejects (a refused setting must not leave the user pool running), and a child that
 * stops on its own afterwards stops the rest, then rejects `died`.
 */
export async function startStack({
  settings = settingsFrom(),
  dev = false,
  build = !dev,
  env = {},
  log = console.log,
  quiet = false,
  dists = {},
  signal,
} = {}) {
  const children = [];
  const servers = [];
  let stopping = null;
  let started = false;
  /** The first child that stopped on its own: start-up gives up with it, or `died` rejects with it. */
  let failure = null;
  let reportDeath;
  const died = new Promise((_, reject) => {
    reportDeath = reject;
  });
  // Whoever holds the stack listens to `died`; one that never does must not crash the process with it.
  died.catch(() => undefined);

  const stop = () => {
    stopping ??= (async () => {
      await Promise.all(servers.map((server) => server.close()));
      await Promise.all(
        children.map(async ({ child }) => {
          if (child.exitCode !== null || child.signalCode !== null) return;
          child.kill('SIGTERM');
          const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
          await exited(child);
          clearTimeout(timer);
        }),
      );
    })();
    return stopping;
  };

  /** Start-up goes on only while every child runs and nobody asked it to stop. */
  const check = () => {
    if (failure) throw failure;
    if (signal?.aborted) throw interrupted();
  };

  const watch = (label, child) => {
    children.push({ label, child });
    exited(child).then(({ code, signal: killedBy }) => {
      if (stopping || failure) return;
      // Printed already unless quiet: then the child's last words (the API's refused setting) travel in the error.
      const said = quiet && child.recent.length ? `:\n${child.recent.join('\n')}` : '';
      failure = new Error(
        `${label} stopped ${started ? 'unexpectedly' : 'while starting'} (${killedBy ?? `exit ${code}`})${said}`,
      );
      if (started) stop().then(() => reportDeath(failure));
    });
    return child;
  };

  const service = (label, args, serviceEnv) =>
    watch(label, run(process.execPath, args, { env: { ...process.env, ...serviceEnv }, label, quiet }));

  try {
    check();
    await assertPortsFree(settings);
    if (build) await buildApps({ log, signal });
    check();
    const url = (port) => `http://${settings.hostname}:${port}`;
    const config = runtimeConfig(settings);
    const configFile = path.join(settings.dataDir, 'host', 'config.json');
    mkdirSync(path.dirname(configFile), { recursive: true });
    writeFileSync(configFile, `${JSON.stringify(config, null, 2)}\n`);

    const poolEntry = path.join(ROOT, 'user-pool', 'src', 'server.ts');
    if (existsSync(poolEntry)) {
      service('user-pool', [TSX, poolEntry], {
        USER_POOL_PORT: String(settings.poolPort),
        USER_POOL_DATA_DIR: path.join(settings.dataDir, 'user-pool'),
        USER_POOL_PUBLIC_URL: url(settings.poolPort),
        // The app's pages call the pool cross-origin (Amplify); no other page may.
        USER_POOL_ALLOWED_ORIGINS: APPS.map((app) => url(settings.ports[app.key])).join(','),
        ...env,
      });
      await waitFor(`${url(settings.poolPort)}/${POOL_ID}/.well-known/jwks.json`, { check, label: 'user pool' });
    } else {
      log('[start] user-pool/src/server.ts is missing: signing in will not work');
    }

    check();
    const opsToken = env.OPS_TOKEN ?? process.env.OPS_TOKEN ?? ensureOpsToken(settings.dataDir);
    service('api', [TSX, path.join(ROOT, 'api', 'src', 'server.ts')], {
      // Operators read remote health with it (`npm run remote -- status`).
      OPS_TOKEN: opsToken,
      PORT: String(settings.apiPort),
      API_DATA_DIR: path.join(settings.dataDir, 'api'),
      AUTH_ISSUER: `${url(settings.poolPort)}/${POOL_ID}`,
      AUTH_CLIENT_ID: CLIENT_ID,
      CORS_ORIGINS: APPS.map((app) => url(settings.ports[app.key])).join(','),
      // The canary watch rolls a failing canary back in the same store the host reads.
      RELEASE_STORE: releasesOf(settings).store,
      ...env,
    });
    await waitFor(`${url(settings.apiPort)}/health`, { check, label: 'API' });

    for (const app of APPS) {
      check();
      const port = settings.ports[app.key];
      const dir = path.join(ROOT, app.dir);
      if (dev) {
        watch(
          app.dir,
          run(process.execPath, [RSPACK, 'serve', '--config', 'rspack.config.ts'], {
            cwd: dir,
            env: {
              ...process.env,
              NODE_ENV: 'development',
              [app.portEnv]: String(port),
              BULLPEN_RUNTIME_CONFIG: JSON.stringify(config),
            },
            label: app.dir,
            quiet,
          }),
        );
        await waitFor(`${url(port)}/`, { check, label: app.dir, timeoutMs: 120_000 });
      } else {
        const dist = dists[app.key] ?? path.join(dir, 'dist');
        if (!existsSync(path.join(dist, 'index.html')))
          throw new Error(`${dist} is missing: build first (npm start builds)`);
        const options = staticServerOptions(app, {
          dist,
          configFile,
          config,
          sourceMaps: settings.sourceMaps,
          releases: releasesOf(settings),
        });
        servers.push(await createStaticServer({ ...options, port, host: '127.0.0.1' }));
      }
    }

    const urls = {
      app: url(settings.ports.host),
      api: url(settings.apiPort),
      pool: url(settings.poolPort),
      outbox: `${url(settings.poolPort)}/outbox`,
      remotes: config.remotes,
    };
    // Resolves once the static servers have made the brotli copies of the pages they rewrite (files come compressed
    // from the build); a benchmark's warm-up waits for it.
    const compressed = () => Promise.all(servers.map((server) => server.compressed())).then(() => undefined);
    check();
    started = true;
    // What runs, by label and process id (a test stops one to see the rest follow).
    const processes = children.map(({ label, child }) => ({ label, pid: child.pid }));
    return {
      urls,
      config,
      configFile,
      settings,
      releaseStore: releasesOf(settings).store,
      opsToken,
      stop,
      compressed,
      died,
      processes,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
