// The operators' token (scripts/lib/ops-token.mjs): the local stack draws one and keeps it for its owner only, and
// `npm run remote -- status` sends it, so the API's read of remote health answers operators and nobody else.
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureOpsToken, operatorsToken } from '../lib/ops-token.mjs';

let dir;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'bullpen-ops-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

test('the stack draws a token once, readable by its owner only, and keeps it across starts', () => {
  const token = ensureOpsToken(dir);
  expect(token).toMatch(/^[\w-]{43}$/);
  expect(statSync(path.join(dir, 'ops-token')).mode & 0o777).toBe(0o600);
  expect(ensureOpsToken(dir)).toBe(token);
});

test('a command sends OPS_TOKEN when set, else the local stack’s under DATA_DIR, else none', () => {
  writeFileSync(path.join(dir, 'ops-token'), 'kept-token\n');
  expect(operatorsToken({ OPS_TOKEN: 'set-token', DATA_DIR: dir }, '/nowhere')).toBe('set-token');
  expect(operatorsToken({ DATA_DIR: dir }, '/nowhere')).toBe('kept-token');
  expect(operatorsToken({ DATA_DIR: path.join(dir, 'missing') }, '/nowhere')).toBeNull();
});
