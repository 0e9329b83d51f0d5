// Builds and starts the whole stack once for every journey, on its own ports (E2E_PORT_BASE, default 3100) and its
// own data folder, so it never collides with an `npm start` on 3000-3004/4000/9229.
// E2E_BASE_URL=http://localhost:3000 reuses a stack that is already running instead (nothing is built or started).
import { cp, mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { APPS, buildApps, ROOT, runtimeConfig, startStack } from '../scripts/lib/stack.mjs';
import { contestTiming, E2E_ADMIN_PHONE, E2E_CANARY_ENV, E2E_CONTEST_ENV, e2eSettings } from './settings.mjs';

export default async function globalSetup() {
  if (process.env.E2E_BASE_URL) {
    const base = process.env.E2E_BASE_URL.replace(/\/+$/, '');
    const config = await (await fetch(`${base}/config.json`)).json();
    process.env.E2E_STACK = JSON.stringify({
      app: base,
      api: config.apiHost,
      pool: config.auth.userPoolEndpoint,
      config,
      owned: false,
      // A borrowed stack runs the development defaults (api/src/config.ts).
      contest: contestTiming({ CONTEST_MIN_LEAD_S: '30', CONTEST_MIN_DURATION_S: '120', MARKET_TICK_MS: '5000' }),
    });
    return;
  }
  const settings = e2eSettings();
  await rm(settings.dataDir, { recursive: true, force: true });
  const started = Date.now();
  if (process.env.E2E_SKIP_BUILD !== '1') await buildApps({ log: () => undefined });
  // Serve copies of the builds: a rebuild in the working tree (or a journey editing config.json) then never
  // changes what another run serves.
  const served = path.join(ROOT, '.e2e-artifacts', `stack-${settings.ports.host}`);
  await rm(served, { recursive: true, force: true });
  await mkdir(served, { recursive: true });
  const dists = {};
  for (const app of APPS) {
    dists[app.key] = path.join(served, app.dir);
    await cp(path.join(ROOT, app.dir, 'dist'), dists[app.key], { recursive: true });
  }
  const stack = await startStack({
    settings,
    build: false,
    dists,
    quiet: process.env.E2E_VERBOSE !== '1',
    log: () => undefined,
    // MFA optional (the product runs it off): a user who turns a second step on meets the Authenticator's code screens.
    // Every journey signs in from 127.0.0.1, hundreds of new users in minutes and the same few again for each screen:
    // the pool's limits on sign-ins per address and per user (its own tests prove them) would refuse them.
    env: {
      USER_POOL_ADMINS: E2E_ADMIN_PHONE,
      USER_POOL_MFA: 'OPTIONAL',
      USER_POOL_ADDRESS_SIGN_IN_BURST: '1000000',
      USER_POOL_USER_SIGN_IN_BURST: '1000000',
      ...E2E_CONTEST_ENV,
      ...E2E_CANARY_ENV,
    },
  });
  globalThis.__BULLPEN_E2E_STACK__ = stack;
  process.env.E2E_STACK = JSON.stringify({
    app: stack.urls.app,
    api: stack.urls.api,
    pool: stack.urls.pool,
    config: runtimeConfig(settings),
    owned: true,
    hostDist: dists.host,
    // The host answers /config.json from this file, re-read on every request: edit it to roll a remote out or back.
    configFile: path.join(settings.dataDir, 'host', 'config.json'),
    // `npm run remote -- … ` with RELEASE_STORE set to this changes what this stack serves (e2e/rollouts.test.ts).
    releaseStore: stack.releaseStore,
    // What `npm run remote -- status` sends to read remote health (operators only).
    opsToken: stack.opsToken,
    ports: settings.ports,
    spareBase: settings.spareBase,
    // Where this stack keeps its data, emptied at every start: servers a journey starts keep theirs under it.
    dataDir: settings.dataDir,
    adminPhone: E2E_ADMIN_PHONE,
    contest: contestTiming(),
  });
  console.log(`\n[e2e] stack up at ${stack.urls.app} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}
