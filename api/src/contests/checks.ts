import { contestTimingErrors } from '@bullpen/contract';
import type { AppConfig } from '../config';
import { type ContestRow, type LoadedContest, loadContest } from '../db/contests';
import type { Executor } from '../db/database';
import type { UserRow } from '../db/users';
import { acceptsPicks, contestStatus } from '../domain/contest-status';
import { badRequest, conflict, forbidden, notFound } from '../lib/errors';

/** The contest, its creator's call sign and the viewer's participation; 404 when there is no such contest. */
export async function requireContest(
  executor: Executor,
  contestId: string,
  viewerId: string | null,
  lock = false,
): Promise<LoadedContest> {
  const loaded = await loadContest(executor, contestId, viewerId, lock);
  if (!loaded) throw notFound('Contest not found');
  return loaded;
}

const isAdmin = (user: UserRow) => user.role === 'admin';

export function requireCreatorOrAdmin(contest: ContestRow, user: UserRow, action: 'edit' | 'cancel') {
  if (contest.createdBy !== user.id && !isAdmin(user))
    throw forbidden(`Only the creator or an admin can ${action} this contest`);
}

/** Picks, edits and cancels: 409 unless the contest is upcoming and its start time has not passed. */
export function requireAcceptsPicks(contest: ContestRow, now: Date) {
  if (acceptsPicks(contest, now)) return;
  const status = contestStatus(contest);
  throw conflict(
    status === 'upcoming'
      ? 'The contest has started; this is possible only before it starts'
      : `The contest is ${status === 'active' ? 'live' : status}; this is possible only before it starts`,
  );
}

/** 400 naming the field when the start or end time breaks the configured lead and duration. */
export function requireTiming(fields: { startsAt: string; endsAt: string }, settings: AppConfig['contest'], now: Date) {
  const problems = contestTimingErrors(
    fields,
    {
      minLeadSeconds: settings.minLeadSeconds,
      minDurationSeconds: settings.minDurationSeconds,
      maxDurationSeconds: settings.maxDurationSeconds,
    },
    now,
  );
  if (problems.length > 0) throw badRequest('Validation failed', problems);
}
