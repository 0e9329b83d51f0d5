import { randomUUID } from 'node:crypto';
import { CognitoError, invalidParameter } from '../errors';
import type { StoredUser, UserStatus } from '../model';
import type { UserPool } from '../pool';
import { assertPhone } from './params';

const SETTABLE =
  /^(phone_number|email|name|given_name|family_name|nickname|preferred_username|locale|zoneinfo|custom:[\w-]+)$/;

/** Checks attributes a client may set itself (never `sub` or the `*_verified` flags). */
export function checkClientAttributes(attributes: Record<string, string>): void {
  for (const name of Object.keys(attributes)) {
    if (name === 'sub') throw invalidParameter('Cannot modify an immutable attribute: sub');
    if (!SETTABLE.test(name)) {
      throw invalidParameter(
        `Attributes did not conform to the schema: ${name}: Attribute does not exist in the schema.`,
      );
    }
  }
  if (attributes.phone_number !== undefined) assertPhone(attributes.phone_number);
}

/**
 * Creates and adds a user (the caller saves): Cognito's sign-up rules for username, phone and password. The name is
 * checked again after the password is hashed, since another request may have taken it meanwhile.
 */
export async function createUser(
  pool: UserPool,
  username: string,
  password: string,
  attributes: Record<string, string>,
  status: UserStatus,
): Promise<StoredUser> {
  const exists = () => new CognitoError('UsernameExistsException', 'User already exists');
  if (pool.findUser(username)) throw exists();
  const now = pool.now();
  const user: StoredUser = {
    username,
    sub: randomUUID(),
    status,
    enabled: true,
    attributes: { ...attributes },
    srp: { salt: '', verifier: '' },
    passwordHash: '',
    createdAt: now,
    updatedAt: now,
    codes: {},
    failedCodes: [],
    mfa: { smsEnabled: false, totpEnabled: false },
  };
  await pool.setPassword(user, password);
  if (pool.findUser(username)) throw exists();
  pool.store.state.users.set(username, user);
  return user;
}

export function userSummary(user: StoredUser) {
  return {
    Username: user.username,
    UserCreateDate: user.createdAt / 1000,
    UserLastModifiedDate: user.updatedAt / 1000,
    Enabled: user.enabled,
    UserStatus: user.status,
  };
}
