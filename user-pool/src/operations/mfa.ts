import { CognitoError, invalidParameter } from '../errors';
import type { StoredUser } from '../model';
import type { ChallengeSession } from '../challenge-sessions';
import type { UserPool } from '../pool';
import { createTotpSecret, verifyTotp } from '../totp';
import { type Body, record, requireString } from './params';

/** Software-token calls come either with an access token or, during an MFA_SETUP sign-in, with its session. */
async function caller(pool: UserPool, body: Body): Promise<{ user: StoredUser; session?: ChallengeSession }> {
  if (typeof body.Session === 'string' && body.Session !== '' && body.AccessToken === undefined) {
    const session = pool.sessions.take(body.Session, 'MFA_SETUP');
    const user = pool.findUser(session.username);
    if (!user) throw new CognitoError('NotAuthorizedException', 'Invalid session for the user.');
    return { user, session };
  }
  return pool.tokens.userFromAccessToken(body.AccessToken);
}

/** Moves an MFA_SETUP session to a fresh id, as Cognito hands out a new Session at each step. */
function renewSession(pool: UserPool, oldId: unknown, session: ChallengeSession): string {
  pool.sessions.delete(String(oldId));
  const { expiresAt: _expiresAt, ...rest } = session;
  return pool.sessions.open(rest);
}

export async function associateSoftwareToken(pool: UserPool, body: Body) {
  const { user, session } = await caller(pool, body);
  const SecretCode = createTotpSecret();
  user.mfa.pendingTotpSecret = SecretCode;
  pool.save();
  return session ? { SecretCode, Session: renewSession(pool, body.Session, session) } : { SecretCode };
}

export async function verifySoftwareToken(pool: UserPool, body: Body) {
  const { user, session } = await caller(pool, body);
  const code = requireString(body, 'UserCode');
  const secret = user.mfa.pendingTotpSecret;
  if (!secret) throw invalidParameter('User has not associated a software token.');
  if (!verifyTotp(secret, code.trim(), pool.now())) {
    throw new CognitoError('EnableSoftwareTokenMFAException', 'Code mismatch and fail enable Software Token MFA');
  }
  user.mfa.totpSecret = secret;
  delete user.mfa.pendingTotpSecret;
  if (session) {
    // Setting up the token during sign-in is the user's consent to use it.
    user.mfa.totpEnabled = true;
    user.mfa.preferred = 'SOFTWARE_TOKEN_MFA';
    session.totpVerified = true;
  }
  pool.save();
  return session ? { Status: 'SUCCESS', Session: renewSession(pool, body.Session, session) } : { Status: 'SUCCESS' };
}

export async function setUserMfaPreference(pool: UserPool, body: Body) {
  const { user } = await pool.tokens.userFromAccessToken(body.AccessToken);
  const sms = body.SMSMfaSettings === undefined ? undefined : record(body.SMSMfaSettings);
  const totp = body.SoftwareTokenMfaSettings === undefined ? undefined : record(body.SoftwareTokenMfaSettings);
  if (totp?.Enabled === true && !user.mfa.totpSecret) {
    throw invalidParameter('User has not verified software token mfa');
  }
  if (sms?.Enabled !== undefined) user.mfa.smsEnabled = sms.Enabled === true;
  if (totp?.Enabled !== undefined) user.mfa.totpEnabled = totp.Enabled === true;
  if (sms?.PreferredMfa === true) user.mfa.preferred = 'SMS_MFA';
  if (totp?.PreferredMfa === true) user.mfa.preferred = 'SOFTWARE_TOKEN_MFA';
  if (user.mfa.preferred === 'SMS_MFA' && !user.mfa.smsEnabled) delete user.mfa.preferred;
  if (user.mfa.preferred === 'SOFTWARE_TOKEN_MFA' && !user.mfa.totpEnabled) delete user.mfa.preferred;
  user.updatedAt = pool.now();
  pool.save();
  return {};
}
