import { fetchAuthSession, signIn } from 'aws-amplify/auth';
import { createLocalJWKSet, jwtVerify } from 'jose';
import {
  callPool,
  claimsOf,
  CLIENT_ID,
  latestCode,
  newPhone,
  PASSWORD,
  passwordSignIn,
  POOL_ID,
  refreshedClaims,
  registeredUser,
  useTestPool,
} from './helpers';

const pool = useTestPool();

const admin = (operation: string, body: Record<string, unknown>) =>
  callPool(pool.url, operation, { UserPoolId: POOL_ID, ...body });

let groupCounter = 0;
const newGroupName = () => `group-${++groupCounter}`;

test('CreateGroup, GetGroup, UpdateGroup, ListGroups and DeleteGroup answer as Cognito does', async () => {
  const GroupName = newGroupName();
  const created = await admin('CreateGroup', { GroupName, Description: 'Testers', Precedence: 3 });
  expect(created.status).toBe(200);
  expect(created.body).toEqual({
    Group: {
      GroupName,
      UserPoolId: POOL_ID,
      Description: 'Testers',
      Precedence: 3,
      CreationDate: expect.any(Number),
      LastModifiedDate: expect.any(Number),
    },
  });
  expect(Math.abs(created.body.Group.CreationDate - Date.now() / 1000)).toBeLessThan(60);
  expect((await admin('GetGroup', { GroupName })).body).toEqual(created.body);

  expect((await admin('CreateGroup', { GroupName })).body).toEqual({
    __type: 'GroupExistsException',
    message: `A group with the name ${GroupName} already exists.`,
  });
  expect((await admin('GetGroup', { GroupName: 'no-such-group' })).body).toEqual({
    __type: 'ResourceNotFoundException',
    message: 'Group not found.',
  });
  expect((await callPool(pool.url, 'GetGroup', { UserPoolId: 'us-east-1_Other', GroupName })).body.__type).toBe(
    'ResourceNotFoundException',
  );
  expect((await admin('CreateGroup', { GroupName: 'has space' })).body.__type).toBe('InvalidParameterException');
  expect((await admin('CreateGroup', { GroupName: newGroupName(), Precedence: -1 })).body.__type).toBe(
    'InvalidParameterException',
  );
  expect((await admin('CreateGroup', {})).body.__type).toBe('InvalidParameterException');

  const updated = await admin('UpdateGroup', { GroupName, Description: 'Renamed' });
  expect(updated.body.Group).toMatchObject({ GroupName, Description: 'Renamed' });
  expect(updated.body.Group.Precedence).toBeUndefined();

  const names = (await admin('ListGroups', {})).body.Groups.map((group: { GroupName: string }) => group.GroupName);
  expect(names).toEqual(expect.arrayContaining(['admins', GroupName]));
  const first = await admin('ListGroups', { Limit: 1 });
  expect(first.body.Groups).toHaveLength(1);
  const second = await admin('ListGroups', { Limit: 1, NextToken: first.body.NextToken });
  expect(second.body.Groups[0].GroupName).not.toBe(first.body.Groups[0].GroupName);

  expect((await admin('DeleteGroup', { GroupName })).status).toBe(200);
  expect((await admin('GetGroup', { GroupName })).body.__type).toBe('ResourceNotFoundException');
  expect((await admin('DeleteGroup', { GroupName })).body.__type).toBe('ResourceNotFoundException');
});

test('the admins group exists from the start', async () => {
  expect((await admin('GetGroup', { GroupName: 'admins' })).body.Group).toMatchObject({
    GroupName: 'admins',
    UserPoolId: POOL_ID,
  });
});

test('AdminAddUserToGroup: unknown user, unknown group, wrong pool', async () => {
  const phone = await registeredUser(pool.url);
  expect((await admin('AdminAddUserToGroup', { Username: newPhone(), GroupName: 'admins' })).body).toEqual({
    __type: 'UserNotFoundException',
    message: 'User does not exist.',
  });
  expect((await admin('AdminAddUserToGroup', { Username: phone, GroupName: 'no-such-group' })).body).toEqual({
    __type: 'ResourceNotFoundException',
    message: 'Group not found.',
  });
  const wrongPool = await callPool(pool.url, 'AdminAddUserToGroup', {
    UserPoolId: 'us-east-1_Other',
    Username: phone,
    GroupName: 'admins',
  });
  expect(wrongPool.body.__type).toBe('ResourceNotFoundException');
  expect((await admin('AdminListGroupsForUser', { Username: phone })).body).toEqual({ Groups: [] });
});

