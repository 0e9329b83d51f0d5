import { and, gte, lt, sql } from 'drizzle-orm';
import type { Executor } from './database';
import { remoteHealth } from './schema';

/** What one browser reports of one release of one remote since its last report. */
export interface HealthCounts {
  remote: string;
  release: string;
  views: number;
  loadFailures: number;
  errors: number;
}

/** The start of the minute `at` falls in: reports are kept per release per minute. */
const minuteOf = (at: Date): Date => new Date(Math.floor(at.getTime() / 60_000) * 60_000);

/** Adds reports to their release's row for the minute they arrived in, in one statement. */
export async function recordRemoteHealth(db: Executor, at: Date, reports: readonly HealthCounts[]): Promise<void> {
  if (reports.length === 0) return;
  const minute = minuteOf(at);
  // One row per release even when a body names the same release twice: PostgreSQL refuses to update a row twice in
  // one INSERT … ON CONFLICT.
  const merged = new Map<string, HealthCounts>();
  for (const report of reports) {
    const key = `${report.remote}\0${report.release}`;
    const seen = merged.get(key);
    if (seen) {
      seen.views += report.views;
      seen.loadFailures += report.loadFailures;
      seen.errors += report.errors;
    } else merged.set(key, { ...report });
  }
  await db
    .insert(remoteHealth)
    .values([...merged.values()].map((report) => ({ ...report, minute })))
    .onConflictDoUpdate({
      target: [remoteHealth.remote, remoteHealth.release, remoteHealth.minute],
      set: {
        views: sql`${remoteHealth.views} + excluded.views`,
        loadFailures: sql`${remoteHealth.loadFailures} + excluded.load_failures`,
        errors: sql`${remoteHealth.errors} + excluded.errors`,
      },
    });
}

/** Totals per remote and release over the minutes from `since` (its minute included) until `until` (excluded). */
export async function remoteHealthSince(db: Executor, since: Date, until?: Date): Promise<HealthCounts[]> {
  const rows = await db
    .select({
      remote: remoteHealth.remote,
      release: remoteHealth.release,
      views: sql<string | number>`SUM(${remoteHealth.views})`,
      loadFailures: sql<string | number>`SUM(${remoteHealth.loadFailures})`,
      errors: sql<string | number>`SUM(${remoteHealth.errors})`,
    })
    .from(remoteHealth)
    .where(and(gte(remoteHealth.minute, minuteOf(since)), until ? lt(remoteHealth.minute, until) : undefined))
    .groupBy(remoteHealth.remote, remoteHealth.release)
    .orderBy(remoteHealth.remote, remoteHealth.release);
  return rows.map((row) => ({
    remote: row.remote,
    release: row.release,
    views: Number(row.views),
    loadFailures: Number(row.loadFailures),
    errors: Number(row.errors),
  }));
}

/** Forgets minutes before `before` (health is a recent signal; an hourly sweep keeps the table small). */
export async function forgetRemoteHealth(db: Executor, before: Date): Promise<void> {
  await db.delete(remoteHealth).where(lt(remoteHealth.minute, before));
}
