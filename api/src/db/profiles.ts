import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { Executor } from './database';
import { contests, participants } from './schema';

/**
 * DESIGN §5 "Privacy": a private contest shows on a profile, in its recent contests and its stats alike, only to
 * someone who may see that contest anyway: its creator and its participants.
 */
const visibleTo = (viewerId: string) =>
  or(
    eq(contests.visibility, 'public'),
    eq(contests.createdBy, viewerId),
    sql`EXISTS (SELECT 1 FROM ${participants} AS seen WHERE seen.contest_id = ${contests.id} AND seen.user_id = ${viewerId})`,
  );

/** Every contest a user joined that the viewer may see, newest joined first, with the user's stored result. */
export async function profileContests(executor: Executor, userId: string, viewerId: string) {
  return executor
    .select({
      contestId: contests.id,
      name: contests.name,
      phase: contests.phase,
      cancelledAt: contests.cancelledAt,
      rank: participants.rank,
      returnPct: participants.returnPct,
      joinedAt: participants.joinedAt,
    })
    .from(participants)
    .innerJoin(contests, eq(contests.id, participants.contestId))
    .where(and(eq(participants.userId, userId), visibleTo(viewerId)))
    .orderBy(desc(participants.joinedAt));
}
