// The operators' token (scripts/lib/ops-token.mjs): the local stack draws one and keeps it for its owner only, and
// `npm run remote -- status` sends it, so the API's read of remote health answers operators and nobody else.
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { ensureOpsToken, operatorsToken } from '../lib/ops-token.mjs';
import { main } from '../remote.mjs';

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

describe('status', () => {
  let server;
  let apiUrl;
  const seen = [];
  beforeAll(async () => {
    // The API's read side as it answers: operators only.
    server = http.createServer((request, response) => {
      seen.push(request.headers.authorization ?? null);
      if (request.headers.authorization !== 'Bearer right-token') {
        response
          .writeHead(401, { 'content-type': 'application/json' })
          .end('{"errMessage":"Unauthorized","errors":[]}');
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          minutes: 60,
          windowMinutes: 10,
          releases: [
            { remote: 'contests', release: 'base', views: 40, loadFailures: 1, errors: 1, failingReporters: 2 },
          ],
        }),
      );
    });
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    apiUrl = `http://127.0.0.1:${server.address().port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const status = async (env) => {
    const lines = [];
    const code = await main(['status', '--store', path.join(dir, 'releases')], {
      env: { API_URL: apiUrl, ...env },
      print: (line) => lines.push(line),
      printError: (line) => lines.push(line),
    });
    return { code, text: lines.join('\n') };
  };

  test('reads health with the local stack’s token', async () => {
    writeFileSync(path.join(dir, 'ops-token'), 'right-token\n');
    const { code, text } = await status({ DATA_DIR: dir });
    expect(code).toBe(0);
    expect(seen.at(-1)).toBe('Bearer right-token');
    expect(text).toContain(
      'health   base: 40 views, 50 errors per 1,000 views (1 failed loads, 1 errors; 2 users or browsers met one)',
    );
  });

  test('says the token was refused, rather than that there is no traffic', async () => {
    const { code, text } = await status({ DATA_DIR: dir, OPS_TOKEN: 'wrong-token' });
    expect(code).toBe(0);
    expect(text).toContain('health   the API refused the operators’ token (OPS_TOKEN)');
    expect(text).not.toContain('no page views');
  });
});
