import { confirmSignIn, deleteUser, fetchUserAttributes, getCurrentUser, signIn, signOut } from 'aws-amplify/auth';
import { callPool, latestCode, newPhone, PASSWORD, POOL_ID, useTestPool } from './helpers';

const pool = useTestPool();

const createUser = (phone: string, extra: Record<string, unknown> = {}) =>
  callPool(pool.url, 'AdminCreateUser', {
    UserPoolId: POOL_ID,
    Username: phone,
    UserAttributes: [
      { Name: 'phone_number', Value: phone },
      { Name: 'phone_number_verified', Value: 'true' },
    ],
    ...extra,
  });

test('an admin-created user signs in with the temporary password and must choose a new one', async () => {
  const phone = newPhone();
  const created = await createUser(phone, { TemporaryPassword: 'temporary1' });
  expect(created.status).toBe(200);
  expect(created.body.User).toMatchObject({ Username: phone, UserStatus: 'FORCE_CHANGE_PASSWORD', Enabled: true });

  const first = await signIn({ username: phone, password: 'temporary1' });
  expect(first).toMatchObject({
    isSignedIn: false,
    nextStep: { signInStep: 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED' },
  });
  await expect(confirmSignIn({ challengeResponse: 'short' })).rejects.toMatchObject({
    name: 'InvalidPasswordException',
  });
  const done = await confirmSignIn({ challengeResponse: PASSWORD });
  expect(done).toMatchObject({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
  expect((await getCurrentUser()).username).toBe(phone);
  expect((await fetchUserAttributes()).phone_number_verified).toBe('true');

  const after = await callPool(pool.url, 'AdminGetUser', { UserPoolId: POOL_ID, Username: phone });
  expect(after.body).toMatchObject({ Username: phone, UserStatus: 'CONFIRMED', Enabled: true });
  expect(after.body.UserAttributes).toEqual(
    expect.arrayContaining([
      { Name: 'sub', Value: expect.any(String) },
      { Name: 'phone_number', Value: phone },
    ]),
  );
  await signOut();
  await expect(signIn({ username: phone, password: 'temporary1' })).rejects.toMatchObject({
    name: 'NotAuthorizedException',
  });
  expect((await signIn({ username: phone, password: PASSWORD })).isSignedIn).toBe(true);
});

test('without a temporary password the pool makes one and puts it in the outbox', async () => {
  const phone = newPhone();
  await createUser(phone);
  const temporary = await latestCode(pool.url, phone, 'temporary-password');
  const result = await signIn({ username: phone, password: temporary });
  expect(result.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED');
});

test('AdminSetUserPassword: permanent confirms, temporary forces a change', async () => {
  const phone = newPhone();
  await createUser(phone, { TemporaryPassword: 'temporary1', MessageAction: 'SUPPRESS' });
  await callPool(pool.url, 'AdminSetUserPassword', {
    UserPoolId: POOL_ID,
    Username: phone,
    Password: PASSWORD,
    Permanent: true,
  });
  expect((await signIn({ username: phone, password: PASSWORD })).isSignedIn).toBe(true);
  await signOut();
  await callPool(pool.url, 'AdminSetUserPassword', { UserPoolId: POOL_ID, Username: phone, Password: 'another one' });
  expect((await signIn({ username: phone, password: 'another one' })).nextStep.signInStep).toBe(
    'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED',
  );
});

test('admin errors: existing user, unknown user, wrong pool', async () => {
  const phone = newPhone();
  await createUser(phone, { TemporaryPassword: 'temporary1' });
  expect((await createUser(phone, { TemporaryPassword: 'temporary1' })).body.__type).toBe('UsernameExistsException');
  expect((await callPool(pool.url, 'AdminGetUser', { UserPoolId: POOL_ID, Username: newPhone() })).body).toEqual({
    __type: 'UserNotFoundException',
    message: 'User does not exist.',
  });
  expect(
    (await callPool(pool.url, 'AdminGetUser', { UserPoolId: 'us-east-1_Other', Username: phone })).body.__type,
  ).toBe('ResourceNotFoundException');
});

test('AdminConfirmSignUp confirms without a code; AdminDeleteUser removes the user and kills their tokens', async () => {
  const phone = newPhone();
  await callPool(pool.url, 'SignUp', {
    ClientId: 'bullpen-web-client',
    Username: phone,
    Password: PASSWORD,
    UserAttributes: [{ Name: 'phone_number', Value: phone }],
  });
  expect((await callPool(pool.url, 'AdminConfirmSignUp', { UserPoolId: POOL_ID, Username: phone })).status).toBe(200);
  const signedIn = await callPool(pool.url, 'InitiateAuth', {
    ClientId: 'bullpen-web-client',
    AuthFlow: 'USER_PASSWORD_AUTH',
    AuthParameters: { USERNAME: phone, PASSWORD },
  });
  const { AccessToken, RefreshToken } = signedIn.body.AuthenticationResult;
  expect((await callPool(pool.url, 'AdminDeleteUser', { UserPoolId: POOL_ID, Username: phone })).status).toBe(200);
  expect((await callPool(pool.url, 'GetUser', { AccessToken })).body.__type).toBe('NotAuthorizedException');
  const refreshed = await callPool(pool.url, 'InitiateAuth', {
    ClientId: 'bullpen-web-client',
    AuthFlow: 'REFRESH_TOKEN_AUTH',
    AuthParameters: { REFRESH_TOKEN: RefreshToken },
  });
  expect(refreshed.body.__type).toBe('NotAuthorizedException');
  expect((await callPool(pool.url, 'AdminGetUser', { UserPoolId: POOL_ID, Username: phone })).body.__type).toBe(
    'UserNotFoundException',
  );
});

test('a signed-in user can delete themselves through Amplify', async () => {
  const phone = newPhone();
  await createUser(phone, { TemporaryPassword: 'temporary1', MessageAction: 'SUPPRESS' });
  await callPool(pool.url, 'AdminSetUserPassword', {
    UserPoolId: POOL_ID,
    Username: phone,
    Password: PASSWORD,
    Permanent: true,
  });
  await signIn({ username: phone, password: PASSWORD });
  await deleteUser();
  await expect(signIn({ username: phone, password: PASSWORD })).rejects.toMatchObject({
    name: 'NotAuthorizedException',
  });
});
