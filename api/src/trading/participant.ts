import type { Portfolio } from '@bullpen/contract';
import type { ContestRow, ParticipantRow } from '../db/contests';
import type { Executor } from '../db/database';
import { lockParticipantRow } from '../db/participants';
import { type PriceLookup, portfolioOf } from '../db/portfolios';
import { forbidden } from '../lib/errors';

/**
 * The participant row, locked until the transaction ends. Every order path (market orders, placements, cancels, and
 * the clock's fills and margin calls) takes it first, so cash, holdings and reservations are read after it and one
 * player's orders never overlap.
 */
export async function lockParticipant(tx: Executor, contestId: string, userId: string): Promise<ParticipantRow> {
  const participant = await lockParticipantRow(tx, contestId, userId);
  if (!participant) throw forbidden('You have not joined this contest');
  return participant;
}

/** What a response carries when a participant has no portfolio (never the case while live). */
const EMPTY_PORTFOLIO: Portfolio = {
  cash: 0,
  reservedCash: 0,
  positions: [],
  value: 0,
  returnPct: 0,
  buyingPower: 0,
};

/** The portfolio an order's answer carries: as it is after the order, in the same transaction. */
export async function portfolioAfterOrder(
  tx: Executor,
  contest: ContestRow,
  participant: ParticipantRow,
  prices: PriceLookup,
): Promise<Portfolio> {
  return (await portfolioOf(tx, contest, participant, prices)) ?? EMPTY_PORTFOLIO;
}
