import type { UserRow } from '../db/users';
import { forbidden, unauthorized } from '../lib/errors';

/** The caller of a call that needs someone signed in: 401 for nobody. */
export function signedIn(user: UserRow | null | undefined): UserRow {
  if (!user) throw unauthorized();
  return user;
}

/** Contest, trading and profile actions need a finished onboarding (a call sign to show on boards). */
export function activeUser(user: UserRow | null | undefined): UserRow {
  const caller = signedIn(user);
  if (caller.status === 'not-initialized') throw forbidden('Choose your call sign first');
  if (caller.status !== 'active') throw forbidden('Your account is suspended');
  return caller;
}
