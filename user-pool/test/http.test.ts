import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHandler } from '../src/http';
import { isLoopbackAddress } from '../src/loopback';
import { isAdminOperation, operations } from '../src/operations';
import { callPool, CLIENT_ID, latestCode, newPhone, PASSWORD, POOL_ID, useTestPool } from './helpers';

const pool = useTestPool({ allowedOrigins: ['http://localhost:3001', 'http://127.0.0.1:3000'] });

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

test('the outbox page may load nothing but its own style, and no page may frame it', async () => {
  const page = await fetch(`${pool.url}/outbox`);
  const html = await page.text();
  const policy = page.headers.get('content-security-policy') ?? '';
  const directives = new Map(
    policy.split(';').map((part) => {
      const [name, ...sources] = part.trim().split(/\s+/);
      return [name, sources] as const;
    }),
  );
  expect(directives.get('default-src')).toEqual(["'none'"]);
  expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
  expect(directives.get('base-uri')).toEqual(["'none'"]);
  expect(directives.get('form-action')).toEqual(["'none'"]);
  // Its one <style> block, by hash: no inline style or script of anyone else's runs.
  const style = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';
  expect(directives.get('style-src')).toEqual([`'sha256-${createHash('sha256').update(style).digest('base64')}'`]);
  expect(directives.has('script-src')).toBe(false);
  expect(policy).not.toContain('unsafe');
  expect(page.headers.get('x-frame-options')).toBe('DENY');
  expect(page.headers.get('x-content-type-options')).toBe('nosniff');
});

// Object.prototype's names: a lookup on a plain object finds them, and `constructor` could dump the whole state.
const PROTOTYPE_NAMES = [
  'constructor',
  'toString',
  'hasOwnProperty',
  'valueOf',
  '__proto__',
  'isPrototypeOf',
  'propertyIsEnumerable',
  'toLocaleString',
  '__defineGetter__',
  '__lookupSetter__',
];

test('names of Object.prototype are unknown operations, answered like any other unknown name', async () => {
  const phone = newPhone();
  await fetch(pool.url, {
    method: 'POST',
    headers: { 'x-amz-target': target('SignUp') },
    body: JSON.stringify({ ClientId: CLIENT_ID, Username: phone, Password: PASSWORD }),
  });
  for (const name of ['Foo', ...PROTOTYPE_NAMES]) {
    const response = await fetch(pool.url, { method: 'POST', headers: { 'x-amz-target': target(name) }, body: '{}' });
    const text = await response.text();
    expect({ name, status: response.status }).toEqual({ name, status: 400 });
    expect(response.headers.get('x-amzn-errortype')).toBe('UnknownOperationException');
    expect(JSON.parse(text)).toEqual({ __type: 'UnknownOperationException', message: `Unknown operation ${name}` });
    expect(text).not.toContain(phone);
    expect(text).not.toMatch(/passwordHash|verifier|refreshTokens/);
  }
});

test('the operation table holds only operations: no name of Object.prototype is in it', () => {
  for (const name of PROTOTYPE_NAMES) expect(operations.has(name)).toBe(false);
  expect(operations.get('SignUp')).toEqual(expect.any(Function));
});

const OPERATOR_OPERATIONS = [
  'AdminCreateUser',
  'AdminGetUser',
  'AdminSetUserPassword',
  'AdminConfirmSignUp',
  'AdminDeleteUser',
  'AdminResetUserPassword',
  'AdminAddUserToGroup',
  'AdminRemoveUserFromGroup',
  'AdminListGroupsForUser',
  'CreateGroup',
  'GetGroup',
  'UpdateGroup',
  'DeleteGroup',
  'ListGroups',
  'ListUsersInGroup',
];

test('every operation without user credentials, group operations included, is an admin operation', () => {
  for (const name of OPERATOR_OPERATIONS)
    expect({ name, admin: isAdminOperation(name) }).toEqual({ name, admin: true });
  for (const name of operations.keys()) {
    if (name.startsWith('Admin') || name.includes('Group')) expect(isAdminOperation(name)).toBe(true);
  }
  for (const name of ['SignUp', 'ConfirmSignUp', 'InitiateAuth', 'RespondToAuthChallenge', 'GetUser', 'RevokeToken']) {
    expect(isAdminOperation(name)).toBe(false);
  }
});

describe('a peer that is not on loopback', () => {
  let server: Server;
  let url: string;

  beforeAll(async () => {
    // The same handler, but every request looks as if it came from another machine.
    const handler = createHandler(pool.pool);
    server = createServer((request, response) => {
      Object.defineProperty(request.socket, 'remoteAddress', { value: '203.0.113.7', configurable: true });
      handler(request, response);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  test('is refused every admin and group operation', async () => {
    for (const name of OPERATOR_OPERATIONS) {
      const answer = await callPool(url, name, { UserPoolId: POOL_ID, GroupName: 'admins', Username: newPhone() });
      expect({ name, status: answer.status, body: answer.body }).toEqual({
        name,
        status: 400,
        body: { __type: 'AccessDeniedException', message: 'Admin operations are only answered on loopback.' },
      });
    }
    expect((await callPool(pool.url, 'GetGroup', { UserPoolId: POOL_ID, GroupName: 'admins' })).status).toBe(200);
  });

  test('still gets unknown operations refused and client operations answered', async () => {
    for (const name of ['Foo', ...PROTOTYPE_NAMES]) {
      expect((await callPool(url, name, {})).body.__type).toBe('UnknownOperationException');
    }
    const phone = newPhone();
    const signedUp = await callPool(url, 'SignUp', { ClientId: CLIENT_ID, Username: phone, Password: PASSWORD });
    expect(signedUp.body).toMatchObject({ UserConfirmed: false });
  });
});

test('peers anywhere in 127.0.0.0/8 and ::1 count as loopback, others do not', () => {
  for (const address of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1', '0:0:0:0:0:0:0:1']) {
    expect({ address, loopback: isLoopbackAddress(address) }).toEqual({ address, loopback: true });
  }
  for (const address of [undefined, '', '10.0.0.1', '203.0.113.7', '::', '::ffff:10.0.0.1', 'localhost']) {
    expect({ address, loopback: isLoopbackAddress(address) }).toEqual({ address, loopback: false });
  }
});
