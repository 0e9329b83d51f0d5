import { request } from 'node:http';
import { parseOrigins } from '../src/settings';
import { callPool, CLIENT_ID, latestCode, newPhone, PASSWORD, POOL_ID, startTestPool, type TestPool } from './helpers';

// A page on a rebinding domain (its name first resolving to the attacker, then to 127.0.0.1) reaches the pool from
// loopback, with its own name in Host and its own origin: both must be refused, as dev servers do.

const APP_ORIGIN = 'http://localhost:3001';
let pool: TestPool;

beforeAll(async () => {
  pool = await startTestPool({ allowedOrigins: [APP_ORIGIN], publicUrl: 'http://bullpen.test:9229' });
});

afterAll(async () => {
  await pool.stop();
});

/** node:http, since fetch does not let a caller choose the Host header. */
function raw(
  path: string,
  {
    method = 'GET',
    headers = {},
    body,
    noHost = false,
  }: { method?: string; headers?: Record<string, string>; body?: string; noHost?: boolean },
) {
  const url = new URL(path, pool.url);
  return new Promise<{ status: number; headers: Record<string, unknown>; text: string }>((resolve, reject) => {
    const outgoing = request(
      // With setHost false and no host header the request carries no Host at all.
      { host: url.hostname, port: url.port, path: url.pathname + url.search, method, headers, setHost: !noHost },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text }));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

const operation = (name: string, body: unknown, headers: Record<string, string>) =>
  raw('/', {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${name}`,
      ...headers,
    },
    body: JSON.stringify(body),
  });

async function confirmedUser(): Promise<string> {
  const phone = newPhone();
  await callPool(pool.url, 'SignUp', { ClientId: CLIENT_ID, Username: phone, Password: PASSWORD });
  const ConfirmationCode = await latestCode(pool.url, phone, 'sign-up');
  await callPool(pool.url, 'ConfirmSignUp', { ClientId: CLIENT_ID, Username: phone, ConfirmationCode });
  return phone;
}

test('a rebinding name in Host gets neither the outbox nor an admin operation', async () => {
  const phone = await confirmedUser();
  const rebind = { host: 'rebind.example:9229', origin: 'http://rebind.example:9229' };
  for (const path of ['/outbox.json', '/outbox', `/outbox.json?phone=${encodeURIComponent(phone)}`, '/health']) {
    const answer = await raw(path, { headers: rebind });
    expect({ path, status: answer.status }).toEqual({ path, status: 403 });
    expect(answer.text).not.toContain(phone);
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
  }
  const added = await operation(
    'AdminAddUserToGroup',
    { UserPoolId: POOL_ID, Username: phone, GroupName: 'admins' },
    {
      host: 'rebind.example:9229',
    },
  );
  expect(added.status).toBe(403);
  expect(JSON.parse(added.text).__type).toBe('AccessDeniedException');
  const groups = await callPool(pool.url, 'AdminListGroupsForUser', { UserPoolId: POOL_ID, Username: phone });
  expect(groups.body.Groups).toEqual([]);
});

test('any Host that is not the pool’s own name is refused, a missing one too', async () => {
  for (const host of [
    'evil.example',
    'localhost.evil.example',
    '127.0.0.1.nip.io:9229',
    'bullpen.test.evil',
    '0.0.0.0',
  ]) {
    const answer = await raw('/health', { headers: { host } });
    expect({ host, status: answer.status }).toEqual({ host, status: 403 });
  }
  // Node's server refuses an HTTP/1.1 request without Host itself (400); the pool would (403) if it did not.
  expect([400, 403]).toContain((await raw('/health', { noHost: true })).status);
});

test('the pool’s own names are answered: localhost, loopback addresses and the public name, any port', async () => {
  for (const host of [
    'localhost:9229',
    'LOCALHOST',
    '127.0.0.1:1',
    '[::1]:9229',
    'bullpen.test:9229',
    'bullpen.test',
  ]) {
    const answer = await raw('/health', { headers: { host } });
    expect({ host, status: answer.status }).toEqual({ host, status: 200 });
  }
});

test('Node callers without an Origin (the e2e helpers, tests) are answered as before', async () => {
  const phone = newPhone();
  const signedUp = await operation('SignUp', { ClientId: CLIENT_ID, Username: phone, Password: PASSWORD }, {});
  expect(signedUp.status).toBe(200);
  const entries = await raw(`/outbox.json?phone=${encodeURIComponent(phone)}`, {});
  expect(JSON.parse(entries.text)).toHaveLength(1);
});

test('only the app’s origins get CORS headers; a page on any other origin is refused', async () => {
  const preflight = {
    method: 'OPTIONS',
    headers: { 'access-control-request-method': 'POST', 'access-control-request-headers': 'x-amz-target' },
  };
  const allowed = await raw('/', { ...preflight, headers: { ...preflight.headers, origin: APP_ORIGIN } });
  expect(allowed.status).toBe(204);
  expect(allowed.headers['access-control-allow-origin']).toBe(APP_ORIGIN);
  for (const origin of ['http://localhost:5555', 'http://127.0.0.1:3001', 'https://localhost:3001', 'null']) {
    const refused = await raw('/', { ...preflight, headers: { ...preflight.headers, origin } });
    expect({ origin, status: refused.status }).toEqual({ origin, status: 403 });
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
    const call = await operation(
      'SignUp',
      { ClientId: CLIENT_ID, Username: newPhone(), Password: PASSWORD },
      {
        origin,
      },
    );
    expect({ origin, status: call.status }).toEqual({ origin, status: 403 });
    const outbox = await raw('/outbox.json', { headers: { origin } });
    expect({ origin, status: outbox.status }).toEqual({ origin, status: 403 });
  }
  const call = await operation(
    'SignUp',
    { ClientId: CLIENT_ID, Username: newPhone(), Password: PASSWORD },
    {
      origin: APP_ORIGIN,
    },
  );
  expect(call.status).toBe(200);
  expect(call.headers['access-control-allow-origin']).toBe(APP_ORIGIN);
});

test('the pool’s own pages (same origin) are answered', async () => {
  const port = new URL(pool.url).port;
  const answer = await raw('/outbox.json', {
    headers: { host: `localhost:${port}`, origin: `http://localhost:${port}` },
  });
  expect(answer.status).toBe(200);
});

test('USER_POOL_ALLOWED_ORIGINS takes comma-separated origins; anything else stops start-up', () => {
  expect(parseOrigins(undefined)).toEqual([]);
  expect(parseOrigins(' http://localhost:3000, http://Localhost:3001/ ,,https://app.example ')).toEqual([
    'http://localhost:3000',
    'http://localhost:3001',
    'https://app.example',
  ]);
  for (const bad of ['localhost:3000', 'http://localhost:3000/path', 'ftp://x.example', '*', 'http://a.example?x=1']) {
    expect(() => parseOrigins(bad)).toThrow(/USER_POOL_ALLOWED_ORIGINS must list origins/);
  }
});
