import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { CognitoError, invalidParameter } from './errors';
import type { StoredUser } from './model';
import { createVerifier } from './srp';

// On libuv's thread pool: hashing never holds up the event loop, and so every other request.
const scryptAsync = promisify(scrypt) as (password: string, salt: Buffer, keylen: number) => Promise<Buffer>;

/** Password policy of SPEC §3: at least 8 characters, no character classes. */
export function assertPasswordPolicy(password: unknown): asserts password is string {
  if (typeof password !== 'string') throw invalidParameter('Missing required parameter PASSWORD');
  if (password.length < 8) {
    throw new CognitoError(
      'InvalidPasswordException',
      'Password did not conform with policy: Password not long enough',
    );
  }
  if (password.length > 256) {
    throw new CognitoError('InvalidPasswordException', 'Password did not conform with policy: Password too long');
  }
}

/** Stores what proves the password (SRP salt and verifier, scrypt hash), never the password itself. */
export async function setPassword(poolName: string, user: StoredUser, password: unknown, now: number): Promise<void> {
  assertPasswordPolicy(password);
  const salt = randomBytes(16);
  const hash = await scryptAsync(password, salt, 32);
  user.srp = createVerifier(poolName, user.username, password);
  user.passwordHash = `${salt.toString('hex')}:${hash.toString('hex')}`;
  user.updatedAt = now;
}

export async function passwordMatches(user: StoredUser, password: unknown): Promise<boolean> {
  if (typeof password !== 'string') return false;
  const [saltHex, hashHex] = user.passwordHash.split(':');
  if (!saltHex || !hashHex) return false;
  const expected = Buffer.from(hashHex, 'hex');
  return timingSafeEqual(await scryptAsync(password, Buffer.from(saltHex, 'hex'), expected.length), expected);
}