test('cognito:groups: absent until the user joins, then in ID and access tokens from the next refresh', async () => {
  const phone = await registeredUser(pool.url);
  const signedIn = await passwordSignIn(pool.url, phone);
  expect(claimsOf(signedIn.IdToken)).not.toHaveProperty('cognito:groups');
  expect(claimsOf(signedIn.AccessToken)).not.toHaveProperty('cognito:groups');

  expect((await admin('AdminAddUserToGroup', { Username: phone, GroupName: 'admins' })).status).toBe(200);
  // Adding twice is harmless, as in Cognito.
  expect((await admin('AdminAddUserToGroup', { Username: phone, GroupName: 'admins' })).status).toBe(200);
  const refreshed = await refreshedClaims(pool.url, signedIn.RefreshToken);
  for (const claims of [...refreshed.id, ...refreshed.access]) {
    expect(claims['cognito:groups']).toEqual(['admins']);
  }
  // The tokens are signed as usual: what the API checks.
  const jwks = createLocalJWKSet(await (await fetch(`${pool.issuer}/.well-known/jwks.json`)).json());
  const fresh = await passwordSignIn(pool.url, phone);
  const { payload } = await jwtVerify(fresh.IdToken, jwks, { issuer: pool.issuer, audience: CLIENT_ID });
  expect(payload).toMatchObject({ token_use: 'id', 'cognito:groups': ['admins'], 'cognito:username': phone });

  const listed = await admin('AdminListGroupsForUser', { Username: phone });
  expect(listed.body).toEqual({
    Groups: [
      {
        GroupName: 'admins',
        UserPoolId: POOL_ID,
        Description: expect.any(String),
        CreationDate: expect.any(Number),
        LastModifiedDate: expect.any(Number),
      },
    ],
  });
  const members = await admin('ListUsersInGroup', { GroupName: 'admins' });
  expect(members.body.Users).toEqual(
    expect.arrayContaining([
      expect.objectContaining({
        Username: phone,
        UserStatus: 'CONFIRMED',
        Enabled: true,
        Attributes: expect.arrayContaining([{ Name: 'phone_number', Value: phone }]),
      }),
    ]),
  );

  expect((await admin('AdminRemoveUserFromGroup', { Username: phone, GroupName: 'admins' })).status).toBe(200);
  const after = await refreshedClaims(pool.url, refreshed.refreshToken);
  for (const claims of [...after.id, ...after.access]) expect(claims).not.toHaveProperty('cognito:groups');
  expect((await admin('AdminListGroupsForUser', { Username: phone })).body).toEqual({ Groups: [] });
});

test('Amplify sees the groups in the ID token after a forced refresh', async () => {
  const phone = await registeredUser(pool.url);
  await signIn({ username: phone, password: PASSWORD });
  expect((await fetchAuthSession()).tokens?.idToken?.payload['cognito:groups']).toBeUndefined();
  await admin('AdminAddUserToGroup', { Username: phone, GroupName: 'admins' });
  const session = await fetchAuthSession({ forceRefresh: true });
  expect(session.tokens?.idToken?.payload['cognito:groups']).toEqual(['admins']);
  expect(session.tokens?.accessToken.payload['cognito:groups']).toEqual(['admins']);
});

test('several groups are listed lowest precedence first; a deleted group leaves every token', async () => {
  const phone = await registeredUser(pool.url);
  const [low, high, none] = [newGroupName(), newGroupName(), newGroupName()];
  await admin('CreateGroup', { GroupName: high, Precedence: 10 });
  await admin('CreateGroup', { GroupName: low, Precedence: 1 });
  await admin('CreateGroup', { GroupName: none });
  for (const GroupName of [none, high, low]) await admin('AdminAddUserToGroup', { Username: phone, GroupName });
  const signedIn = await passwordSignIn(pool.url, phone);
  expect(claimsOf(signedIn.IdToken)['cognito:groups']).toEqual([low, high, none]);
  const listed = await admin('AdminListGroupsForUser', { Username: phone, Limit: 2 });
  expect(listed.body.Groups.map((group: { GroupName: string }) => group.GroupName)).toEqual([low, high]);
  const rest = await admin('AdminListGroupsForUser', { Username: phone, NextToken: listed.body.NextToken });
  expect(rest.body.Groups.map((group: { GroupName: string }) => group.GroupName)).toEqual([none]);

  await admin('DeleteGroup', { GroupName: high });
  expect(claimsOf((await passwordSignIn(pool.url, phone)).IdToken)['cognito:groups']).toEqual([low, none]);
  // Re-creating the name does not bring the old members back.
  await admin('CreateGroup', { GroupName: high });
  expect(claimsOf((await passwordSignIn(pool.url, phone)).IdToken)['cognito:groups']).toEqual([low, none]);
});

