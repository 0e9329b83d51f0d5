// The operators' token: what lets `npm run remote -- status` read remote health from the API (GET
// /telemetry/remote-health answers operators only). In production OPS_TOKEN is set for the API and given to whoever
// operates; locally `npm start` draws one the first time and keeps it beside the stack's data, readable by its owner
// only, where the command finds it.
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const FILE = 'ops-token';

const readToken = (file) => {
  try {
    return readFileSync(file, 'utf8').trim() || null;
  } catch (error) {
    if (error.code === 'ENOENT') return null;
    throw error;
  }
};

/** The stack's token under `dataDir`, drawn and written (mode 600) the first time. */
export function ensureOpsToken(dataDir) {
  const file = path.join(dataDir, FILE);
  const kept = readToken(file);
  if (kept) return kept;
  const token = randomBytes(32).toString('base64url');
  try {
    writeFileSync(file, `${token}\n`, { mode: 0o600, flag: 'wx' });
    return token;
  } catch (error) {
    // Two starts at once: the first one's token is the token.
    if (error.code === 'EEXIST') return readToken(file);
    throw error;
  }
}

/** The token an operator's command sends: OPS_TOKEN, else the local stack's (under DATA_DIR, default ./.data). */
export function operatorsToken(env, root) {
  return env.OPS_TOKEN || readToken(path.join(env.DATA_DIR || path.join(root, '.data'), FILE));
}
