import { decodeJWT } from 'aws-amplify/auth';
import { fetchAuthSession, fetchUserAttributes, signIn, signOut } from 'aws-amplify/auth';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { startUserPool } from '../src/index';
import { callPool, CLIENT_ID, PASSWORD, POOL_ID, registeredUser, useTestPool } from './helpers';

const pool = useTestPool();

function storedRefreshToken(): string {
  const entry = [...pool.storage.items].find(([key]) => key.endsWith('.refreshToken'));
  if (!entry) throw new Error('Amplify holds no refresh token');
  return entry[1];
}

const refresh = (token: string) =>
  callPool(pool.url, 'InitiateAuth', {
    ClientId: CLIENT_ID,
    AuthFlow: 'REFRESH_TOKEN_AUTH',
    AuthParameters: { REFRESH_TOKEN: token },
  });

const rotate = (token: string) =>
  callPool(pool.url, 'GetTokensFromRefreshToken', { ClientId: CLIENT_ID, RefreshToken: token });

const getUser = (accessToken: string) => callPool(pool.url, 'GetUser', { AccessToken: accessToken });

test('forceRefresh gets new tokens of the same sign-in and rotates the refresh token', async () => {
  const phone = await registeredUser(pool.url);
  await signIn({ username: phone, password: PASSWORD });
  const before = await fetchAuthSession();
  const oldRefreshToken = storedRefreshToken();
  const after = await fetchAuthSession({ forceRefresh: true });
  const newRefreshToken = storedRefreshToken();

  expect(after.tokens?.idToken?.toString()).not.toBe(before.tokens?.idToken?.toString());
  expect(after.tokens?.idToken?.payload.jti).not.toBe(before.tokens?.idToken?.payload.jti);
  expect(after.tokens?.idToken?.payload.origin_jti).toBe(before.tokens?.idToken?.payload.origin_jti);
  expect(after.tokens?.idToken?.payload.auth_time).toBe(before.tokens?.idToken?.payload.auth_time);
  expect(newRefreshToken).not.toBe(oldRefreshToken);

  expect((await rotate(oldRefreshToken)).body).toEqual({
    __type: 'NotAuthorizedException',
    message: 'Invalid Refresh Token',
  });
  expect((await getUser(String(after.tokens?.accessToken))).body.Username).toBe(phone);
  expect(await fetchUserAttributes()).toMatchObject({ phone_number: phone });
});

test('REFRESH_TOKEN_AUTH gives new tokens and keeps the refresh token', async () => {
  const phone = await registeredUser(pool.url);
  await signIn({ username: phone, password: PASSWORD });
  const token = storedRefreshToken();
  const first = await refresh(token);
  expect(first.status).toBe(200);
  expect(first.body.AuthenticationResult).toMatchObject({ ExpiresIn: 3600, TokenType: 'Bearer' });
  expect(first.body.AuthenticationResult.RefreshToken).toBeUndefined();
  expect(decodeJWT(first.body.AuthenticationResult.IdToken).payload['cognito:username']).toBe(phone);
  expect((await refresh(token)).status).toBe(200);
});

test('global sign-out makes every refresh token useless and revokes the access tokens', async () => {
  const phone = await registeredUser(pool.url);
  // A second device, signed in with the password flow.
  const other = await callPool(pool.url, 'InitiateAuth', {
    ClientId: CLIENT_ID,
    AuthFlow: 'USER_PASSWORD_AUTH',
    AuthParameters: { USERNAME: phone, PASSWORD },
  });
  const otherTokens = other.body.AuthenticationResult;
  await signIn({ username: phone, password: PASSWORD });
  const { tokens } = await fetchAuthSession();
  const refreshToken = storedRefreshToken();
  expect((await getUser(otherTokens.AccessToken)).status).toBe(200);

  await signOut({ global: true });

  const invalid = { __type: 'NotAuthorizedException', message: 'Invalid Refresh Token' };
  expect((await refresh(refreshToken)).body).toEqual(invalid);
  expect((await rotate(refreshToken)).body).toEqual(invalid);
  expect((await refresh(otherTokens.RefreshToken)).body).toEqual(invalid);
  const revoked = { __type: 'NotAuthorizedException', message: 'Access Token has been revoked' };
  expect((await getUser(String(tokens?.accessToken))).body).toEqual(revoked);
  expect((await getUser(otherTokens.AccessToken)).body).toEqual(revoked);
  // Signing in again works.
  expect((await signIn({ username: phone, password: PASSWORD })).isSignedIn).toBe(true);
});

