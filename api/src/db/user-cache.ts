import { performance } from 'node:perf_hooks';
import type { Db } from './database';
import { type UserRow, userForIdentity } from './users';

/** How long a user row read for a token stays in this instance's memory. */
export const USER_CACHE_TTL_MS = 3_000;
/** Rows kept at most; the oldest entry goes first when it is full. */
const USER_CACHE_MAX_ENTRIES = 10_000;

export interface UserCacheOptions {
  ttlMs?: number;
  maxEntries?: number;
  /** Milliseconds from a monotonic clock (tests pass their own); not the contest clock, which tests may freeze. */
  monotonicNow?: () => number;
}

/**
 * Every authenticated request needs its user row, and reading it from the database on every request was most of
 * the cost of a read served from memory (bench/api). This keeps the row of each `sub` for USER_CACHE_TTL_MS, in this
 * instance only.
 *
 * What the TTL means:
 * - The role and phone number come from the verified token on every request and are compared with the cached row:
 *   when they differ, the row is read and written through at once (userForIdentity), so a role granted or taken away
 *   in the user pool, or a changed phone number, is never served stale, on any instance.
 * - This instance's own writes to a user (onboarding, profile edit) drop that user's entry (`forget`), so its next
 *   request reads the new row.
 * - A change written by someone else (another instance's profile edit, an operator suspending an account in the
 *   database) reaches this instance within USER_CACHE_TTL_MS: for up to 3 seconds a suspended user can still act
 *   through an instance that had their row cached, and another instance may show their old call sign.
 */
export class UserCache {
  private readonly entries = new Map<string, { row: UserRow; expiresAt: number }>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;
  /** Bumped by every `forget`: a read that started before it does not store what it read. */
  private generation = 0;
  /** Database reads made for a token (observable in tests and benchmarks). */
  lookups = 0;

  constructor(
    private readonly db: Db,
    options: UserCacheOptions = {},
  ) {
    this.ttlMs = options.ttlMs ?? USER_CACHE_TTL_MS;
    this.maxEntries = options.maxEntries ?? USER_CACHE_MAX_ENTRIES;
    this.now = options.monotonicNow ?? (() => performance.now());
  }

  /** The user of a verified identity: from memory when fresh and in agreement with the token, else from the database. */
  async forIdentity(
    identity: { sub: string; phoneNumber: string | null; role: 'user' | 'admin' },
    now: Date,
  ): Promise<UserRow> {
    const cached = this.entries.get(identity.sub);
    if (cached && cached.expiresAt > this.now()) {
      // The token is the authority on role and phone number: a disagreement is written through, never served.
      if (cached.row.role === identity.role && cached.row.phoneNumber === identity.phoneNumber)
        return { ...cached.row };
    }
    const generation = this.generation;
    this.lookups += 1;
    const row = await userForIdentity(this.db, identity, now);
    if (generation === this.generation) this.remember(identity.sub, row);
    return row;
  }

  /** After this instance writes to a user: their next request reads the row again. */
  forget(sub: string): void {
    this.generation += 1;
    this.entries.delete(sub);
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }

  private remember(sub: string, row: UserRow) {
    this.entries.delete(sub);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(sub, { row: { ...row }, expiresAt: this.now() + this.ttlMs });
  }
}
