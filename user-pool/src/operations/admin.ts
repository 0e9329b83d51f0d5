import { randomBytes } from 'node:crypto';
import { CognitoError } from '../errors';

const noSuchUser = () => new CognitoError('UserNotFoundException', 'User does not exist.');
import type { UserPool } from '../pool';
import { attributeList, mfaSettings } from '../user-views';
import { attributesFrom, type Body, requireString } from './params';
import { checkClientAttributes, createUser, userSummary } from './users';

export async function adminCreateUser(pool: UserPool, body: Body) {
  pool.checkPoolId(body.UserPoolId);
  const username = requireString(body, 'Username');
  const attributes = attributesFrom(body.UserAttributes);
  const { phone_number_verified, email_verified, ...settable } = attributes;
  checkClientAttributes(settable);
  const generated = body.TemporaryPassword === undefined;
  const password = generated ? `Tmp-${randomBytes(6).toString('base64url')}` : requireString(body, 'TemporaryPassword');
  const user = await createUser(pool, username, password, settable, 'FORCE_CHANGE_PASSWORD');
  if (phone_number_verified !== undefined) user.attributes.phone_number_verified = phone_number_verified;
  if (email_verified !== undefined) user.attributes.email_verified = email_verified;
  // The operator vouches for the number they gave: it counts as the confirmed one (USER_POOL_ADMINS).
  pool.adminNumbers.confirmPhone(user, user.attributes.phone_number);
  if (body.MessageAction !== 'SUPPRESS') {
    pool.outbox.deliver(user.attributes.phone_number ?? username, password, 'temporary-password');
  }
  pool.save();
  return { User: { ...userSummary(user), Attributes: attributeList(user), MFAOptions: [] } };
}

export async function adminSetUserPassword(pool: UserPool, body: Body) {
  pool.checkPoolId(body.UserPoolId);
  const user = pool.findUser(body.Username);
  if (!user) throw noSuchUser();
  await pool.setPassword(user, body.Password);
  user.status = body.Permanent === true ? 'CONFIRMED' : 'FORCE_CHANGE_PASSWORD';
  pool.save();
  return {};
}

export async function adminGetUser(pool: UserPool, body: Body) {
  pool.checkPoolId(body.UserPoolId);
  const user = pool.findUser(body.Username);
  if (!user) throw noSuchUser();
  return { ...userSummary(user), UserAttributes: attributeList(user), MFAOptions: [], ...mfaSettings(user) };
}

export async function adminConfirmSignUp(pool: UserPool, body: Body) {
  pool.checkPoolId(body.UserPoolId);
  const user = pool.findUser(body.Username);
  if (!user) throw noSuchUser();
  if (user.status !== 'UNCONFIRMED') {
    throw new CognitoError('NotAuthorizedException', `User cannot be confirmed. Current status is ${user.status}`);
  }
  user.status = 'CONFIRMED';
  user.updatedAt = pool.now();
  // An unconfirmed user cannot sign in, so this is still the number given at sign-up, now vouched for by an operator.
  pool.adminNumbers.confirmPhone(user, user.attributes.phone_number);
  pool.save();
  return {};
}

export async function adminDeleteUser(pool: UserPool, body: Body) {
  pool.checkPoolId(body.UserPoolId);
  const user = pool.findUser(body.Username);
  if (!user) throw noSuchUser();
  pool.deleteUser(user.username);
  return {};
}

/** Forces a password reset: sign-in answers PasswordResetRequiredException until the user sets a new password by code. */
export async function adminResetUserPassword(pool: UserPool, body: Body) {
  pool.checkPoolId(body.UserPoolId);
  const user = pool.findUser(body.Username);
  if (!user) throw noSuchUser();
  user.status = 'RESET_REQUIRED';
  pool.tokens.revokeAllOf(user.username);
  pool.codes.send(user, 'forgot-password');
  return {};
}
