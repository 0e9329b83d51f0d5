import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { ParticipantRow } from './contests';
import { type Executor, queryRows } from './database';
import { participants } from './schema';

export type NewParticipantRow = typeof participants.$inferInsert;

const theParticipant = (contestId: string, userId: string) =>
  and(eq(participants.contestId, contestId), eq(participants.userId, userId));

/** A participant's id (participants.id), as a subquery: the key of the rows written per player (portfolio_history). */
export const participantIdOf = (contestId: string, userId: string): SQL =>
  sql`(SELECT ${participants.id} FROM ${participants} WHERE ${theParticipant(contestId, userId)})`;

export async function findParticipant(
  executor: Executor,
  contestId: string,
  userId: string,
): Promise<ParticipantRow | undefined> {
  const [row] = await executor.select().from(participants).where(theParticipant(contestId, userId));
  return row;
}

/** The participant row, locked until the transaction ends (`SELECT … FOR UPDATE`). */
export async function lockParticipantRow(
  tx: Executor,
  contestId: string,
  userId: string,
): Promise<ParticipantRow | undefined> {
  const [row] = await tx.select().from(participants).where(theParticipant(contestId, userId)).for('update');
  return row;
}

/** The new participant, or undefined when the player had joined already (the primary key decides). */
export async function insertParticipant(tx: Executor, values: NewParticipantRow): Promise<ParticipantRow | undefined> {
  const [row] = await tx.insert(participants).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updatePicks(
  tx: Executor,
  contestId: string,
  userId: string,
  picks: string[],
): Promise<ParticipantRow | undefined> {
  const [row] = await tx.update(participants).set({ picks }).where(theParticipant(contestId, userId)).returning();
  return row;
}

export async function deleteParticipant(tx: Executor, contestId: string, userId: string): Promise<void> {
  await tx.delete(participants).where(theParticipant(contestId, userId));
}

export async function setParticipantCash(
  tx: Executor,
  contestId: string,
  userId: string,
  cashCents: number,
): Promise<void> {
  await tx.update(participants).set({ cashCents }).where(theParticipant(contestId, userId));
}

/** The teams the players of a contest have chosen. */
export async function chosenAffiliations(executor: Executor, contestId: string): Promise<string[]> {
  const rows = await executor
    .selectDistinct({ affiliation: participants.affiliation })
    .from(participants)
    .where(eq(participants.contestId, contestId));
  return rows.map((row) => row.affiliation).filter((a): a is string => a !== null);
}

/** One player of one contest, as the tick's raw queries name it. */
export interface PlayerKey {
  contest_id: string;
  user_id: string;
}

/**
 * Players named in several of a tick's statements (`IN (…)`): their `(contest_id, user_id)` list is built once, not
 * once a statement (10,000 players: about 10 ms a build).
 */
export interface Players {
  keys: readonly PlayerKey[];
  list: SQL;
}

export function playersOf(keys: readonly PlayerKey[]): Players {
  return {
    keys,
    list: sql.join(
      keys.map((p) => sql`(${p.contest_id}, ${p.user_id})`),
      sql`, `,
    ),
  };
}

/**
 * The players' cash, their participant rows locked in one order (the lock every order path takes; no deadlock between
 * two workers' ticks or with routes, which each lock a single participant).
 */
export async function lockParticipantsCash(
  tx: Executor,
  players: Players,
): Promise<(PlayerKey & { cash_cents: string | number | null })[]> {
  return queryRows(
    tx,
    sql`SELECT contest_id, user_id, cash_cents FROM participants
        WHERE (contest_id, user_id) IN (${players.list})
        ORDER BY contest_id, user_id FOR UPDATE`,
  );
}

export interface ParticipantCash {
  contestId: string;
  userId: string;
  cashCents: number;
}

/** Several players' cash, in one statement. */
export async function setParticipantsCash(tx: Executor, rows: readonly ParticipantCash[]): Promise<void> {
  const values = sql.join(
    rows.map((row) => sql`(${row.contestId}, ${row.userId}, ${row.cashCents}::bigint)`),
    sql`, `,
  );
  await tx.execute(sql`
    UPDATE participants AS p SET cash_cents = v.cash
    FROM (VALUES ${values}) AS v(contest_id, user_id, cash)
    WHERE p.contest_id = v.contest_id AND p.user_id = v.user_id`);
}
