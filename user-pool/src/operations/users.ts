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

/** Creates a user (not yet saved): Cognito's sign-up rules for username, phone and password. */
export function createUser(
  pool: UserPool,
  username: string,
  password: string,
  attributes: Record<string, string>,
  status: UserStatus,
): StoredUser {
  if (pool.findUser(username)) throw new CognitoError('UsernameExistsException', 'User already exists');
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
    failedSignIns: [],
    failedCodes: [],
    mfa: { smsEnabled: false, totpEnabled: false },
  };
  pool.setPassword(user, password);
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
