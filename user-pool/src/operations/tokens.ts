import { CognitoError, invalidParameter } from '../errors';
import type { UserPool } from '../pool';
import type { AuthenticationResult } from '../token-families';
import { newRefreshToken } from '../tokens';
import { type Body, requireString } from './params';

/** New ID and access tokens of the same family; with `rotate` the refresh token is replaced and the old one dies. */
export async function refreshWithToken(
  pool: UserPool,
  clientId: string,
  refreshToken: unknown,
  rotate: boolean,
): Promise<AuthenticationResult> {
  if (typeof refreshToken !== 'string' || refreshToken === '') {
    throw invalidParameter('Missing required parameter REFRESH_TOKEN');
  }
  const state = pool.store.state;
  const record = state.refreshTokens.get(refreshToken);
  if (!record || record.clientId !== clientId || state.revokedFamilies.has(record.originJti)) {
    throw new CognitoError('NotAuthorizedException', 'Invalid Refresh Token');
  }
  if (record.expiresAt <= pool.now()) {
    state.refreshTokens.delete(refreshToken);
    pool.save();
    throw new CognitoError('NotAuthorizedException', 'Refresh Token has expired');
  }
  const user = pool.findUser(record.username);
  if (!user?.enabled) throw new CognitoError('NotAuthorizedException', 'Invalid Refresh Token');
  const tokens = await pool.tokens.sign(user, clientId, record.originJti, record.authTime);
  if (!rotate) return { AuthenticationResult: tokens, ChallengeParameters: {} };
  const RefreshToken = newRefreshToken();
  state.refreshTokens.delete(refreshToken);
  state.refreshTokens.set(RefreshToken, { ...record });
  pool.save();
  return { AuthenticationResult: { ...tokens, RefreshToken } };
}

export async function getTokensFromRefreshToken(pool: UserPool, body: Body) {
  const clientId = pool.checkClient(body.ClientId);
  return refreshWithToken(pool, clientId, body.RefreshToken, true);
}

export async function globalSignOut(pool: UserPool, body: Body) {
  const { user, claims } = await pool.tokens.userFromAccessToken(body.AccessToken);
  pool.tokens.revokeAllOf(user.username);
  pool.tokens.revokeFamily(claims.origin_jti);
  pool.save();
  return {};
}

export async function revokeToken(pool: UserPool, body: Body) {
  const clientId = pool.checkClient(body.ClientId);
  const token = requireString(body, 'Token');
  const record = pool.store.state.refreshTokens.get(token);
  // Cognito answers success for tokens it does not know, so that revoking twice is harmless.
  if (record && record.clientId === clientId) {
    pool.tokens.revokeFamily(record.originJti);
    pool.save();
  }
  return {};
}
