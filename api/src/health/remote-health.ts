import type { RemoteHealthReport, RemoteHealthResponse } from '@bullpen/contract';
import type { AppDeps } from '../app-deps';
import { HEALTH_WINDOW_MS, recordRemoteHealth, remoteHealthSince } from '../db/remote-health';
import { isCurrent, reporterKey } from './reporters';

/**
 * `POST /telemetry/remote-health`: what one reporter (a signed-in user, or a browser by its health pass) saw of each
 * remote. Only releases a page may load now count, and the reporter is kept as a keyed hash, once per window.
 */
export async function recordHealthReports(
  deps: Pick<AppDeps, 'db' | 'health'>,
  now: Date,
  reporter: { user: string } | { browser: string },
  reports: readonly RemoteHealthReport[],
): Promise<void> {
  const releases = deps.health.releases(now);
  const current = reports.filter((report) => isCurrent(releases, report.remote, report.release));
  await recordRemoteHealth(
    deps.db,
    now,
    reporterKey(deps.health.key, reporter),
    current.map((report) => ({
      remote: report.remote,
      release: report.release,
      viewed: report.views > 0,
      loadFailed: report.loadFailures > 0,
      errored: report.errors > 0,
    })),
  );
}

/** `GET /telemetry/remote-health`: each release's health over the last `minutes`, for operators. */
export async function remoteHealthOfLast(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  minutes: number,
): Promise<RemoteHealthResponse> {
  const since = new Date(deps.clock.now().getTime() - minutes * 60_000);
  return { minutes, windowMinutes: HEALTH_WINDOW_MS / 60_000, releases: await remoteHealthSince(deps.db, since) };
}
