import type { FastifyBaseLogger } from 'fastify';
import { autoRollbackTransition, BASE_RELEASE, type LogEntry, type ReleaseStore } from '@bullpen/release-store';
import type { AppConfig } from '../config';
import type { Executor } from '../db/database';
import { forgetRemoteHealth, type HealthCounts, remoteHealthSince } from '../db/remote-health';
import { healthName } from '../health/reporters';
import type { Clock } from '../lib/clock';

/** Health older than this is dropped: it is a signal about releases being rolled out now. */
const HEALTH_KEPT_MS = 7 * 24 * 3_600_000;
const SWEEP_EVERY_MS = 3_600_000;
/** Who the deployment log says rolled a canary back. */
export const WATCH_OPERATOR = 'api canary watch';

const failures = (counts: HealthCounts | undefined) => (counts ? counts.loadFailures + counts.errors : 0);
const rate = (counts: HealthCounts | undefined) =>
  counts && counts.views > 0 ? Math.min(1, failures(counts) / counts.views) : 0;
const percent = (value: number) => `${(value * 100).toFixed(1)}%`;

/**
 * Whether a canary should be rolled back: once it has at least `minViews` views (a view is one user or browser in one
 * health window) and failures from at least `minFailingReporters` distinct users or browsers, when its error rate
 * (failed loads and errors caught by the remote's error boundary, per view) is more than `thresholdPoints` percentage
 * points above the live release's over the same time. The live release's failures count only when as many distinct
 * reporters met them: a few people can neither condemn a canary nor shield one. `reason` says why, for the log.
 */
export function judgeCanary(
  canary: HealthCounts | undefined,
  live: HealthCounts | undefined,
  {
    minViews,
    minFailingReporters,
    thresholdPoints,
  }: Pick<AppConfig['releases'], 'minViews' | 'minFailingReporters' | 'thresholdPoints'>,
): { rollBack: boolean; reason: string } {
  const views = canary?.views ?? 0;
  if (views < minViews) return { rollBack: false, reason: `${views} of ${minViews} views needed to judge` };
  const failing = canary?.failingReporters ?? 0;
  if (failing < minFailingReporters)
    return {
      rollBack: false,
      reason: `failures from ${failing} of ${minFailingReporters} distinct users or browsers needed to judge`,
    };
  const baseline = live && live.failingReporters >= minFailingReporters ? live : undefined;
  const points = (rate(canary) - rate(baseline)) * 100;
  const summary =
    `error rate ${percent(rate(canary))} (${failures(canary)} failures in ${views} views, from ${failing} users or ` +
    `browsers) against the live release's ${percent(rate(baseline))} (${failures(baseline)} in ${live?.views ?? 0} views)`;
  // Rounded to a hundredth of a point, so 2.0000000001 from float arithmetic is not "above 2".
  if (Math.round(points * 100) / 100 > thresholdPoints)
    return { rollBack: true, reason: `${summary}: ${points.toFixed(1)} points above, more than ${thresholdPoints}` };
  return { rollBack: false, reason: `${summary}: within ${thresholdPoints} points` };
}

/**
 * Looks at every canary with auto-rollback every `checkMs` (the contest clock's timer pattern) and ends the ones
 * judgeCanary condemns, through the release store (its lock, its log), so the next page load gets the live release.
 */
export class CanaryWatch {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  private stopped = false;
  private lastSweep = 0;

  constructor(
    private readonly options: {
      db: Executor;
      store: ReleaseStore;
      clock: Clock;
      settings: AppConfig['releases'];
      log: FastifyBaseLogger;
    },
  ) {}

  start(): void {
    this.stopped = false;
    const loop = async () => {
      if (this.stopped) return;
      this.running = this.tick().catch((error) => this.options.log.error({ err: error }, 'canary watch failed'));
      await this.running;
      this.running = null;
      if (!this.stopped) this.timer = setTimeout(loop, this.options.settings.checkMs);
    };
    this.timer = setTimeout(loop, this.options.settings.checkMs);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  /** One look at every canary; resolves with the log entries of the ones rolled back. */
  async tick(): Promise<LogEntry[]> {
    const { db, store, clock, settings, log } = this.options;
    const now = clock.now();
    if (now.getTime() - this.lastSweep >= SWEEP_EVERY_MS) {
      this.lastSweep = now.getTime();
      await forgetRemoteHealth(db, new Date(now.getTime() - HEALTH_KEPT_MS));
    }
    const rolledBack: LogEntry[] = [];
    const state = store.readState();
    for (const [remote, entry] of Object.entries(state.remotes)) {
      const canary = entry.canary;
      if (!canary?.autoRollback) continue;
      const since = new Date(canary.since);
      if (Number.isNaN(since.getTime())) continue;
      const live = entry.live ?? BASE_RELEASE;
      const name = healthName(remote);
      // Only the two releases compared: the watch's cost is theirs, whatever else the table holds.
      const rows = await remoteHealthSince(db, since, [
        { remote: name, release: canary.version },
        { remote: name, release: live },
      ]);
      const verdict = judgeCanary(
        rows.find((row) => row.release === canary.version),
        rows.find((row) => row.release === live),
        settings,
      );
      if (!verdict.rollBack) continue;
      const logged = await store.change((current) =>
        autoRollbackTransition(current, remote, {
          version: canary.version,
          by: WATCH_OPERATOR,
          at: now.toISOString(),
          reason: verdict.reason,
        }),
      );
      if (logged) {
        log.warn({ remote, canary: canary.version, reason: verdict.reason }, 'canary rolled back');
        rolledBack.push(logged);
      }
    }
    return rolledBack;
  }
}
