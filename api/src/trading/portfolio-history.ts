import type { PortfolioHistoryResponse } from '@bullpen/contract';
import type { AppDeps } from '../app-deps';
import { requireContest } from '../contests/checks';
import { portfolioHistoryOf, portfolioOf } from '../db/portfolios';
import type { UserRow } from '../db/users';
import { contestStatus } from '../domain/contest-status';
import { conflict, forbidden } from '../lib/errors';

/** `GET /contest/active/{id}/portfolio-history`: the participant's own value over time, live or completed. */
export async function portfolioHistory(
  deps: Pick<AppDeps, 'db' | 'market'>,
  user: UserRow,
  contestId: string,
): Promise<PortfolioHistoryResponse> {
  const { row, participant } = await requireContest(deps.db, contestId, user.id);
  if (!participant) throw forbidden('You have not joined this contest');
  const status = contestStatus(row);
  if (status !== 'active' && status !== 'completed')
    throw conflict(`The contest has no portfolio history yet (it is ${status})`);
  const points = await portfolioHistoryOf(deps.db, row.id, user.id, row.startsAt);
  // History keeps a bounded number of points (every duration/240); a live chart still ends on the value the
  // screen's headline shows, at the last tick's prices, rather than up to one interval behind it.
  const asOf = row.standingsAsOf;
  if (status === 'active' && asOf && (points.length === 0 || new Date(points.at(-1)?.t ?? 0) < asOf)) {
    const portfolio = await portfolioOf(deps.db, row, participant, deps.market.pricesOf);
    if (portfolio) points.push({ t: asOf.toISOString(), value: portfolio.value });
  }
  return { points };
}
