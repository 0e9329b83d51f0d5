import type { Contest } from '@bullpen/contract';
import type { AppDeps } from '../app-deps';
import { contestView, updateContest } from '../db/contests';
import type { UserRow } from '../db/users';
import { requireAcceptsPicks, requireContest, requireCreatorOrAdmin } from './checks';

/** `POST /contest/cancel-contest`: the creator or an admin cancels an upcoming contest. */
export async function cancelContest(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  user: UserRow,
  contestId: string,
): Promise<Contest> {
  return deps.db.transaction(async (tx) => {
    const { row, creatorTicker, participant } = await requireContest(tx, contestId, user.id, true);
    requireCreatorOrAdmin(row, user, 'cancel');
    requireAcceptsPicks(row, deps.clock.now());
    const now = deps.clock.now();
    const updated = await updateContest(tx, contestId, { cancelledAt: now, updatedAt: now });
    return contestView(updated ?? row, creatorTicker, participant !== null);
  });
}
