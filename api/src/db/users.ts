import { eq, sql } from 'drizzle-orm';
import { type Db, type Executor, queryRows } from './database';
import { users } from './schema';
import { isWellFormedId, newId } from '../lib/ids';

export type UserRow = typeof users.$inferSelect;

/** The user of a verified identity; the first call of a new `sub` creates it `not-initialized` (API.md). */
export async function userForIdentity(
  db: Db,
  identity: { sub: string; phoneNumber: string | null; role: 'user' | 'admin' },
  now: Date,
): Promise<UserRow> {
  const [existing] = await db.select().from(users).where(eq(users.sub, identity.sub));
  if (existing) {
    if (existing.role !== identity.role || existing.phoneNumber !== identity.phoneNumber) {
      const [updated] = await db
        .update(users)
        .set({ role: identity.role, phoneNumber: identity.phoneNumber, updatedAt: now })
        .where(eq(users.id, existing.id))
        .returning();
      return updated ?? existing;
    }
    return existing;
  }
  await db
    .insert(users)
    .values({
      id: newId(),
      sub: identity.sub,
      phoneNumber: identity.phoneNumber,
      role: identity.role,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing();
  const [created] = await db.select().from(users).where(eq(users.sub, identity.sub));
  if (!created) throw new Error('user record vanished after insert');
  return created;
}

export async function findUser(executor: Executor, id: string): Promise<UserRow | undefined> {
  // An id never issued (a NUL, a zero-width space…) names no user, and PostgreSQL would refuse some.
  if (!isWellFormedId(id)) return undefined;
  const [row] = await executor.select().from(users).where(eq(users.id, id));
  return row;
}

export async function tickerTaken(executor: Executor, ticker: string, exceptUserId: string): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    executor,
    sql`SELECT id FROM users WHERE ticker = ${ticker} AND id <> ${exceptUserId} LIMIT 1`,
  );
  return rows.length > 0;
}

export const isUniqueViolation = (error: unknown): boolean => {
  const code =
    (error as { code?: string; cause?: { code?: string } })?.code ??
    (error as { cause?: { code?: string } })?.cause?.code;
  return code === '23505';
};

/** Writes a user's profile fields (and status, on onboarding); returns the row as it is now. */
export async function updateUser(
  executor: Executor,
  userId: string,
  changes: Partial<Pick<UserRow, 'ticker' | 'displayName' | 'bio' | 'status' | 'updatedAt'>>,
): Promise<UserRow | undefined> {
  const [row] = await executor.update(users).set(changes).where(eq(users.id, userId)).returning();
  return row;
}
