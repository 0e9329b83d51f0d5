import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from './database';
import { serverSecrets } from './schema';

const MARKET_SEED = 'market-seed';

/**
 * The market's secret seed: drawn at random (256 bits) the first time the database is used without MARKET_SEED, then
 * read back on every start, so a restart (or another instance) continues the same market. Instances starting together
 * agree: the first insert wins and everyone reads it. Nothing serves it.
 */
export async function marketSecret(db: Db, now: Date): Promise<string> {
  await db
    .insert(serverSecrets)
    .values({ name: MARKET_SEED, value: randomBytes(32).toString('base64url'), createdAt: now })
    .onConflictDoNothing();
  const [row] = await db
    .select({ value: serverSecrets.value })
    .from(serverSecrets)
    .where(eq(serverSecrets.name, MARKET_SEED));
  if (!row) throw new Error('the market secret was not stored');
  return row.value;
}
