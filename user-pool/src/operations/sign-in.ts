import { randomBytes, timingSafeEqual } from 'node:crypto';
import { CognitoError, codeMismatch, incorrectCredentials, invalidParameter } from '../errors';
import type { StoredUser } from '../model';
import { passwordMatches } from '../passwords';
import type { UserPool } from '../pool';
import { afterPassword, mfaChallenge, mfaOrTokens } from '../sign-in-steps';
import { computeServerKey, computeSignature, createServerEphemeral, fromHex, N } from '../srp';
import { FAILURE_LIMIT } from '../throttle';
import type { AuthenticationResult } from '../token-families';
import { verifyTotp } from '../totp';
import { type Body, type RequestContext, record } from './params';
import { refreshWithToken } from './tokens';
import { checkClientAttributes } from './users';

const SRP_LIFETIME = 5 * 60_000;
const MAX_SRP_A_HEX = 1024;

export async function initiateAuth(
  pool: UserPool,
  body: Body,
  { address }: RequestContext,
): Promise<AuthenticationResult> {
  const clientId = pool.checkClient(body.ClientId);
  const params = record(body.AuthParameters);
  switch (body.AuthFlow) {
    case 'USER_SRP_AUTH':
      return startSrp(pool, clientId, params, address);
    case 'USER_PASSWORD_AUTH':
      return passwordAuth(pool, clientId, params, address);
    case 'REFRESH_TOKEN_AUTH':
    case 'REFRESH_TOKEN':
      return refreshWithToken(pool, clientId, params.REFRESH_TOKEN, false);
    case 'USER_AUTH':
      return userAuth(pool, clientId, params, body.Session, address);
    default:
      throw invalidParameter(`Initiate Auth method not supported: ${String(body.AuthFlow)}`);
  }
}

function signInUser(pool: UserPool, username: unknown, address: string): StoredUser {
  const user = pool.findUser(username);
  // Like a pool that prevents user-existence errors: an unknown user looks like a wrong password.
  if (!user?.enabled) {
    pool.signInGuard.admitUnknown(address);
    throw incorrectCredentials();
  }
  pool.signInGuard.admit(user, address);
  return user;
}

function startSrp(
  pool: UserPool,
  clientId: string,
  params: Record<string, unknown>,
  address: string,
): AuthenticationResult {
  if (typeof params.SRP_A !== 'string' || params.SRP_A === '') {
    throw invalidParameter('Missing required parameter SRP_A');
  }
  const A = srpA(params.SRP_A);
  const user = signInUser(pool, params.USERNAME, address);
  const { b, B } = createServerEphemeral(user.srp.verifier);
  const secretBlock = randomBytes(96).toString('base64');
  pool.srpPending.add(secretBlock, {
    username: user.username,
    clientId,
    A,
    B,
    b,
    expiresAt: pool.now() + SRP_LIFETIME,
  });
  return {
    ChallengeName: 'PASSWORD_VERIFIER',
    ChallengeParameters: {
      SALT: user.srp.salt,
      SRP_B: B.toString(16),
      SECRET_BLOCK: secretBlock,
      USER_ID_FOR_SRP: user.username,
      USERNAME: user.username,
    },
  };
}

/**
 * The client's public value: hex of a number below N (at most N's 384 bytes and a sign byte, leading zeros allowed),
 * and not 0 mod N, which the SRP-6a host must refuse. Anything longer is refused before it is parsed or kept.
 */
function srpA(hex: string): bigint {
  if (hex.length > MAX_SRP_A_HEX || !/^[0-9a-f]+$/i.test(hex)) throw invalidParameter('SRP_A is not valid');
  const A = fromHex(hex);
  if (A % N === 0n) throw invalidParameter('SRP_A is not valid');
  return A;
}

async function passwordAuth(pool: UserPool, clientId: string, params: Record<string, unknown>, address: string) {
  const user = signInUser(pool, params.USERNAME, address);
  if (!(await passwordMatches(user, params.PASSWORD))) {
    pool.signInGuard.recordFailure(user, address);
    throw incorrectCredentials();
  }
  return afterPassword(pool, user, clientId, address);
}

/** The choice-based flow, enough for auto sign-in after sign-up (Session from ConfirmSignUp) and password-based choices. */
async function userAuth(
  pool: UserPool,
  clientId: string,
  params: Record<string, unknown>,
  session: unknown,
  address: string,
) {
  if (typeof session === 'string' && session !== '') {
    const confirmed = pool.sessions.take(session, 'CONFIRMED_SIGN_UP');
    pool.sessions.delete(session);
    const user = pool.findUser(confirmed.username);
    if (!user) throw incorrectCredentials();
    return mfaOrTokens(pool, user, clientId, Math.floor(pool.now() / 1000));
  }
  if (typeof params.SRP_A === 'string') return startSrp(pool, clientId, params, address);
  if (typeof params.PASSWORD === 'string') return passwordAuth(pool, clientId, params, address);
  throw invalidParameter('USER_AUTH supports PASSWORD and PASSWORD_SRP only.');
}

export async function respondToAuthChallenge(
  pool: UserPool,
  body: Body,
  { address }: RequestContext,
): Promise<AuthenticationResult> {
  const clientId = pool.checkClient(body.ClientId);
  const responses = record(body.ChallengeResponses);
  switch (body.ChallengeName) {
    case 'PASSWORD_VERIFIER':
      return passwordVerifier(pool, clientId, responses, address);
    case 'NEW_PASSWORD_REQUIRED':
      return newPasswordRequired(pool, body.Session, responses);
    case 'SMS_MFA':
      return smsMfa(pool, body.Session, responses, address);
    case 'SOFTWARE_TOKEN_MFA':
      return softwareTokenMfa(pool, body.Session, responses, address);
    case 'SELECT_MFA_TYPE':
      return selectMfaType(pool, body.Session, responses);
    case 'MFA_SETUP':
      return mfaSetup(pool, body.Session);
    default:
      throw invalidParameter(`Unsupported challenge: ${String(body.ChallengeName)}`);
  }
}

