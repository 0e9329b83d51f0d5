// The e2e stack's ports: E2E_PORT_BASE + 0..4 for host and remotes, +5 API, +6 user pool, +7..9 spare for tests
// that start servers of their own (a second build of a remote, say).
import path from 'node:path';
import { APPS, ROOT } from '../scripts/lib/stack.mjs';

export function e2eSettings(env = process.env) {
  const base = Number(env.E2E_PORT_BASE ?? 3100);
  if (!Number.isInteger(base) || base < 1024 || base > 65_000) throw new Error(`Invalid E2E_PORT_BASE="${env.E2E_PORT_BASE}"`);
  return {
    ports: Object.fromEntries(APPS.map((app, index) => [app.key, base + index])),
    apiPort: base + 5,
    poolPort: base + 6,
    spareBase: base + 7,
    dataDir: path.resolve(env.E2E_DATA_DIR ?? path.join(ROOT, '.data', 'e2e')),
    hostname: 'localhost',
  };
}

/** The e2e stack's pool adds this number to its "admins" group when it confirms (USER_POOL_ADMINS). */
export const E2E_ADMIN_PHONE = '+15550000100';