test('no user operation changes groups: not UpdateUserAttributes, not the new-password challenge', async () => {
  const phone = await registeredUser(pool.url);
  const signedIn = await passwordSignIn(pool.url, phone);
  const { AccessToken } = signedIn;
  for (const Name of ['cognito:groups', 'cognito:username', 'groups', 'custom:groups']) {
    const answer = await callPool(pool.url, 'UpdateUserAttributes', {
      AccessToken,
      UserAttributes: [{ Name, Value: 'admins' }],
    });
    // custom:groups is a legal custom attribute name: it may be stored, but it is never `cognito:groups`.
    if (Name !== 'custom:groups') expect(answer.body.__type).toBe('InvalidParameterException');
  }
  const other = newPhone();
  const changed = await callPool(pool.url, 'UpdateUserAttributes', {
    AccessToken,
    UserAttributes: [{ Name: 'phone_number', Value: other }],
  });
  expect(changed.status).toBe(200);
  await callPool(pool.url, 'VerifyUserAttribute', {
    AccessToken,
    AttributeName: 'phone_number',
    Code: await latestCode(pool.url, other, 'verify-phone_number'),
  });
  const refreshed = await refreshedClaims(pool.url, signedIn.RefreshToken);
  for (const claims of [...refreshed.id, ...refreshed.access]) expect(claims).not.toHaveProperty('cognito:groups');
  expect(refreshed.id[1]).toMatchObject({ phone_number: other, 'cognito:username': phone });
  expect((await admin('AdminListGroupsForUser', { Username: phone })).body).toEqual({ Groups: [] });

  // A user an operator created must choose a password; the attributes sent with it follow the same schema.
  const created = newPhone();
  await admin('AdminCreateUser', {
    Username: created,
    TemporaryPassword: 'temporary1',
    MessageAction: 'SUPPRESS',
    UserAttributes: [{ Name: 'phone_number', Value: created }],
  });
  const challenge = await callPool(pool.url, 'InitiateAuth', {
    ClientId: CLIENT_ID,
    AuthFlow: 'USER_PASSWORD_AUTH',
    AuthParameters: { USERNAME: created, PASSWORD: 'temporary1' },
  });
  expect(challenge.body.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
  const refused = await callPool(pool.url, 'RespondToAuthChallenge', {
    ClientId: CLIENT_ID,
    ChallengeName: 'NEW_PASSWORD_REQUIRED',
    Session: challenge.body.Session,
    ChallengeResponses: { USERNAME: created, NEW_PASSWORD: PASSWORD, 'userAttributes.cognito:groups': 'admins' },
  });
  expect(refused.body.__type).toBe('InvalidParameterException');
  const done = await callPool(pool.url, 'RespondToAuthChallenge', {
    ClientId: CLIENT_ID,
    ChallengeName: 'NEW_PASSWORD_REQUIRED',
    Session: challenge.body.Session,
    ChallengeResponses: { USERNAME: created, NEW_PASSWORD: PASSWORD, 'userAttributes.name': 'Ann' },
  });
  const claims = claimsOf(done.body.AuthenticationResult.IdToken);
  expect(claims).toMatchObject({ name: 'Ann' });
  expect(claims).not.toHaveProperty('cognito:groups');
});

test('a stored attribute can never pose as a group or replace a claim the pool sets', async () => {
  const phone = await registeredUser(pool.url);
  // As a data file written before the attribute checks could hold it.
  const user = pool.pool.store.state.users.get(phone);
  if (!user) throw new Error('no such user');
  Object.assign(user.attributes, { 'cognito:groups': 'admins', token_use: 'access', sub: 'someone-else' });
  const tokens = await passwordSignIn(pool.url, phone);
  const claims = claimsOf(tokens.IdToken);
  expect(claims).not.toHaveProperty('cognito:groups');
  expect(claims).toMatchObject({ token_use: 'id', sub: user.sub, 'cognito:username': phone });
});
