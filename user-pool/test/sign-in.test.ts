import {
  autoSignIn,
  confirmSignUp,
  fetchAuthSession,
  fetchUserAttributes,
  getCurrentUser,
  signIn,
  signUp,
} from 'aws-amplify/auth';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { callPool, CLIENT_ID, latestCode, newPhone, PASSWORD, POOL_ID, registeredUser, useTestPool } from './helpers';

const pool = useTestPool();

test('sign-up, the code from the outbox, then the default SRP sign-in gives tokens the JWKS verifies', async () => {
  const phone = newPhone();
  const result = await signUp({
    username: phone,
    password: PASSWORD,
    options: { userAttributes: { phone_number: phone } },
  });
  expect(result.isSignUpComplete).toBe(false);
  expect(result.nextStep).toMatchObject({
    signUpStep: 'CONFIRM_SIGN_UP',
    codeDeliveryDetails: {
      deliveryMedium: 'SMS',
      attributeName: 'phone_number',
      destination: `+*******${phone.slice(-4)}`,
    },
  });
  const code = await latestCode(pool.url, phone, 'sign-up');
  expect(code).toMatch(/^\d{6}$/);
  await confirmSignUp({ username: phone, confirmationCode: code });

  const signedIn = await signIn({ username: phone, password: PASSWORD });
  expect(signedIn).toMatchObject({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
  expect((await getCurrentUser()).username).toBe(phone);

  const { tokens } = await fetchAuthSession();
  const jwks = createRemoteJWKSet(new URL(`${pool.url}/${POOL_ID}/.well-known/jwks.json`));
  const id = await jwtVerify(String(tokens?.idToken), jwks, { issuer: pool.issuer, audience: CLIENT_ID });
  expect(id.payload).toMatchObject({
    token_use: 'id',
    'cognito:username': phone,
    phone_number: phone,
    phone_number_verified: true,
  });
  expect(id.protectedHeader).toMatchObject({ alg: 'RS256', kid: expect.any(String) });
  const access = await jwtVerify(String(tokens?.accessToken), jwks, { issuer: pool.issuer });
  expect(access.payload).toMatchObject({
    token_use: 'access',
    client_id: CLIENT_ID,
    username: phone,
    scope: 'aws.cognito.signin.user.admin',
    sub: id.payload.sub,
    origin_jti: id.payload.origin_jti,
  });
});

test("a wrong password is NotAuthorizedException with Cognito's message", async () => {
  const phone = await registeredUser(pool.url);
  await expect(signIn({ username: phone, password: 'wrong password' })).rejects.toMatchObject({
    name: 'NotAuthorizedException',
    message: 'Incorrect username or password.',
  });
});

test('an unknown user gets the same answer as a wrong password', async () => {
  await expect(signIn({ username: newPhone(), password: PASSWORD })).rejects.toMatchObject({
    name: 'NotAuthorizedException',
    message: 'Incorrect username or password.',
  });
});

test('USER_PASSWORD_AUTH signs in with the same password, and refuses a wrong one', async () => {
  const phone = await registeredUser(pool.url);
  await expect(
    signIn({ username: phone, password: 'not the password', options: { authFlowType: 'USER_PASSWORD_AUTH' } }),
  ).rejects.toMatchObject({ name: 'NotAuthorizedException', message: 'Incorrect username or password.' });
  const result = await signIn({ username: phone, password: PASSWORD, options: { authFlowType: 'USER_PASSWORD_AUTH' } });
  expect(result.isSignedIn).toBe(true);
  expect((await getCurrentUser()).username).toBe(phone);
});

test('an unconfirmed user is sent to confirm sign-up, with UserNotConfirmedException on the wire', async () => {
  const phone = newPhone();
  await signUp({ username: phone, password: PASSWORD, options: { userAttributes: { phone_number: phone } } });
  const result = await signIn({ username: phone, password: PASSWORD });
  expect(result).toEqual({ isSignedIn: false, nextStep: { signInStep: 'CONFIRM_SIGN_UP' } });
  const raw = await callPool(pool.url, 'InitiateAuth', {
    ClientId: CLIENT_ID,
    AuthFlow: 'USER_PASSWORD_AUTH',
    AuthParameters: { USERNAME: phone, PASSWORD },
  });
  expect(raw.status).toBe(400);
  expect(raw.headers.get('x-amzn-errortype')).toBe('UserNotConfirmedException');
  expect(raw.body).toEqual({ __type: 'UserNotConfirmedException', message: 'User is not confirmed.' });
});

test('auto sign-in after confirming sign-up', async () => {
  const phone = newPhone();
  // Amplify arms a 3-minute give-up timer at sign-up; a fake clock keeps it from holding jest open.
  jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
  try {
    await signUp({
      username: phone,
      password: PASSWORD,
      options: { userAttributes: { phone_number: phone }, autoSignIn: true },
    });
  } finally {
    jest.useRealTimers();
  }
  const confirmed = await confirmSignUp({
    username: phone,
    confirmationCode: await latestCode(pool.url, phone, 'sign-up'),
  });
  expect(confirmed.nextStep.signUpStep).toBe('COMPLETE_AUTO_SIGN_IN');
  const result = await autoSignIn();
  expect(result.isSignedIn).toBe(true);
  expect((await getCurrentUser()).username).toBe(phone);
});

test('the user attributes Amplify reads after sign-in include a verified phone', async () => {
  const phone = await registeredUser(pool.url);
  await signIn({ username: phone, password: PASSWORD });
  const attributes = await fetchUserAttributes();
  expect(attributes).toMatchObject({ phone_number: phone, phone_number_verified: 'true', sub: expect.any(String) });
});
