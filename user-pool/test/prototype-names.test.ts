import { readFileSync } from 'node:fs';
import path from 'node:path';
import { startUserPool } from '../src/index';
import { callPool, claimsOf, CLIENT_ID, newPhone, PASSWORD, passwordSignIn, POOL_ID, useTestPool } from './helpers';

// User, group and token names that are also properties of every plain object. Stored on plain objects they would
// crash the pool or write to Object.prototype (AdminSetUserPassword on `__proto__` would set Object.prototype.status).
const NAMES = [
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  'valueOf',
  'isPrototypeOf',
  'toLocaleString',
  '__defineGetter__',
];

const prototypeKeys = () => Reflect.ownKeys(Object.prototype).map(String).sort();
const KEYS_BEFORE = prototypeKeys();
const DESCRIPTORS_BEFORE = Object.getOwnPropertyDescriptors(Object.prototype);

/** Nothing was added to or replaced on Object.prototype, and plain objects still behave. */
function expectPrototypeUntouched() {
  expect(prototypeKeys()).toEqual(KEYS_BEFORE);
  // Same functions, same accessors: nothing was replaced either.
  expect(Object.getOwnPropertyDescriptors(Object.prototype)).toEqual(DESCRIPTORS_BEFORE);
  const plain: Record<string, unknown> = {};
  for (const key of ['polluted', 'status', 'passwordHash', 'srp', 'updatedAt', 'attributes', 'username', 'groups']) {
    expect({ key, value: plain[key] }).toEqual({ key, value: undefined });
  }
  expect(Object.getPrototypeOf(plain)).toBe(Object.prototype);
  expect(plain.constructor).toBe(Object);
  expect(typeof plain.toString).toBe('function');
}

const pool = useTestPool();

const admin = (operation: string, body: Record<string, unknown>) =>
  callPool(pool.url, operation, { UserPoolId: POOL_ID, ...body });

test('users named like Object.prototype properties are unknown users to every operation', async () => {
  for (const Username of NAMES) {
    for (const [operation, extra] of [
      ['AdminSetUserPassword', { Password: PASSWORD, Permanent: true }],
      ['AdminGetUser', {}],
      ['AdminConfirmSignUp', {}],
      ['AdminResetUserPassword', {}],
      ['AdminDeleteUser', {}],
      ['AdminAddUserToGroup', { GroupName: 'admins' }],
      ['AdminRemoveUserFromGroup', { GroupName: 'admins' }],
      ['AdminListGroupsForUser', {}],
    ] as const) {
      const answer = await admin(operation, { Username, ...extra });
      expectPrototypeUntouched();
      expect({ Username, operation, status: answer.status, body: answer.body }).toEqual({
        Username,
        operation,
        status: 400,
        body: { __type: 'UserNotFoundException', message: 'User does not exist.' },
      });
    }
    for (const operation of ['ForgotPassword', 'ResendConfirmationCode', 'ConfirmSignUp']) {
      const answer = await callPool(pool.url, operation, { ClientId: CLIENT_ID, Username, ConfirmationCode: '123456' });
      expect({ Username, operation, type: answer.body.__type }).toEqual({
        Username,
        operation,
        type: 'UserNotFoundException',
      });
    }
    for (const AuthFlow of ['USER_PASSWORD_AUTH', 'USER_SRP_AUTH']) {
      const answer = await callPool(pool.url, 'InitiateAuth', {
        ClientId: CLIENT_ID,
        AuthFlow,
        AuthParameters: { USERNAME: Username, PASSWORD, SRP_A: 'abc123' },
      });
      expect({ Username, AuthFlow, body: answer.body }).toEqual({
        Username,
        AuthFlow,
        body: { __type: 'NotAuthorizedException', message: 'Incorrect username or password.' },
      });
    }
  }
  expectPrototypeUntouched();
});

test('groups and refresh tokens named like Object.prototype properties are unknown too', async () => {
  for (const name of NAMES) {
    for (const operation of ['GetGroup', 'DeleteGroup', 'ListUsersInGroup', 'UpdateGroup']) {
      const answer = await admin(operation, { GroupName: name });
      expect({ name, operation, body: answer.body }).toEqual({
        name,
        operation,
        body: { __type: 'ResourceNotFoundException', message: 'Group not found.' },
      });
    }
    const refreshed = await callPool(pool.url, 'InitiateAuth', {
      ClientId: CLIENT_ID,
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      AuthParameters: { REFRESH_TOKEN: name },
    });
    expect(refreshed.body).toEqual({ __type: 'NotAuthorizedException', message: 'Invalid Refresh Token' });
    const rotated = await callPool(pool.url, 'GetTokensFromRefreshToken', { ClientId: CLIENT_ID, RefreshToken: name });
    expect(rotated.body.__type).toBe('NotAuthorizedException');
    expect((await callPool(pool.url, 'RevokeToken', { ClientId: CLIENT_ID, Token: name })).status).toBe(200);
  }
  expectPrototypeUntouched();
});

