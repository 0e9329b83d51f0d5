import type { ContestUser, Portfolio, Trade } from '@bullpen/contract';
import { and, asc, count, desc, eq, gte, sql } from 'drizzle-orm';
import { contestStatus } from '../domain/contest-status';
import { toDollars } from '../domain/money';
import { describePortfolio } from '../domain/valuation';
import { participantActionsOf } from './corporate-actions';
import type { Executor } from './database';
import { reservationsOf } from './reservations';
import { pricesAt } from './results';
import type { ContestRow, ParticipantRow } from './contests';
import { participantIdOf } from './participants';
import { portfolioHistory, positions, trades } from './schema';

export type TradeRow = typeof trades.$inferSelect;

export function tradeView(row: TradeRow): Trade {
  return {
    _id: row.id,
    contestId: row.contestId,
    symbol: row.symbol,
    side: row.side,
    quantity: row.quantity,
    price: toDollars(row.priceCents),
    amount: toDollars(row.amountCents),
    executedAt: row.executedAt.toISOString(),
    orderId: row.orderId,
    commission: toDollars(row.commissionCents),
    reason: row.reason,
  };
}

export async function loadPositions(executor: Executor, contestId: string, userId: string) {
  return executor
    .select()
    .from(positions)
    .where(and(eq(positions.contestId, contestId), eq(positions.userId, userId)))
    .orderBy(asc(positions.symbol));
}

/** A player's holding of one symbol, locked until the transaction ends: taken after the participant row's lock by
 *  every order that may sell it, so shares are never sold twice. */
export async function lockPosition(tx: Executor, contestId: string, userId: string, symbol: string) {
  const [held] = await tx
    .select()
    .from(positions)
    .where(and(eq(positions.contestId, contestId), eq(positions.userId, userId), eq(positions.symbol, symbol)))
    .for('update');
  return held ?? null;
}

export type PriceLookup = (executor: Executor, symbols: readonly string[]) => Promise<ReadonlyMap<string, number>>;

/**
 * The prices of the tick a contest's standings were valued at (`standingsAsOf`), from the price history; the current
 * price for a symbol without history by then. A tick stores its prices before it values the boards, so between the
 * two the current prices are one tick ahead of the board: a portfolio read then, valued at them, disagreed with the
 * player's own row until the next tick (one valuation per tick, API.md).
 */
export function pricesOfTick(asOf: Date | null, current: PriceLookup): PriceLookup {
  if (!asOf) return current;
  return async (executor, symbols) => {
    const atTick = await pricesAt(executor, symbols, asOf);
    const missing = symbols.filter((symbol) => !atTick.has(symbol));
    if (missing.length === 0) return atTick;
    const now = await current(executor, missing);
    return new Map([...now, ...atTick]);
  };
}

export async function portfolioOf(
  executor: Executor,
  contest: ContestRow,
  participant: ParticipantRow,
  prices: PriceLookup,
): Promise<Portfolio | null> {
  if (participant.cashCents === null) return null;
  const held = await loadPositions(executor, contest.id, participant.userId);
  const current = await prices(
    executor,
    held.map((p) => p.symbol),
  );
  const reserved = await reservationsOf(executor, contest.id, participant.userId);
  return describePortfolio(participant.cashCents, held, current, contest.startingCashCents, reserved);
}

/** ContestUser.trades holds the newest trades, this many at most; `tradesTotal` counts them all. */
const TRADES_SHOWN = 500;

/** A player's newest trades in one contest, newest first, at most TRADES_SHOWN. */
export async function latestTrades(executor: Executor, contestId: string, userId: string): Promise<TradeRow[]> {
  return executor
    .select()
    .from(trades)
    .where(and(eq(trades.contestId, contestId), eq(trades.userId, userId)))
    .orderBy(desc(trades.executedAt), desc(trades.seq))
    .limit(TRADES_SHOWN);
}

export type NewTradeRow = typeof trades.$inferInsert;

/** Trades in the given order (their seq follows it), in one statement. */
export async function insertTrades(tx: Executor, rows: readonly NewTradeRow[]): Promise<void> {
  await tx.insert(trades).values([...rows]);
}

export interface PositionKey {
  contestId: string;
  userId: string;
  symbol: string;
}

