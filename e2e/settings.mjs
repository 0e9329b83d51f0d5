// The e2e stack's ports: E2E_PORT_BASE + 0..4 for host and remotes, +5 API, +6 user pool, +7..9 spare for tests
// that start servers of their own (a second build of a remote, say).
import path from 'node:path';
import { APPS, ROOT } from '../scripts/lib/stack.mjs';

export function e2eSettings(env = process.env) {
  const base = Number(env.E2E_PORT_BASE ?? 3100);
  if (!Number.isInteger(base) || base < 1024 || base > 65_000)
    throw new Error(`Invalid E2E_PORT_BASE="${env.E2E_PORT_BASE}"`);
  return {
    ports: Object.fromEntries(APPS.map((app, index) => [app.key, base + index])),
    apiPort: base + 5,
    poolPort: base + 6,
    spareBase: base + 7,
    dataDir: path.resolve(env.E2E_DATA_DIR ?? path.join(ROOT, '.data', 'e2e')),
    hostname: 'localhost',
    sourceMaps: false,
  };
}

/** The e2e stack's pool adds this number to its "admins" group when it confirms (USER_POOL_ADMINS). */
export const E2E_ADMIN_PHONE = '+15550000100';

/** The contest rules the e2e stack's API runs with: journeys that wait for a contest to start and
 *  end wait seconds, not the development defaults' 30 s lead, 2-minute minimum and 5 s tick. */
export const E2E_CONTEST_ENV = { CONTEST_MIN_LEAD_S: '5', CONTEST_MIN_DURATION_S: '30', MARKET_TICK_MS: '2000' };

/** The canary watch of the e2e stack's API looks every second and judges a canary after a handful of views from a
 *  few distinct users, where production waits for 200 views and 5 users (api/src/config.ts): a journey cannot load 200
 *  pages. Every journey's browser comes from 127.0.0.1, so the health passes one address may be issued are not
 *  bounded here (the API's tests prove the bound). */
export const E2E_CANARY_ENV = {
  CANARY_CHECK_MS: '1000',
  CANARY_MIN_VIEWS: '4',
  CANARY_MIN_FAILING_REPORTERS: '3',
  HEALTH_PASSES_PER_HOUR: '1000000',
};

/** The same, in milliseconds, for the journeys (E2E_STACK.contest); a borrowed stack has the development defaults. */
export function contestTiming(env = E2E_CONTEST_ENV) {
  return {
    minLeadMs: Number(env.CONTEST_MIN_LEAD_S) * 1000,
    minDurationMs: Number(env.CONTEST_MIN_DURATION_S) * 1000,
    tickMs: Number(env.MARKET_TICK_MS),
  };
}