test('a plain sign-out revokes its own refresh token family only', async () => {
  const phone = await registeredUser(pool.url);
  const other = await callPool(pool.url, 'InitiateAuth', {
    ClientId: CLIENT_ID,
    AuthFlow: 'USER_PASSWORD_AUTH',
    AuthParameters: { USERNAME: phone, PASSWORD },
  });
  await signIn({ username: phone, password: PASSWORD });
  const { tokens } = await fetchAuthSession();
  const refreshToken = storedRefreshToken();

  await signOut();

  expect((await refresh(refreshToken)).body.__type).toBe('NotAuthorizedException');
  expect((await getUser(String(tokens?.accessToken))).body.__type).toBe('NotAuthorizedException');
  expect((await refresh(other.body.AuthenticationResult.RefreshToken)).status).toBe(200);
  expect((await getUser(other.body.AuthenticationResult.AccessToken)).status).toBe(200);
});

test('a forged or foreign access token is refused', async () => {
  const response = await getUser('e30.e30.c2ln');
  expect(response.body).toEqual({ __type: 'NotAuthorizedException', message: 'Invalid Access Token' });
  const phone = await registeredUser(pool.url);
  await signIn({ username: phone, password: PASSWORD });
  const { tokens } = await fetchAuthSession();
  // An ID token is not an access token.
  expect((await getUser(String(tokens?.idToken))).body.__type).toBe('NotAuthorizedException');
});

test('users, refresh tokens and the signing key survive a restart', async () => {
  const phone = await registeredUser(pool.url);
  await signIn({ username: phone, password: PASSWORD });
  const { tokens } = await fetchAuthSession();
  const refreshToken = storedRefreshToken();
  const jwksBefore = await (await fetch(`${pool.url}/${POOL_ID}/.well-known/jwks.json`)).json();

  const second = await startUserPool({
    port: 0,
    dataDir: pool.dataDir,
    log: () => {},
    publicUrl: pool.issuer.replace(`/${POOL_ID}`, ''),
  });
  try {
    const jwks = await (await fetch(`${second.url}/${POOL_ID}/.well-known/jwks.json`)).json();
    expect(jwks).toEqual(jwksBefore);
    expect(jwks.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig', kid: expect.any(String) });
    expect(jwks.keys[0].d).toBeUndefined();
    await jwtVerify(String(tokens?.idToken), createLocalJWKSet(jwks), { issuer: second.issuer, audience: CLIENT_ID });
    const refreshed = await callPool(second.url, 'InitiateAuth', {
      ClientId: CLIENT_ID,
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      AuthParameters: { REFRESH_TOKEN: refreshToken },
    });
    expect(refreshed.status).toBe(200);
    const signedIn = await callPool(second.url, 'InitiateAuth', {
      ClientId: CLIENT_ID,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: phone, PASSWORD },
    });
    expect(signedIn.status).toBe(200);
  } finally {
    await second.close();
  }
});

test('openid-configuration names the issuer and the JWKS', async () => {
  const config = await (await fetch(`${pool.url}/${POOL_ID}/.well-known/openid-configuration`)).json();
  expect(config).toMatchObject({
    issuer: pool.issuer,
    jwks_uri: `${pool.issuer}/.well-known/jwks.json`,
    id_token_signing_alg_values_supported: ['RS256'],
  });
  expect(pool.issuer).toMatch(/^http:\/\/localhost:\d+\/us-east-1_LocalPool$/);
});
