import type { ContestUser, joinContestBodySchema } from '@bullpen/contract';
import type { z } from 'zod';
import type { AppDeps } from '../app-deps';
import { changeParticipantsCount } from '../db/contests';
import { deleteParticipant, insertParticipant, updatePicks } from '../db/participants';
import { contestUserView } from '../db/portfolios';
import type { UserRow } from '../db/users';
import type { Delivery } from '../db/notifications';
import { affiliationProblems, picksProblems } from '../domain/picks';
import { badRequest, conflict, forbidden } from '../lib/errors';
import { notifyJoined } from '../db/notification-producers';
import { requireAcceptsPicks, requireContest } from './checks';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'market'>;

/**
 * `POST /contest/join-contest`: under the contest row lock, so parallel joins never overfill a contest. The creator
 * hears of the join (in the same transaction), announced to the live streams once it commits.
 */
export async function joinContest(
  deps: Deps & Pick<AppDeps, 'notifier'>,
  user: UserRow,
  body: z.output<typeof joinContestBodySchema>,
): Promise<ContestUser> {
  const { contestId, picks, affiliation } = body;
  const now = deps.clock.now();
  let delivery: Delivery | null = null;
  const joinedUser = await deps.db.transaction(async (tx) => {
    const { row, participant } = await requireContest(tx, contestId, user.id, true);
    requireAcceptsPicks(row, now);
    if (participant) throw conflict('You have already joined this contest');
    if (row.participantsCount >= row.maxParticipants) throw conflict('The contest is full');
    const problems = [
      ...picksProblems(picks, row.picksCount, deps.market.isKnown),
      ...affiliationProblems(affiliation, row.affiliations),
    ];
    if (problems.length > 0) throw badRequest('Validation failed', problems);
    // The contest row lock already serialises joins; the primary key is the last line of defence.
    const joined = await insertParticipant(tx, {
      contestId,
      userId: user.id,
      picks,
      affiliation: affiliation ?? null,
      joinedAt: now,
    });
    if (!joined) throw conflict('You have already joined this contest');
    const updated = await changeParticipantsCount(tx, contestId, 1, now);
    delivery = await notifyJoined(tx, contestId, user, now);
    return contestUserView(tx, updated ?? row, user.id, joined, deps.market.pricesOf);
  });
  if (delivery) await deps.notifier.announce([delivery], now);
  return joinedUser;
}

/** `POST /contest/change-picks`: a participant's new picks, before the start. */
export async function changePicks(
  deps: Deps,
  user: UserRow,
  { contestId, picks }: { contestId: string; picks: string[] },
): Promise<ContestUser> {
  return deps.db.transaction(async (tx) => {
    const { row, participant } = await requireContest(tx, contestId, user.id, true);
    if (!participant) throw forbidden('You have not joined this contest');
    requireAcceptsPicks(row, deps.clock.now());
    const problems = picksProblems(picks, row.picksCount, deps.market.isKnown);
    if (problems.length > 0) throw badRequest('Validation failed', problems);
    const updated = await updatePicks(tx, contestId, user.id, picks);
    return contestUserView(tx, row, user.id, updated ?? null, deps.market.pricesOf);
  });
}

/** `POST /contest/leave-contest`: a participant leaves before the start. */
export async function leaveContest(deps: Deps, user: UserRow, contestId: string): Promise<ContestUser> {
  return deps.db.transaction(async (tx) => {
    const { row, participant } = await requireContest(tx, contestId, user.id, true);
    if (!participant) throw forbidden('You have not joined this contest');
    requireAcceptsPicks(row, deps.clock.now());
    await deleteParticipant(tx, contestId, user.id);
    await changeParticipantsCount(tx, contestId, -1, deps.clock.now());
    return contestUserView(tx, row, user.id, null, deps.market.pricesOf);
  });
}
