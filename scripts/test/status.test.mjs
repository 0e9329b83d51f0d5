// `npm run remote -- status` against a running stack: it reads remote health with the operators' token, and says
// loudly when the host serves another pointer than the store it reads (another store is another stack).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { main } from '../remote.mjs';

let dir;
let server;
let url;
let served;
const tokens = [];

beforeAll(async () => {
  // The API's read side (operators only) and the host's config.json, on one port.
  server = http.createServer((request, response) => {
    const json = (status, body) =>
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (request.url === '/config.json') return json(200, { apiHost: url, remotes: {}, ...served });
    tokens.push(request.headers.authorization ?? null);
    if (request.headers.authorization !== 'Bearer right-token') return json(401, { errMessage: 'Unauthorized' });
    return json(200, {
      minutes: 60,
      windowMinutes: 10,
      releases: [{ remote: 'contests', release: 'base', views: 40, loadFailures: 1, errors: 1, failingReporters: 2 }],
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${server.address().port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'bullpen-status-'));
  served = {};
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

async function status(env, args = []) {
  const lines = [];
  const code = await main(['status', ...args], {
    env: { API_URL: url, HOST_URL: url, ...env },
    print: (line) => lines.push(line),
    printError: (line) => lines.push(line),
  });
  return { code, text: lines.join('\n') };
}

/** A store under `<dir>/releases` whose pointer puts remote-contests' 1.0.1-x live. */
function storeWithRelease(data) {
  mkdirSync(path.join(data, 'releases'), { recursive: true });
  writeFileSync(
    path.join(data, 'releases', 'live.json'),
    JSON.stringify({ remotes: { 'remote-contests': { live: '1.0.1-x', previous: [null], canary: null } } }),
  );
}

test('reads health with the local stack’s token', async () => {
  writeFileSync(path.join(dir, 'ops-token'), 'right-token\n');
  const { code, text } = await status({ DATA_DIR: dir });
  expect(code).toBe(0);
  expect(tokens.at(-1)).toBe('Bearer right-token');
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

test('finds the store under DATA_DIR, as the stack does', async () => {
  storeWithRelease(dir);
  served = { releases: { contests: { live: '1.0.1-x' } } };
  const { text } = await status({ DATA_DIR: dir });
  expect(text).toContain(`Release store: ${path.join(dir, 'releases')}`);
  expect(text).toContain('live     1.0.1-x');
  expect(text).not.toContain('WARNING');
});

test('warns when the host serves another pointer than this store says', async () => {
  storeWithRelease(dir);
  // The running stack reads another store: its host still serves remote-contests' own build.
  const { code, text } = await status({ DATA_DIR: dir });
  expect(code).toBe(0);
  expect(text).toContain(`WARNING: the host at ${url} does not serve what this store says.`);
  expect(text).toContain('remote-contests: the host serves base');
  const json = JSON.parse((await status({ DATA_DIR: dir }, ['--json'])).text);
  expect(json.remotes.find((remote) => remote.remote === 'remote-contests')).toMatchObject({
    live: '1.0.1-x',
    hostServes: 'base',
    matchesHost: false,
  });
});