/** Several holdings removed, in one statement. */
export async function deletePositions(tx: Executor, keys: readonly PositionKey[]): Promise<void> {
  await tx.execute(
    sql`DELETE FROM positions WHERE (contest_id, user_id, symbol) IN (${sql.join(
      keys.map((k) => sql`(${k.contestId}, ${k.userId}, ${k.symbol})`),
      sql`, `,
    )})`,
  );
}

export async function insertTrade(tx: Executor, values: NewTradeRow): Promise<TradeRow | undefined> {
  const [row] = await tx.insert(trades).values(values).returning();
  return row;
}

/** The holding after a trade: removed when it reaches zero shares. */
export async function writePosition(
  tx: Executor,
  contestId: string,
  userId: string,
  symbol: string,
  after: { quantity: number; costCents: number },
): Promise<void> {
  if (after.quantity === 0) {
    await tx
      .delete(positions)
      .where(and(eq(positions.contestId, contestId), eq(positions.userId, userId), eq(positions.symbol, symbol)));
    return;
  }
  await tx
    .insert(positions)
    .values({ contestId, userId, symbol, quantity: after.quantity, costCents: after.costCents })
    .onConflictDoUpdate({
      target: [positions.contestId, positions.userId, positions.symbol],
      set: { quantity: after.quantity, costCents: after.costCents },
    });
}

/** The caller's state in one contest (API.md ContestUser). */
export async function contestUserView(
  executor: Executor,
  contest: ContestRow,
  userId: string,
  participant: ParticipantRow | null,
  prices: PriceLookup,
): Promise<ContestUser> {
  if (!participant) {
    return {
      contestId: contest.id,
      userId,
      joined: false,
      picks: [],
      affiliation: null,
      joinedAt: null,
      portfolio: null,
      rank: null,
      trades: [],
      tradesTotal: 0,
      actions: [],
    };
  }
  const status = contestStatus(contest);
  const showPortfolio = status === 'active' || status === 'completed';
  const mine = and(eq(trades.contestId, contest.id), eq(trades.userId, userId));
  const tradeRows = await latestTrades(executor, contest.id, userId);
  // Only a list that was cut needs counting.
  const tradesTotal =
    tradeRows.length < TRADES_SHOWN
      ? tradeRows.length
      : ((await executor.select({ n: count() }).from(trades).where(mine))[0]?.n ?? 0);
  return {
    contestId: contest.id,
    userId,
    joined: true,
    picks: participant.picks,
    affiliation: participant.affiliation,
    joinedAt: participant.joinedAt.toISOString(),
    portfolio: showPortfolio ? await portfolioOf(executor, contest, participant, prices) : null,
    rank: showPortfolio ? participant.rank : null,
    trades: tradeRows.map(tradeView),
    tradesTotal,
    actions: (await participantActionsOf(executor, contest.id, userId)).map((row) => ({
      type: row.type,
      symbol: row.symbol,
      date: row.date,
      ratio: row.ratio,
      perShare: row.perShare,
      quantityBefore: row.quantityBefore,
      quantityAfter: row.quantityAfter,
      cash: toDollars(row.cashCents),
    })),
  };
}

export async function portfolioHistoryOf(executor: Executor, contestId: string, userId: string, since: Date) {
  const rows = await executor
    .select({ t: portfolioHistory.t, valueCents: portfolioHistory.valueCents })
    .from(portfolioHistory)
    .where(and(eq(portfolioHistory.participantId, participantIdOf(contestId, userId)), gte(portfolioHistory.t, since)))
    .orderBy(asc(portfolioHistory.t))
    .limit(5000);
  return rows.map((r) => ({ t: r.t.toISOString(), value: toDollars(r.valueCents) }));
}

/** The trades a margin call made in one contest at one tick (API.md "Short selling"), per player. */
export async function marginCallsAt(executor: Executor, contestId: string, at: Date): Promise<Map<string, Trade[]>> {
  const rows = await executor
    .select()
    .from(trades)
    .where(and(eq(trades.contestId, contestId), eq(trades.executedAt, at), eq(trades.reason, 'margin call')))
    .orderBy(asc(trades.seq));
  const byPlayer = new Map<string, Trade[]>();
  for (const row of rows) byPlayer.set(row.userId, [...(byPlayer.get(row.userId) ?? []), tradeView(row)]);
  return byPlayer;
}
