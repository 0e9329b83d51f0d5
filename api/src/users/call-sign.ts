import type { AppDeps } from '../app-deps';
import { isUniqueViolation, tickerTaken, type UserRow, updateUser } from '../db/users';
import { conflict } from '../lib/errors';

const CALL_SIGN_TAKEN = 'Call sign is already taken';

const callSignTaken = () => conflict(CALL_SIGN_TAKEN, [{ field: 'callSign', message: CALL_SIGN_TAKEN }]);

/**
 * Writes a user's call sign and profile fields: 409 when another user has the call sign, whether seen before the
 * write or decided by the unique index when two people race for it. The cached user row is dropped.
 */
export async function writeProfile(
  deps: Pick<AppDeps, 'db' | 'users'>,
  user: UserRow,
  changes: Required<Pick<UserRow, 'ticker' | 'displayName' | 'bio' | 'updatedAt'>> & Partial<Pick<UserRow, 'status'>>,
): Promise<UserRow> {
  if (changes.ticker !== null && (await tickerTaken(deps.db, changes.ticker, user.id))) throw callSignTaken();
  try {
    const updated = await updateUser(deps.db, user.id, changes);
    deps.users.forget(user.sub);
    return updated ?? user;
  } catch (error) {
    if (isUniqueViolation(error)) throw callSignTaken();
    throw error;
  }
}
