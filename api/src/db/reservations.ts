import { INITIAL_MARGIN } from '@bullpen/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from './database';
import type { PlayerKey, Players } from './participants';
import { orders } from './schema';

export interface Reservations {
  cashCents: number;
  /** Shares held by open sells (of a long) and covers (of a short), per symbol. */
  shares: Map<string, number>;
  /** Shares open buys and open shorts would add to each symbol's position, per symbol: the cap counts them as filled. */
  opening: { buy: Map<string, number>; short: Map<string, number> };
}

/**
 * The contract's initial margin (initialMarginCents) of a whole number of cents, as SQL: ⌈amount × n / d⌉ in integer
 * division, from the contract's own ratio. Its terms are constants of the code, written into the statement as numbers.
 */
const initialMarginSql = (amountCents: SQL) => {
  const { numerator, denominator } = INITIAL_MARGIN;
  return sql`(${sql.raw(String(numerator))} * ${amountCents} + ${sql.raw(String(denominator - 1))}) / ${sql.raw(String(denominator))}`;
};

/** An open order's amount: quantity × (limit ?? stop), or a waiting market order's at the last price when placed. */
const orderAmountSql = sql`${orders.quantity} * COALESCE(${orders.limitPriceCents}, ${orders.stopPriceCents}, ${orders.reservePriceCents})`;

/**
 * Cash one open order holds back, as SQL over the `orders` table: the contract's reservedCashCents, a buy or a cover
 * its amount, a short its initial margin, a sell nothing.
 */
const reservedCashSql = sql`CASE
  WHEN ${orders.side} IN ('buy', 'cover') THEN ${orderAmountSql}
  WHEN ${orders.side} = 'short' THEN ${initialMarginSql(orderAmountSql)}
  ELSE 0 END`;

/** Shares one open order holds back: a sell's of the long, a cover's of the short. */
const reservedSharesSql = sql`CASE WHEN ${orders.side} IN ('sell', 'cover') THEN ${orders.quantity} ELSE 0 END`;

/** Shares one open order of this side would add to its symbol's position once filled. */
const openingSharesSql = (side: 'buy' | 'short') =>
  sql`CASE WHEN ${orders.side} = ${side} THEN ${orders.quantity} ELSE 0 END`;

/**
 * What the player's open orders hold back. Summed from the open orders themselves (at most 50 per player), under the
 * participant row lock when the caller is about to spend: nothing to keep in step, nothing to drift.
 */
export async function reservationsOf(executor: Executor, contestId: string, userId: string): Promise<Reservations> {
  const rows = await executor
    .select({
      symbol: orders.symbol,
      cash: sql<string | number>`COALESCE(SUM(${reservedCashSql}), 0)`,
      shares: sql<string | number>`COALESCE(SUM(${reservedSharesSql}), 0)`,
      buying: sql<string | number>`COALESCE(SUM(${openingSharesSql('buy')}), 0)`,
      shorting: sql<string | number>`COALESCE(SUM(${openingSharesSql('short')}), 0)`,
    })
    .from(orders)
    .where(and(eq(orders.contestId, contestId), eq(orders.userId, userId), eq(orders.status, 'open')))
    .groupBy(orders.symbol);
  const shares = new Map<string, number>();
  const opening = { buy: new Map<string, number>(), short: new Map<string, number>() };
  let cashCents = 0;
  for (const row of rows) {
    cashCents += Number(row.cash);
    if (Number(row.shares) > 0) shares.set(row.symbol, Number(row.shares));
    if (Number(row.buying) > 0) opening.buy.set(row.symbol, Number(row.buying));
    if (Number(row.shorting) > 0) opening.short.set(row.symbol, Number(row.shorting));
  }
  return { cashCents, shares, opening };
}

export interface PlayerReservationRow extends PlayerKey {
  symbol: string;
  cash: string | number;
  shares: string | number;
}

/** What the open orders of several players hold back, per player and symbol, in one statement (the tick's fills). */
export async function reservationsOfPlayers(tx: Executor, players: Players): Promise<PlayerReservationRow[]> {
  return queryRows(
    tx,
    sql`SELECT contest_id, user_id, symbol,
               SUM(${reservedCashSql}) AS cash, SUM(${reservedSharesSql}) AS shares
        FROM orders WHERE status = 'open' AND (contest_id, user_id) IN (${players.list})
        GROUP BY contest_id, user_id, symbol`,
  );
}
