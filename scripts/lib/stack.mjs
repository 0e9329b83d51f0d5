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
import { fetchRemoteManifests } from './remote-manifests.mjs';
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

/** Ports and folders from the environment, each with its local default (README, Configuration). */
export function settingsFrom(env = process.env) {
  const ports = Object.fromEntries(APPS.map((app) => [app.key, numberFrom(env, app.portEnv, app.port)]));
  return {
    ports,
    apiPort: numberFrom(env, 'API_PORT', 4000),
    poolPort: numberFrom(env, 'USER_POOL_PORT', 9229),
    dataDir: path.resolve(env.DATA_DIR ?? path.join(ROOT, '.data')),
    hostname: env.PUBLIC_HOSTNAME ?? 'localhost',
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

function prefixed(child, label) {
  for (const stream of [child.stdout, child.stderr]) {
    let buffered = '';
    stream?.on('data', (chunk) => {
      buffered += chunk;
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) if (line.trim()) console.log(`[${label}] ${line}`);
    });
  }
}

function run(command, args, { cwd = ROOT, env = process.env, label, quiet = false }) {
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  if (!quiet) prefixed(child, label);
  return child;
}

function exited(child) {
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
}

/** Headers of the host's page: its CSP follows the config the page is about to load. */
function hostPageHeaders(config) {
  return pageSecurityHeaders(contentSecurityPolicy(config));
}

/** Headers of a remote's stand-alone page (its own index.html): its CSP follows the config.json that page loads, the
 *  one its dist/ serves on its own origin (`fallback`, the stack's, while that file is missing or unreadable). */
function remotePageHeaders(dist, fallback) {
  let config = fallback;
  try {
    config = JSON.parse(readFileSync(path.join(dist, 'config.json'), 'utf8'));
  } catch {
    // No config.json of its own: the page cannot start, and the stack's config is the nearest truth.
  }
  return pageSecurityHeaders(standaloneContentSecurityPolicy(config));
}

/**
 * How the static server of one built app is started (all but its port). The host answers its routes with its page,
 * /config.json from the stack's own file (`configFile`, re-read on every request: an operator — or a test — edits it
 * to roll a remote out or back, and two stacks built from one dist/ never share it), and its page's CSP follows that
 * file, and the page carries that file inline (scripts/lib/inline-config.mjs). A remote answers cross-origin (the host page fetches its manifest and chunks), and its stand-alone page's CSP
 * follows the config.json of its own dist/, the one that page loads (`config`, the stack's, when it has none).
 */
export function staticServerOptions(app, { dist, configFile, config }) {
  if (app.key === 'host') {
    const currentConfig = () => JSON.parse(readFileSync(configFile, 'utf8'));
    return {
      root: dist,
      spa: true,
      cors: false,
      dynamic: { '/config.json': currentConfig },
      headers: () => hostPageHeaders(currentConfig()),
      // The page carries its config and the remotes' manifests (no round trip of their own) and preconnects to what it
      // will load next.
      html: async (page) => {
        const config = currentConfig();
        return inlineRuntimeConfig(page, config, await fetchRemoteManifests(config.remotes));
      },
    };
  }
  return { root: dist, spa: false, cors: true, dynamic: {}, headers: () => remotePageHeaders(dist, config) };
}

/** Production builds of the five apps, one after another (two cores). */
export async function buildApps({ log = console.log } = {}) {
  for (const app of APPS) {
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
    const { code } = await exited(child);
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

async function waitFor(url, { timeoutMs = 60_000, child, label }) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`${label} stopped while starting (exit ${child.exitCode})`);
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
 * Resolves once every part answers; `stop()` ends them all.
 */
export async function startStack({
  settings = settingsFrom(),
  dev = false,
  build = !dev,
  env = {},
  log = console.log,
  quiet = false,
  dists = {},
} = {}) {
  const children = [];
  const servers = [];
  let stopping = false;
  const stop = async () => {
    stopping = true;
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
  };
  const deaths = [];

  const service = (label, args, serviceEnv) => {
    const child = run(process.execPath, args, { env: { ...process.env, ...serviceEnv }, label, quiet });
    children.push({ label, child });
    deaths.push(
      exited(child).then(({ code, signal }) => {
        if (!stopping) throw new Error(`${label} stopped unexpectedly (${signal ?? `exit ${code}`})`);
      }),
    );
    return child;
  };

  try {
    await assertPortsFree(settings);
    if (build) await buildApps({ log });
    const url = (port) => `http://${settings.hostname}:${port}`;
    const config = runtimeConfig(settings);
    const configFile = path.join(settings.dataDir, 'host', 'config.json');
    mkdirSync(path.dirname(configFile), { recursive: true });
    writeFileSync(configFile, `${JSON.stringify(config, null, 2)}\n`);

    const poolEntry = path.join(ROOT, 'user-pool', 'src', 'server.ts');
    if (existsSync(poolEntry)) {
      const pool = service('user-pool', [TSX, poolEntry], {
        USER_POOL_PORT: String(settings.poolPort),
        USER_POOL_DATA_DIR: path.join(settings.dataDir, 'user-pool'),
        USER_POOL_PUBLIC_URL: url(settings.poolPort),
        // The app's pages call the pool cross-origin (Amplify); no other page may.
        USER_POOL_ALLOWED_ORIGINS: APPS.map((app) => url(settings.ports[app.key])).join(','),
        ...env,
      });
      await waitFor(`${url(settings.poolPort)}/${POOL_ID}/.well-known/jwks.json`, { child: pool, label: 'user pool' });
    } else {
      log('[start] user-pool/src/server.ts is missing: signing in will not work');
    }

    const api = service('api', [TSX, path.join(ROOT, 'api', 'src', 'server.ts')], {
      PORT: String(settings.apiPort),
      API_DATA_DIR: path.join(settings.dataDir, 'api'),
      AUTH_ISSUER: `${url(settings.poolPort)}/${POOL_ID}`,
      AUTH_CLIENT_ID: CLIENT_ID,
      CORS_ORIGINS: APPS.map((app) => url(settings.ports[app.key])).join(','),
      ...env,
    });
    await waitFor(`${url(settings.apiPort)}/health`, { child: api, label: 'API' });

    for (const app of APPS) {
      const port = settings.ports[app.key];
      const dir = path.join(ROOT, app.dir);
      if (dev) {
        const child = run(process.execPath, [RSPACK, 'serve', '--config', 'rspack.config.ts'], {
          cwd: dir,
          env: {
            ...process.env,
            NODE_ENV: 'development',
            [app.portEnv]: String(port),
            BULLPEN_RUNTIME_CONFIG: JSON.stringify(config),
          },
          label: app.dir,
          quiet,
        });
        children.push({ label: app.dir, child });
        await waitFor(`${url(port)}/`, { child, label: app.dir, timeoutMs: 120_000 });
      } else {
        const dist = dists[app.key] ?? path.join(dir, 'dist');
        if (!existsSync(path.join(dist, 'index.html')))
          throw new Error(`${dist} is missing: build first (npm start builds)`);
        const options = staticServerOptions(app, { dist, configFile, config });
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
    // Resolves once the static servers have made the brotli copies under way (a benchmark's warm-up waits for it).
    const compressed = () => Promise.all(servers.map((server) => server.compressed())).then(() => undefined);
    return { urls, config, configFile, settings, stop, compressed, died: Promise.race(deaths) };
  } catch (error) {
    await stop();
    throw error;
  }
}
