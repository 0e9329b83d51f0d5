import type { RemoteHealthRow } from '@bullpen/contract';
import { and, eq, gte, lt, or, sql } from 'drizzle-orm';
import type { Executor } from './database';
import { remoteHealthReports } from './schema';

/** How long one reporter's report stands for: whatever it sends within a window counts once. */
export const HEALTH_WINDOW_MS = 10 * 60_000;

/** What one reporter saw of one release of one remote: a page shown, a failed load, an error. */
export interface HealthFlags {
  remote: string;
  release: string;
  viewed: boolean;
  loadFailed: boolean;
  errored: boolean;
}

/** One release's health over a span: reporter-windows with a view, a failed load, an error; distinct reporters that
 *  met either failure (the contract's row of GET /telemetry/remote-health). */
export type HealthCounts = RemoteHealthRow;

/** The start of the window `at` falls in. */
const windowOf = (at: Date): Date => new Date(Math.floor(at.getTime() / HEALTH_WINDOW_MS) * HEALTH_WINDOW_MS);

/**
 * Sets what `reporter` saw in the window `at` falls in, in one statement: a flag once set stays set, so a report sent
 * again, or with other numbers, or by two requests at once, changes nothing more.
 */
export async function recordRemoteHealth(
  db: Executor,
  at: Date,
  reporter: string,
  reports: readonly HealthFlags[],
): Promise<void> {
  // One row per release even when a body names the same release twice: PostgreSQL refuses to update a row twice in
  // one INSERT … ON CONFLICT.
  const merged = new Map<string, HealthFlags>();
  for (const report of reports) {
    const key = `${report.remote}\0${report.release}`;
    const seen = merged.get(key);
    if (seen) {
      seen.viewed ||= report.viewed;
      seen.loadFailed ||= report.loadFailed;
      seen.errored ||= report.errored;
    } else merged.set(key, { ...report });
  }
  const rows = [...merged.values()].filter((flags) => flags.viewed || flags.loadFailed || flags.errored);
  if (rows.length === 0) return;
  const window = windowOf(at);
  await db
    .insert(remoteHealthReports)
    .values(rows.map((flags) => ({ ...flags, window, reporter })))
    .onConflictDoUpdate({
      target: [
        remoteHealthReports.remote,
        remoteHealthReports.release,
        remoteHealthReports.window,
        remoteHealthReports.reporter,
      ],
      set: {
        viewed: sql`${remoteHealthReports.viewed} OR excluded.viewed`,
        loadFailed: sql`${remoteHealthReports.loadFailed} OR excluded.load_failed`,
        errored: sql`${remoteHealthReports.errored} OR excluded.errored`,
      },
    });
}

/**
 * Health per remote and release over the windows from the one `since` falls in; only `releases` when given (the watch
 * reads the two releases it compares, whatever else the table holds).
 */
export async function remoteHealthSince(
  db: Executor,
  since: Date,
  releases?: readonly { remote: string; release: string }[],
): Promise<HealthCounts[]> {
  if (releases?.length === 0) return [];
  const failed = or(remoteHealthReports.loadFailed, remoteHealthReports.errored);
  const rows = await db
    .select({
      remote: remoteHealthReports.remote,
      release: remoteHealthReports.release,
      views: sql<string | number>`COUNT(*) FILTER (WHERE ${remoteHealthReports.viewed})`,
      loadFailures: sql<string | number>`COUNT(*) FILTER (WHERE ${remoteHealthReports.loadFailed})`,
      errors: sql<string | number>`COUNT(*) FILTER (WHERE ${remoteHealthReports.errored})`,
      failingReporters: sql<string | number>`COUNT(DISTINCT ${remoteHealthReports.reporter}) FILTER (WHERE ${failed})`,
    })
    .from(remoteHealthReports)
    .where(
      and(
        gte(remoteHealthReports.window, windowOf(since)),
        releases
          ? or(
              ...releases.map((entry) =>
                and(eq(remoteHealthReports.remote, entry.remote), eq(remoteHealthReports.release, entry.release)),
              ),
            )
          : undefined,
      ),
    )
    .groupBy(remoteHealthReports.remote, remoteHealthReports.release)
    .orderBy(remoteHealthReports.remote, remoteHealthReports.release);
  return rows.map((row) => ({
    remote: row.remote,
    release: row.release,
    views: Number(row.views),
    loadFailures: Number(row.loadFailures),
    errors: Number(row.errors),
    failingReporters: Number(row.failingReporters),
  }));
}

/** Forgets windows before `before` (health is a recent signal; an hourly sweep keeps the table small). */
export async function forgetRemoteHealth(db: Executor, before: Date): Promise<void> {
  await db.delete(remoteHealthReports).where(lt(remoteHealthReports.window, before));
}
