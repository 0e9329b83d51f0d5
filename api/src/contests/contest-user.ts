import type { ContestUser } from '@bullpen/contract';
import type { AppDeps } from '../app-deps';
import { contestUserView, pricesOfTick } from '../db/portfolios';
import type { UserRow } from '../db/users';
import { requireContest } from './checks';

/** `GET /contest-user/{id}`: the caller's picks, portfolio, rank and trades in one contest. */
export async function contestUser(
  deps: Pick<AppDeps, 'db' | 'market'>,
  user: UserRow,
  contestId: string,
): Promise<ContestUser> {
  const { row, participant } = await requireContest(deps.db, contestId, user.id);
  // Valued at the prices of the tick the board shows, so my value and my row on the board are one valuation.
  const prices = pricesOfTick(row.standingsAsOf, deps.market.pricesOf);
  return contestUserView(deps.db, row, user.id, participant, prices);
}
