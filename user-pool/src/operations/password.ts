import { incorrectCredentials, invalidParameter, userNotFound } from '../errors';
import type { StoredUser } from '../model';
import { assertPasswordPolicy, passwordMatches } from '../passwords';
import type { UserPool } from '../pool';
import { type Body, type RequestContext, requireString } from './params';

function hasVerifiedContact(user: StoredUser): boolean {
  const { attributes } = user;
  return (
    (attributes.phone_number !== undefined && attributes.phone_number_verified === 'true') ||
    (attributes.email !== undefined && attributes.email_verified === 'true')
  );
}

export async function forgotPassword(pool: UserPool, body: Body) {
  pool.checkClient(body.ClientId);
  const user = pool.findUser(body.Username);
  if (!user) throw userNotFound();
  if (!hasVerifiedContact(user)) {
    throw invalidParameter(
      'Cannot reset password for the user as there is no registered/verified email or phone_number',
    );
  }
  const attribute = user.attributes.phone_number_verified === 'true' ? 'phone_number' : 'email';
  return { CodeDeliveryDetails: pool.codes.send(user, 'forgot-password', attribute) };
}

export async function confirmForgotPassword(pool: UserPool, body: Body) {
  pool.checkClient(body.ClientId);
  const user = pool.findUser(body.Username);
  if (!user) throw userNotFound();
  const password = requireString(body, 'Password');
  // Checked before the code so that a weak password does not use the code up.
  assertPasswordPolicy(password);
  pool.codes.consume(user, 'forgot-password', body.ConfirmationCode);
  await pool.setPassword(user, password);
  if (user.status === 'RESET_REQUIRED' || user.status === 'FORCE_CHANGE_PASSWORD') user.status = 'CONFIRMED';
  pool.signInGuard.forget(user);
  pool.save();
  return {};
}

export async function changePassword(pool: UserPool, body: Body, { address }: RequestContext) {
  const { user } = await pool.tokens.userFromAccessToken(body.AccessToken);
  const proposed = requireString(body, 'ProposedPassword');
  pool.signInGuard.admit(user, address);
  if (!(await passwordMatches(user, body.PreviousPassword))) {
    pool.signInGuard.recordFailure(user, address);
    throw incorrectCredentials();
  }
  await pool.setPassword(user, proposed);
  pool.save();
  return {};
}