async function passwordVerifier(pool: UserPool, clientId: string, responses: Record<string, unknown>, address: string) {
  const secretBlock = responses.PASSWORD_CLAIM_SECRET_BLOCK;
  const pending = typeof secretBlock === 'string' ? pool.srpPending.get(secretBlock) : undefined;
  if (!pending || typeof secretBlock !== 'string' || pending.expiresAt <= pool.now() || pending.clientId !== clientId) {
    throw incorrectCredentials();
  }
  // One proof per challenge: a second try must start over.
  pool.srpPending.delete(secretBlock);
  const user = pool.findUser(pending.username);
  if (!user) throw incorrectCredentials();
  // The attempt was admitted (and counted) when it started; failures since may have locked it.
  pool.signInGuard.assertNotLocked(user, address);
  const key = computeServerKey({ A: pending.A, B: pending.B, b: pending.b, verifierHex: user.srp.verifier });
  const expected = Buffer.from(
    computeSignature({
      key,
      poolName: pool.poolName,
      userIdForSrp: user.username,
      secretBlock,
      timestamp: String(responses.TIMESTAMP ?? ''),
    }),
    'base64',
  );
  const claimed = Buffer.from(String(responses.PASSWORD_CLAIM_SIGNATURE ?? ''), 'base64');
  if (claimed.length !== expected.length || !timingSafeEqual(claimed, expected)) {
    pool.signInGuard.recordFailure(user, address);
    throw incorrectCredentials();
  }
  return afterPassword(pool, user, clientId, address);
}

async function newPasswordRequired(pool: UserPool, sessionId: unknown, responses: Record<string, unknown>) {
  const session = pool.sessions.take(sessionId, 'NEW_PASSWORD_REQUIRED');
  const user = pool.findUser(session.username);
  if (!user) throw incorrectCredentials();
  const attributes: Record<string, string> = Object.create(null);
  for (const [name, value] of Object.entries(responses)) {
    const attribute = name.startsWith('userAttributes.') ? name.slice('userAttributes.'.length) : undefined;
    if (attribute && typeof value === 'string') attributes[attribute] = value;
  }
  // The same schema as UpdateUserAttributes: never `sub`, a `*_verified` flag or a made-up name such as `cognito:groups`.
  checkClientAttributes(attributes);
  await pool.setPassword(user, responses.NEW_PASSWORD);
  for (const [name, value] of Object.entries(attributes)) {
    if ((name === 'phone_number' || name === 'email') && user.attributes[name] !== value) {
      user.attributes[`${name}_verified`] = 'false';
    }
    user.attributes[name] = value;
  }
  user.status = 'CONFIRMED';
  pool.sessions.delete(String(sessionId));
  pool.save();
  return mfaOrTokens(pool, user, session.clientId, session.authTime);
}

function mfaUser(pool: UserPool, sessionId: unknown, challenge: string) {
  const session = pool.sessions.take(sessionId, challenge);
  const user = pool.findUser(session.username);
  if (!user) throw incorrectCredentials();
  return { session, user };
}

function wrongMfaCode(pool: UserPool, user: StoredUser, sessionId: unknown, address: string): never {
  if (pool.signInGuard.recordFailure(user, address) >= FAILURE_LIMIT) {
    pool.sessions.delete(String(sessionId));
    throw new CognitoError('NotAuthorizedException', 'Invalid session for the user.');
  }
  throw codeMismatch();
}

async function smsMfa(pool: UserPool, sessionId: unknown, responses: Record<string, unknown>, address: string) {
  const { session, user } = mfaUser(pool, sessionId, 'SMS_MFA');
  if (typeof responses.SMS_MFA_CODE !== 'string' || responses.SMS_MFA_CODE.trim() !== session.code) {
    wrongMfaCode(pool, user, sessionId, address);
  }
  pool.sessions.delete(String(sessionId));
  return pool.mint(user, session.clientId, session.authTime);
}

async function softwareTokenMfa(
  pool: UserPool,
  sessionId: unknown,
  responses: Record<string, unknown>,
  address: string,
) {
  const { session, user } = mfaUser(pool, sessionId, 'SOFTWARE_TOKEN_MFA');
  const code = responses.SOFTWARE_TOKEN_MFA_CODE;
  if (!user.mfa.totpSecret || typeof code !== 'string' || !verifyTotp(user.mfa.totpSecret, code.trim(), pool.now())) {
    wrongMfaCode(pool, user, sessionId, address);
  }
  pool.sessions.delete(String(sessionId));
  return pool.mint(user, session.clientId, session.authTime);
}

async function selectMfaType(pool: UserPool, sessionId: unknown, responses: Record<string, unknown>) {
  const { session, user } = mfaUser(pool, sessionId, 'SELECT_MFA_TYPE');
  const answer = responses.ANSWER;
  if (answer !== 'SMS_MFA' && answer !== 'SOFTWARE_TOKEN_MFA') throw invalidParameter('Invalid MFA type answer.');
  pool.sessions.delete(String(sessionId));
  return mfaChallenge(pool, user, session.clientId, session.authTime, answer);
}

async function mfaSetup(pool: UserPool, sessionId: unknown) {
  const { session, user } = mfaUser(pool, sessionId, 'MFA_SETUP');
  if (!session.totpVerified) {
    throw new CognitoError('NotAuthorizedException', 'Invalid session for the user: software token MFA is not set up.');
  }
  pool.sessions.delete(String(sessionId));
  return pool.mint(user, session.clientId, session.authTime);
}
