import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { ContestRow } from './contests';
import { type Executor, queryRows } from './database';
import { contests, participants, type positions } from './schema';

export type NewPositionRow = typeof positions.$inferInsert;

/** Upcoming contests whose start has come, first to start first. */
export async function contestsDueToStart(executor: Executor, now: Date): Promise<{ id: string }[]> {
  return executor
    .select({ id: contests.id })
    .from(contests)
    .where(and(eq(contests.phase, 'upcoming'), isNull(contests.cancelledAt), lte(contests.startsAt, now)))
    .orderBy(asc(contests.startsAt));
}

/** The contest row, locked until the transaction ends (joins and leaves lock it too). */
export async function lockContestRow(tx: Executor, contestId: string): Promise<ContestRow | undefined> {
  const [contest] = await tx.select().from(contests).where(eq(contests.id, contestId)).for('update');
  return contest;
}

export async function contestMembers(tx: Executor, contestId: string): Promise<{ userId: string; picks: string[] }[]> {
  return tx
    .select({ userId: participants.userId, picks: participants.picks })
    .from(participants)
    .where(eq(participants.contestId, contestId));
}

/** A contest nobody joined completes at once, with empty standings as of now. */
export async function completeEmptyContest(tx: Executor, contestId: string, now: Date): Promise<void> {
  await tx
    .update(contests)
    .set({ phase: 'completed', standingsAsOf: now, updatedAt: now })
    .where(eq(contests.id, contestId));
}

/** Writes a starting contest's positions and its players' cash, set-based in batches, then makes it active. */
export async function activateContest(
  tx: Executor,
  contestId: string,
  start: { positions: readonly NewPositionRow[]; cash: readonly { userId: string; cashCents: number }[] },
  now: Date,
): Promise<void> {
  const { positions: positionRows, cash: cashRows } = start;
  // Each as one JSON parameter: 10,000 players' rows as VALUES lists cost more to build, send and parse than to write.
  if (positionRows.length > 0)
    await tx.execute(sql`
      INSERT INTO positions (contest_id, user_id, symbol, quantity, cost_cents)
      SELECT ${contestId}, r.user_id, r.symbol, r.quantity, r.cost_cents
      FROM jsonb_to_recordset(${JSON.stringify(
        positionRows.map((row) => ({
          user_id: row.userId,
          symbol: row.symbol,
          quantity: row.quantity,
          cost_cents: row.costCents,
        })),
      )}::jsonb) AS r(user_id text, symbol text, quantity bigint, cost_cents bigint)`);
  if (cashRows.length > 0)
    await tx.execute(sql`
      UPDATE participants AS p SET cash_cents = v.cash
      FROM jsonb_to_recordset(${JSON.stringify(
        cashRows.map((row) => ({ user_id: row.userId, cash: row.cashCents })),
      )}::jsonb) AS v(user_id text, cash bigint)
      WHERE p.contest_id = ${contestId} AND p.user_id = v.user_id`);
  await tx.update(contests).set({ phase: 'active', updatedAt: now }).where(eq(contests.id, contestId));
}

/** Live contests whose end has come are completed; returns their ids. */
export async function completeEndedContests(tx: Executor, now: Date): Promise<string[]> {
  const ending = await tx
    .update(contests)
    .set({ phase: 'completed', updatedAt: now })
    .where(and(eq(contests.phase, 'active'), lte(contests.endsAt, now)))
    .returning({ id: contests.id });
  return ending.map((row) => row.id);
}

/** Live (active, not cancelled) contests, with what their team standings need. */
export async function liveContests(
  tx: Executor,
): Promise<{ id: string; affiliations: string[]; startingCashCents: number }[]> {
  return tx
    .select({ id: contests.id, affiliations: contests.affiliations, startingCashCents: contests.startingCashCents })
    .from(contests)
    .where(and(eq(contests.phase, 'active'), isNull(contests.cancelledAt)));
}

export interface TeamSumRow {
  contest_id: string;
  affiliation: string;
  members: string | number;
  total: string | number;
}

/** Each team's valued members and their total value, per contest, in one statement. */
export async function teamSums(tx: Executor, contestIds: readonly string[]): Promise<TeamSumRow[]> {
  return queryRows<TeamSumRow>(
    tx,
    sql`SELECT contest_id, affiliation, COUNT(*) AS members, SUM(value_cents) AS total FROM participants
            WHERE contest_id IN (${sql.join(
              contestIds.map((id) => sql`${id}`),
              sql`, `,
            )}) AND affiliation IS NOT NULL AND value_cents IS NOT NULL
            GROUP BY contest_id, affiliation`,
  );
}

export async function setTeamStandings(
  tx: Executor,
  contestId: string,
  teams: ContestRow['teamStandings'],
): Promise<void> {
  await tx.update(contests).set({ teamStandings: teams }).where(eq(contests.id, contestId));
}

/** The time the contests' stored standings are as of. */
export async function markStandingsAsOf(tx: Executor, contestIds: readonly string[], now: Date): Promise<void> {
  await tx
    .update(contests)
    .set({ standingsAsOf: now })
    .where(inArray(contests.id, [...contestIds]));
}
