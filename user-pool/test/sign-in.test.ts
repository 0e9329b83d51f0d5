import { confirmSignUp, fetchAuthSession, getCurrentUser, signIn, signOut, signUp } from 'aws-amplify/auth';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { CLIENT_ID, POOL_ID, latestCode, newPhone, startTestPool, type TestPool } from './helpers';

let pool: TestPool;

beforeAll(async () => {
  pool = await startTestPool();
});

afterAll(async () => {
  await pool.stop();
});

afterEach(async () => {
  await signOut().catch(() => {});
});

const PASSWORD = 'correct horse';

async function registeredUser(): Promise<string> {
  const phone = newPhone();
  const result = await signUp({ username: phone, password: PASSWORD, options: { userAttributes: { phone_number: phone } } });
  expect(result.nextStep.signUpStep).toBe('CONFIRM_SIGN_UP');
  const code = await latestCode(pool.url, phone, 'sign-up');
  const confirmed = await confirmSignUp({ username: phone, confirmationCode: code });
  expect(confirmed.isSignUpComplete).toBe(true);
  return phone;
}

test('sign-up, the code from the outbox, then the default SRP sign-in gives tokens the JWKS verifies', async () => {
  const phone = newPhone();
  const result = await signUp({ username: phone, password: PASSWORD, options: { userAttributes: { phone_number: phone } } });
  expect(result.isSignUpComplete).toBe(false);
  expect(result.nextStep).toMatchObject({
    signUpStep: 'CONFIRM_SIGN_UP',
    codeDeliveryDetails: { deliveryMedium: 'SMS', attributeName: 'phone_number', destination: `+*******${phone.slice(-4)}` },
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

test('a wrong password is NotAuthorizedException with Cognito\'s message', async () => {
  const phone = await registeredUser();
  await expect(signIn({ username: phone, password: 'wrong password' })).rejects.toMatchObject({
    name: 'NotAuthorizedException',
    message: 'Incorrect username or password.',
  });
});

export { registeredUser };
