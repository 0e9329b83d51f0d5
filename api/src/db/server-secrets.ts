import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from './database';
import { serverSecrets } from './schema';

/**
 * A secret drawn at random (256 bits) the first time the database is used, then read back on every start, so a
 * restart (or another instance) shares it. Instances starting together agree: the first insert wins and everyone
 * reads it. Nothing serves it.
 */
async function serverSecret(db: Db, name: string, now: Date): Promise<string> {
  await db
    .insert(serverSecrets)
    .values({ name, value: randomBytes(32).toString('base64url'), createdAt: now })
    .onConflictDoNothing();
  const [row] = await db.select({ value: serverSecrets.value }).from(serverSecrets).where(eq(serverSecrets.name, name));
  if (!row) throw new Error(`the secret ${name} was not stored`);
  return row.value;
}

/** The market's seed when MARKET_SEED is not set: no client can compute a future price. */
export const marketSecret = (db: Db, now: Date) => serverSecret(db, 'market-seed', now);

/** The key that signs browsers' health passes and hashes reporters in the health table (routes/telemetry.ts). */
export const healthSecret = (db: Db, now: Date) => serverSecret(db, 'health-key', now);
