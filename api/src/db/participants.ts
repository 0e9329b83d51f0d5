import { and, eq } from 'drizzle-orm';
import type { ParticipantRow } from './contests';
import type { Executor } from './database';
import { participants } from './schema';

export type NewParticipantRow = typeof participants.$inferInsert;

const theParticipant = (contestId: string, userId: string) =>
  and(eq(participants.contestId, contestId), eq(participants.userId, userId));

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
