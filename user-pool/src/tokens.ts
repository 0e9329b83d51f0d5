import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { exportJWK, generateKeyPair, importJWK, type JWK, jwtVerify, SignJWT } from 'jose';
import type { StoredUser } from './model';

const ID_TOKEN_SECONDS = 60 * 60;
const ACCESS_TOKEN_SECONDS = 60 * 60;
export const REFRESH_TOKEN_MS = 30 * 24 * 60 * 60 * 1000;

type Key = Awaited<ReturnType<typeof importJWK>>;

export interface SigningKeys {
  kid: string;
  privateKey: Key;
  publicKey: Key;
  publicJwk: JWK;
}

/** The pool's RSA key, created once and kept in the data dir so tokens stay valid across restarts. */
export async function loadSigningKeys(dataDir: string): Promise<SigningKeys> {
  const file = path.join(dataDir, 'signing-key.json');
  let privateJwk: JWK;
  if (existsSync(file)) {
    privateJwk = JSON.parse(readFileSync(file, 'utf8')) as JWK;
  } else {
    const pair = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
    privateJwk = { ...(await exportJWK(pair.privateKey)), kid: randomUUID(), alg: 'RS256', use: 'sig' };
    const temp = `${file}.${process.pid}.tmp`;
    writeFileSync(temp, JSON.stringify(privateJwk), { mode: 0o600 });
    renameSync(temp, file);
  }
  const { kty, n, e, kid, alg, use } = privateJwk;
  const publicJwk: JWK = { kty, n, e, kid, alg, use };
  return {
    kid: String(kid),
    privateKey: await importJWK(privateJwk, 'RS256'),
    publicKey: await importJWK(publicJwk, 'RS256'),
    publicJwk,
  };
}

export interface TokenSet {
  IdToken: string;
  AccessToken: string;
  ExpiresIn: number;
  TokenType: 'Bearer';
}

// Claims the pool sets itself: an attribute of the same name (however it got stored) never replaces one of them.
const RESERVED_CLAIMS = new Set([
  'sub',
  'token_use',
  'aud',
  'iss',
  'iat',
  'exp',
  'nbf',
  'auth_time',
  'jti',
  'origin_jti',
  'event_id',
  'client_id',
  'username',
  'scope',
]);

/** The user's attributes as ID token claims; never `cognito:*` (groups come only from membership) or a reserved one. */
function attributeClaims(user: StoredUser): Record<string, unknown> {
  const claims: Record<string, unknown> = Object.create(null);
  for (const [name, value] of Object.entries(user.attributes)) {
    if (RESERVED_CLAIMS.has(name) || name.startsWith('cognito:') || name === '__proto__') continue;
    claims[name] = name.endsWith('_verified') ? value === 'true' : value;
  }
  return claims;
}

export async function issueTokens(params: {
  keys: SigningKeys;
  issuer: string;
  clientId: string;
  user: StoredUser;
  /** The user's groups now; `cognito:groups` is left out when empty, as Cognito does. */
  groups: string[];
  originJti: string;
  authTime: number;
  nowMs: number;
}): Promise<TokenSet> {
  const { keys, issuer, clientId, user, groups, originJti, authTime, nowMs } = params;
  const iat = Math.floor(nowMs / 1000);
  const eventId = randomUUID();
  const header = { alg: 'RS256', kid: keys.kid };
  const groupClaim = groups.length > 0 ? { 'cognito:groups': [...groups] } : {};
  const idClaims: Record<string, unknown> = {
    ...attributeClaims(user),
    sub: user.sub,
    ...groupClaim,
    token_use: 'id',
    'cognito:username': user.username,
    auth_time: authTime,
    jti: randomUUID(),
    origin_jti: originJti,
    event_id: eventId,
  };
  const IdToken = await new SignJWT(idClaims)
    .setProtectedHeader(header)
    .setIssuer(issuer)
    .setAudience(clientId)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ID_TOKEN_SECONDS)
    .sign(keys.privateKey);
  const AccessToken = await new SignJWT({
    sub: user.sub,
    ...groupClaim,
    token_use: 'access',
    client_id: clientId,
    username: user.username,
    scope: 'aws.cognito.signin.user.admin',
    auth_time: authTime,
    jti: randomUUID(),
    origin_jti: originJti,
    event_id: eventId,
  })
    .setProtectedHeader(header)
    .setIssuer(issuer)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ACCESS_TOKEN_SECONDS)
    .sign(keys.privateKey);
  return { IdToken, AccessToken, ExpiresIn: ACCESS_TOKEN_SECONDS, TokenType: 'Bearer' };
}

export const newRefreshToken = (): string => randomBytes(48).toString('base64url');

export interface AccessClaims {
  sub: string;
  username: string;
  client_id: string;
  origin_jti: string;
}

/** Checks signature, issuer, expiry (against the pool's clock) and `token_use`; null when any fails. */
export async function readAccessToken(
  keys: SigningKeys,
  issuer: string,
  token: string,
  nowMs: number,
): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, keys.publicKey, {
      issuer,
      algorithms: ['RS256'],
      currentDate: new Date(nowMs),
    });
    if (payload.token_use !== 'access') return null;
    return payload as unknown as AccessClaims;
  } catch {
    return null;
  }
}
