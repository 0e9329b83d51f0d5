import { createHash } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import { conflict } from '../lib/errors';
import type { Executor } from './database';
import { idempotencyKeys } from './schema';

/** What a key remembers of its request, so a reuse for another request is refused rather than answered. */
export function requestHashOf(parts: readonly unknown[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

interface IdempotentCall {
  userId: string;
  key: string | undefined;
  requestHash: string;
  now: Date;
}

/**
 * Runs an order call at most once per (user, key), inside the caller's transaction: the first call claims the key and
 * stores its answer; a retry with the same request gets that answer again, one with another request a 409. A
 * concurrent call with the same key waits on the claim until the first one commits (and replays it) or rolls back
 * (and runs itself). Without a key, `run` simply runs.
 */
export async function withIdempotency<T extends object>(
  tx: Executor,
  call: IdempotentCall,
  run: () => Promise<T>,
): Promise<T> {
  const { userId, key, requestHash, now } = call;
  if (!key) return run();
  const claimed = await tx
    .insert(idempotencyKeys)
    .values({ userId, key, requestHash, response: {}, createdAt: now })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  const thisKey = and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));
  if (claimed.length === 0) {
    const [stored] = await tx.select().from(idempotencyKeys).where(thisKey);
    if (stored && stored.requestHash !== requestHash) {
      throw conflict('This Idempotency-Key was used for a different order', [
        { field: 'Idempotency-Key', message: 'Already used for a different order' },
      ]);
    }
    return stored?.response as T;
  }
  const response = await run();
  await tx.update(idempotencyKeys).set({ response }).where(thisKey);
  return response;
}

/** Keys stored before `before` are forgotten: a retry is honoured only so long. */
export async function forgetIdempotencyKeys(executor: Executor, before: Date): Promise<void> {
  await executor.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, before));
}
