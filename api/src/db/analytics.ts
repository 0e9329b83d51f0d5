import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from './database';
import { participantIdOf } from './participants';
import { portfolioHistory, trades } from './schema';

/** A player's stored portfolio history, in cents, oldest first (bounded: the clock keeps ~240 points a contest). */
export async function historyValues(executor: Executor, contestId: string, userId: string) {
  const rows = await executor
    .select({ t: portfolioHistory.t, valueCents: portfolioHistory.valueCents })
    .from(portfolioHistory)
    .where(eq(portfolioHistory.participantId, participantIdOf(contestId, userId)))
    .orderBy(asc(portfolioHistory.t))
    .limit(5000);
  return rows.map((row) => ({ t: row.t.toISOString(), valueCents: row.valueCents }));
}

/** Σ traded amount and Σ commission of a player's trades in a contest. */
export async function tradeTotals(executor: Executor, contestId: string, userId: string) {
  const [row] = await executor
    .select({
      amount: sql<string | number>`COALESCE(SUM(${trades.amountCents}), 0)`,
      commission: sql<string | number>`COALESCE(SUM(${trades.commissionCents}), 0)`,
    })
    .from(trades)
    .where(and(eq(trades.contestId, contestId), eq(trades.userId, userId)));
  return { amountCents: Number(row?.amount ?? 0), commissionCents: Number(row?.commission ?? 0) };
}
