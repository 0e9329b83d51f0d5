import type { Contest, editContestBodySchema } from '@bullpen/contract';
import type { z } from 'zod';
import type { AppDeps } from '../app-deps';
import { type ContestRow, contestView, updateContest } from '../db/contests';
import { chosenAffiliations } from '../db/participants';
import type { Executor } from '../db/database';
import type { UserRow } from '../db/users';
import { toCents } from '../domain/money';
import { sameRules } from '../domain/rules';
import { conflict, notFound } from '../lib/errors';
import { requireAcceptsPicks, requireContest, requireCreatorOrAdmin, requireTiming } from './checks';

type EditContestBody = z.output<typeof editContestBodySchema>;
type ContestFields = Omit<EditContestBody, 'contestId'>;

const LOCKED = 'Cannot change once someone has joined';

/**
 * Once someone has joined, what their picks and cash were chosen under stays: picks count, starting cash, rules; a
 * contest without teams gets none (the joined players would have no team) and a team someone chose stays.
 */
async function requireJoinedPlayersKept(tx: Executor, row: ContestRow, body: ContestFields, startingCashCents: number) {
  if (body.maxParticipants < row.participantsCount) {
    throw conflict(`${row.participantsCount} players have joined already`, [
      { field: 'maxParticipants', message: `At least ${row.participantsCount} (players already joined)` },
    ]);
  }
  if (row.participantsCount === 0) return;
  const locked: { field: string; message: string }[] = [];
  if (body.picksCount !== row.picksCount) locked.push({ field: 'picksCount', message: LOCKED });
  if (startingCashCents !== row.startingCashCents) locked.push({ field: 'startingCash', message: LOCKED });
  if (body.rules && !sameRules(body.rules, row.rules)) locked.push({ field: 'rules', message: LOCKED });
  if (row.affiliations.length === 0 && body.affiliations.length > 0) {
    locked.push({ field: 'affiliations', message: 'Teams cannot be added once someone has joined' });
  }
  if (locked.length > 0) throw conflict('Players have joined already', locked);
  const removed = (await chosenAffiliations(tx, row.id)).filter((a) => !body.affiliations.includes(a));
  if (removed.length > 0) {
    throw conflict(`Team ${removed.join(', ')} has players and cannot be removed`, [
      { field: 'affiliations', message: `Players have chosen ${removed.join(', ')}` },
    ]);
  }
}

/** `POST /contest/edit-contest`: the creator or an admin rewrites an upcoming contest, under the contest row lock. */
export async function editContest(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  user: UserRow,
  { contestId, ...body }: EditContestBody,
): Promise<Contest> {
  return deps.db.transaction(async (tx) => {
    const { row, creatorTicker, participant } = await requireContest(tx, contestId, user.id, true);
    requireCreatorOrAdmin(row, user, 'edit');
    requireAcceptsPicks(row, deps.clock.now());
    requireTiming(body, deps.config.contest, deps.clock.now());
    const startingCashCents = toCents(body.startingCash);
    await requireJoinedPlayersKept(tx, row, body, startingCashCents);
    const updated = await updateContest(tx, contestId, {
      name: body.name,
      description: body.description,
      startsAt: new Date(body.startsAt),
      endsAt: new Date(body.endsAt),
      picksCount: body.picksCount,
      startingCashCents,
      maxParticipants: body.maxParticipants,
      visibility: body.visibility,
      affiliations: body.affiliations,
      // Left out, the rules stay as they were: a second-release client's edit never resets them.
      ...(body.rules ? { rules: body.rules } : {}),
      updatedAt: deps.clock.now(),
    });
    if (!updated) throw notFound('Contest not found');
    return contestView(updated, creatorTicker, participant !== null);
  });
}
