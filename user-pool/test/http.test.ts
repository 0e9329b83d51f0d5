import { CLIENT_ID, latestCode, newPhone, PASSWORD, startTestPool, type TestPool } from './helpers';

let pool: TestPool;

beforeAll(async () => {
  pool = await startTestPool();
});

afterAll(async () => {
  await pool.stop();
});

const target = (operation: string) => `AWSCognitoIdentityProviderService.${operation}`;

test('CORS preflights from local apps are answered with the headers Amplify sends and reads', async () => {
  const response = await fetch(pool.url, {
    method: 'OPTIONS',
    headers: {
      origin: 'http://localhost:3001',
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'content-type,x-amz-target,x-amz-user-agent',
    },
  });
  expect(response.status).toBe(204);
  expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:3001');
  const allowed = response.headers.get('access-control-allow-headers') ?? '';
  for (const header of [
    'content-type',
    'x-amz-target',
    'x-amz-user-agent',
    'cache-control',
    'amz-sdk-invocation-id',
    'amz-sdk-request',
  ]) {
    expect(allowed).toContain(header);
  }
  expect(response.headers.get('access-control-expose-headers')).toContain('x-amzn-errortype');
});

test('other origins get no CORS headers', async () => {
  const response = await fetch(pool.url, { method: 'OPTIONS', headers: { origin: 'https://evil.example' } });
  expect(response.headers.get('access-control-allow-origin')).toBeNull();
});

test('errors carry the exception name in the body and in x-amzn-errortype', async () => {
  const response = await fetch(pool.url, {
    method: 'POST',
    headers: {
      'x-amz-target': target('ForgotPassword'),
      'content-type': 'text/plain',
      origin: 'http://127.0.0.1:3000',
    },
    body: JSON.stringify({ ClientId: CLIENT_ID, Username: newPhone() }),
  });
  expect(response.status).toBe(400);
  expect(response.headers.get('content-type')).toBe('application/x-amz-json-1.1');
  expect(response.headers.get('x-amzn-errortype')).toBe('UserNotFoundException');
  expect(response.headers.get('x-amzn-requestid')).toEqual(expect.any(String));
  expect(response.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:3000');
  expect(await response.json()).toEqual({
    __type: 'UserNotFoundException',
    message: 'Username/client id combination not found.',
  });
});

test('unknown operations and bad JSON are refused', async () => {
  const unknown = await fetch(pool.url, {
    method: 'POST',
    headers: { 'x-amz-target': target('DeleteEverything') },
    body: '{}',
  });
  expect(unknown.status).toBe(400);
  expect((await unknown.json()).__type).toBe('UnknownOperationException');
  const bad = await fetch(pool.url, { method: 'POST', headers: { 'x-amz-target': target('SignUp') }, body: '{nope' });
  expect((await bad.json()).__type).toBe('SerializationException');
});

test('the outbox page lists codes newest first and refreshes itself', async () => {
  const phone = newPhone();
  for (const _ of [1, 2]) {
    await fetch(pool.url, {
      method: 'POST',
      headers: { 'x-amz-target': target(_ === 1 ? 'SignUp' : 'ResendConfirmationCode') },
      body: JSON.stringify({ ClientId: CLIENT_ID, Username: phone, Password: PASSWORD }),
    });
  }
  const entries = await (await fetch(`${pool.url}/outbox.json?phone=${encodeURIComponent(phone)}`)).json();
  expect(entries).toHaveLength(2);
  expect(entries[0]).toEqual({
    phone,
    code: await latestCode(pool.url, phone, 'sign-up'),
    purpose: 'sign-up',
    createdAt: expect.any(String),
  });
  const page = await fetch(`${pool.url}/outbox`);
  expect(page.headers.get('content-type')).toContain('text/html');
  const html = await page.text();
  expect(html).toContain('http-equiv="refresh"');
  const newest = html.indexOf(entries[0].code);
  expect(newest).toBeGreaterThan(-1);
  expect(newest).toBeLessThanOrEqual(html.indexOf(entries[1].code));
});
