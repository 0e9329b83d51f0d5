import type { CompletedPlayerResponse } from '@bullpen/contract';
import type { AppDeps } from '../app-deps';
import { requireContest } from '../contests/checks';
import { findParticipant } from '../db/participants';
import { latestTrades, loadPositions, tradeView } from '../db/portfolios';
import { firstHistoryTick, pickReturns, pricesAt, rankedHistory } from '../db/results';
import { contestStatus } from '../domain/contest-status';
import { toDollars } from '../domain/money';
import { describePortfolio } from '../domain/valuation';
import { conflict, notFound } from '../lib/errors';
import { isWellFormedId } from '../lib/ids';

/** `GET /contest/completed/{id}/players/{userId}`: one player's final portfolio, trades and history. */
export async function completedPlayer(
  deps: Pick<AppDeps, 'db' | 'boards'>,
  contestId: string,
  userId: string,
): Promise<CompletedPlayerResponse> {
  const { row } = await requireContest(deps.db, contestId, null);
  const status = contestStatus(row);
  if (status !== 'completed')
    throw conflict(`The contest is not completed (it is ${status === 'active' ? 'live' : status})`);
  if (!isWellFormedId(userId)) throw notFound('Player not found in this contest');
  const participant = await findParticipant(deps.db, row.id, userId);
  const board = await deps.boards.get(row.id);
  const index = board?.indexOf.get(userId);
  const player = index === undefined ? undefined : board?.rows[index];
  if (!participant || participant.cashCents === null || !player) throw notFound('Player not found in this contest');

  // Valued at the final tick's prices, the ones the frozen standings used, so the rows add up to the board's value.
  const finalAt = row.standingsAsOf ?? row.endsAt;
  const held = await loadPositions(deps.db, row.id, userId);
  const startAt = await firstHistoryTick(deps.db, row.id);
  const symbols = [...new Set([...held.map((p) => p.symbol), ...participant.picks])];
  const [finalPrices, startPrices] = await Promise.all([
    pricesAt(deps.db, symbols, finalAt),
    startAt ? pricesAt(deps.db, participant.picks, startAt) : Promise.resolve(new Map<string, number>()),
  ]);
  const portfolio = describePortfolio(participant.cashCents, held, finalPrices, row.startingCashCents);
  const tradeRows = await latestTrades(deps.db, row.id, userId);
  return {
    player,
    picks: participant.picks,
    cash: toDollars(participant.cashCents),
    positions: portfolio.positions,
    trades: tradeRows.map(tradeView),
    history: await rankedHistory(deps.db, row.id, userId),
    pickReturns: pickReturns(participant.picks, startPrices, finalPrices),
  };
}
