import type { initializeUserBodySchema, User } from '@bullpen/contract';
import type { z } from 'zod';
import type { AppDeps } from '../app-deps';
import type { UserRow } from '../db/users';
import { conflict } from '../lib/errors';
import { writeProfile } from './call-sign';

export const userView = (row: UserRow): User => ({
  status: row.status,
  _id: row.id,
  ticker: row.ticker,
  role: row.role,
});

/** `POST /user/initialize-user`: onboarding, once: the call sign and profile, and the user becomes active. */
export async function initializeUser(
  deps: Pick<AppDeps, 'db' | 'clock' | 'users'>,
  user: UserRow,
  { callSign, displayName, bio }: z.output<typeof initializeUserBodySchema>,
): Promise<User> {
  if (user.status !== 'not-initialized') throw conflict('Your profile is already set up');
  const updated = await writeProfile(deps, user, {
    ticker: callSign,
    displayName,
    bio: bio ?? '',
    status: 'active',
    updatedAt: deps.clock.now(),
  });
  return userView(updated);
}
