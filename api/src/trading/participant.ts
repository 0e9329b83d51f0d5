import type { Portfolio } from '@bullpen/contract';
import { and, eq } from 'drizzle-orm';
import type { ParticipantRow } from '../db/contests';
import type { Executor } from '../db/database';
import { participants } from '../db/schema';
import { forbidden } from '../lib/errors';

/**
 * The participant row, locked until the transaction ends. Every order path (market orders, placements, cancels, and
 * the clock's fills and margin calls) takes it first, so cash, holdings and reservations are read after it and one
 * player's orders never overlap.
 */
export async function lockParticipant(tx: Executor, contestId: string, userId: string): Promise<ParticipantRow> {
  const [participant] = await tx
    .select()
    .from(participants)
    .where(and(eq(participants.contestId, contestId), eq(participants.userId, userId)))
    .for('update');
  if (!participant) throw forbidden('You have not joined this contest');
  return participant;
}

/** What a response carries when a participant has no portfolio (never the case while live). */
export const EMPTY_PORTFOLIO: Portfolio = {
  cash: 0,
  reservedCash: 0,
  positions: [],
  value: 0,
  returnPct: 0,
  buyingPower: 0,
};
