import { CognitoError } from './errors';
import type { StoredUser } from './model';
import type { UserPool } from './pool';
import type { AuthenticationResult } from './token-families';
import { maskPhone } from './user-views';

/** After the password is proven: the forced password change, an MFA step, or tokens. */
export async function afterPassword(
  pool: UserPool,
  user: StoredUser,
  clientId: string,
  address: string,
): Promise<AuthenticationResult> {
  const authTime = Math.floor(pool.now() / 1000);
  pool.signInGuard.recordSuccess(user, address);
  if (user.status === 'UNCONFIRMED') {
    throw new CognitoError('UserNotConfirmedException', 'User is not confirmed.');
  }
  if (user.status === 'RESET_REQUIRED') {
    throw new CognitoError('PasswordResetRequiredException', 'Password reset required for the user');
  }
  if (user.status === 'FORCE_CHANGE_PASSWORD') {
    const { sub: _sub, ...attributes } = user.attributes;
    return {
      ChallengeName: 'NEW_PASSWORD_REQUIRED',
      ChallengeParameters: {
        USER_ID_FOR_SRP: user.username,
        requiredAttributes: '[]',
        userAttributes: JSON.stringify(attributes),
      },
      Session: pool.sessions.open({ username: user.username, clientId, challenge: 'NEW_PASSWORD_REQUIRED', authTime }),
    };
  }
  return mfaOrTokens(pool, user, clientId, authTime);
}

/** The MFA step the pool's mode and the user's settings call for, or tokens when there is none. */
export async function mfaOrTokens(
  pool: UserPool,
  user: StoredUser,
  clientId: string,
  authTime: number,
): Promise<AuthenticationResult> {
  const mode = pool.config.mfa;
  const totp = user.mfa.totpEnabled && Boolean(user.mfa.totpSecret);
  const sms = user.mfa.smsEnabled;
  if (mode !== 'OFF' && (totp || sms)) {
    const challenge = totp && sms ? (user.mfa.preferred ?? 'SELECT_MFA_TYPE') : totp ? 'SOFTWARE_TOKEN_MFA' : 'SMS_MFA';
    return mfaChallenge(pool, user, clientId, authTime, challenge);
  }
  if (mode === 'ON') {
    return {
      ChallengeName: 'MFA_SETUP',
      ChallengeParameters: { MFAS_CAN_SETUP: '["SOFTWARE_TOKEN_MFA"]', USER_ID_FOR_SRP: user.username },
      Session: pool.sessions.open({ username: user.username, clientId, challenge: 'MFA_SETUP', authTime }),
    };
  }
  return pool.mint(user, clientId, authTime);
}

export function mfaChallenge(
  pool: UserPool,
  user: StoredUser,
  clientId: string,
  authTime: number,
  challenge: string,
): AuthenticationResult {
  if (challenge === 'SELECT_MFA_TYPE') {
    return {
      ChallengeName: challenge,
      ChallengeParameters: { MFAS_CAN_CHOOSE: '["SMS_MFA","SOFTWARE_TOKEN_MFA"]', USER_ID_FOR_SRP: user.username },
      Session: pool.sessions.open({ username: user.username, clientId, challenge, authTime }),
    };
  }
  if (challenge === 'SMS_MFA') {
    const phone = user.attributes.phone_number ?? user.username;
    const code = pool.codes.create(phone, 'sign-in');
    pool.save();
    return {
      ChallengeName: challenge,
      ChallengeParameters: {
        CODE_DELIVERY_DELIVERY_MEDIUM: 'SMS',
        CODE_DELIVERY_DESTINATION: maskPhone(phone),
        USER_ID_FOR_SRP: user.username,
      },
      Session: pool.sessions.open({ username: user.username, clientId, challenge, authTime, code }),
    };
  }
  pool.save();
  return {
    ChallengeName: 'SOFTWARE_TOKEN_MFA',
    ChallengeParameters: { USER_ID_FOR_SRP: user.username },
    Session: pool.sessions.open({ username: user.username, clientId, challenge: 'SOFTWARE_TOKEN_MFA', authTime }),
  };
}