test('an attribute named __proto__ is refused by the schema, not dropped or merged into the prototype', async () => {
  const phone = newPhone();
  const answer = await callPool(pool.url, 'SignUp', {
    ClientId: CLIENT_ID,
    Username: phone,
    Password: PASSWORD,
    UserAttributes: [
      { Name: 'phone_number', Value: phone },
      { Name: '__proto__', Value: 'polluted' },
    ],
  });
  expect(answer.body).toEqual({
    __type: 'InvalidParameterException',
    message: 'Attributes did not conform to the schema: __proto__: Attribute does not exist in the schema.',
  });
  expectPrototypeUntouched();
});

test('such names are ordinary new user and group names: created, used, persisted, deleted', async () => {
  for (const Username of NAMES) {
    const phone = newPhone();
    const created = await admin('AdminCreateUser', {
      Username,
      TemporaryPassword: 'temporary1',
      MessageAction: 'SUPPRESS',
      UserAttributes: [{ Name: 'phone_number', Value: phone }],
    });
    expect({ Username, status: created.status }).toEqual({ Username, status: 200 });
    expect(created.body.User).toMatchObject({ Username, UserStatus: 'FORCE_CHANGE_PASSWORD' });
    expect((await admin('AdminCreateUser', { Username, TemporaryPassword: 'temporary1' })).body.__type).toBe(
      'UsernameExistsException',
    );
    await admin('AdminSetUserPassword', { Username, Password: PASSWORD, Permanent: true });
    expect((await admin('AdminGetUser', { Username })).body).toMatchObject({ Username, UserStatus: 'CONFIRMED' });
    const tokens = await passwordSignIn(pool.url, Username);
    expect(claimsOf(tokens.IdToken)).toMatchObject({ 'cognito:username': Username, phone_number: phone });
    expect((await callPool(pool.url, 'GetUser', { AccessToken: tokens.AccessToken })).body.Username).toBe(Username);

    const group = await admin('CreateGroup', { GroupName: Username, Description: `the ${Username} group` });
    expect(group.body.Group).toMatchObject({ GroupName: Username, Description: `the ${Username} group` });
    expect((await admin('AdminAddUserToGroup', { Username, GroupName: Username })).status).toBe(200);
    expect((await admin('AdminListGroupsForUser', { Username })).body.Groups).toEqual([
      expect.objectContaining({ GroupName: Username }),
    ]);
  }
  expectPrototypeUntouched();

  // The file keeps them as ordinary keys, and a new pool on the same data reads them back.
  const file = JSON.parse(readFileSync(path.join(pool.dataDir, 'pool.json'), 'utf8'));
  for (const name of NAMES) {
    expect(Object.hasOwn(file.users, name)).toBe(true);
    expect(Object.hasOwn(file.groups, name)).toBe(true);
  }
  const again = await startUserPool({ port: 0, dataDir: pool.dataDir, log: () => {} });
  try {
    const other = newPhone();
    await callPool(again.url, 'AdminCreateUser', {
      UserPoolId: POOL_ID,
      Username: other,
      TemporaryPassword: 'temporary1',
      MessageAction: 'SUPPRESS',
    });
    for (const Username of NAMES) {
      const got = await callPool(again.url, 'AdminGetUser', { UserPoolId: POOL_ID, Username });
      expect(got.body).toMatchObject({ Username, UserStatus: 'CONFIRMED' });
      const tokens = await passwordSignIn(again.url, Username);
      expect(claimsOf(tokens.IdToken)['cognito:groups']).toEqual([Username]);
      expect((await callPool(again.url, 'AdminDeleteUser', { UserPoolId: POOL_ID, Username })).status).toBe(200);
      expect((await callPool(again.url, 'AdminGetUser', { UserPoolId: POOL_ID, Username })).body.__type).toBe(
        'UserNotFoundException',
      );
      expect((await callPool(again.url, 'DeleteGroup', { UserPoolId: POOL_ID, GroupName: Username })).status).toBe(200);
    }
    // The rest of the pool is unaffected.
    expect((await callPool(again.url, 'AdminGetUser', { UserPoolId: POOL_ID, Username: other })).status).toBe(200);
  } finally {
    await again.close();
  }
  expectPrototypeUntouched();
});
