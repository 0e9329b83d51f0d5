import type { Contest, ContestWithResult, Standing, TeamStanding } from '@bullpen/shared/schemas';
import { and, asc, desc, eq, isNull, or, sql } from 'drizzle-orm';
import { contestStatus } from '../domain/contest-status';
import { roundRatio, toDollars } from '../domain/money';
import { isWellFormedId } from '../lib/ids';
import type { Executor } from './database';
import { contests, participants, users } from './schema';

export type ContestRow = typeof contests.$inferSelect;
export type ParticipantRow = typeof participants.$inferSelect;

export function contestView(row: ContestRow, creatorTicker: string | null, joined?: boolean): Contest {
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    status: contestStatus(row),
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    picksCount: row.picksCount,
    startingCash: toDollars(row.startingCashCents),
    maxParticipants: row.maxParticipants,
    visibility: row.visibility,
    affiliations: row.affiliations,
    isTeamCollaboration: row.affiliations.length > 0,
    createdBy: { _id: row.createdBy, ticker: creatorTicker ?? '' },
    participantsCount: row.participantsCount,
    rules: row.rules,
    ...(joined === undefined ? {} : { joined }),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export interface LoadedContest {
  row: ContestRow;
  creatorTicker: string | null;
  participant: ParticipantRow | null;
}

/**
 * A contest with its creator's ticker and, when a viewer is given, the viewer's participation. Unlocked reads take one
 * query. A locking read looks the participation up after the lock is granted: in READ COMMITTED a row joined to the
 * locked one would come from the snapshot taken before the wait and miss a participant who just joined.
 */
export async function loadContest(
  executor: Executor,
  contestId: string,
  viewerId: string | null,
  lock = false,
): Promise<LoadedContest | null> {
  // An id never issued (a NUL, a zero-width space…) names no contest, and PostgreSQL would refuse some.
  if (!isWellFormedId(contestId)) return null;
  if (lock) {
    const [found] = await executor
      .select({ contest: contests, creatorTicker: users.ticker })
      .from(contests)
      .innerJoin(users, eq(users.id, contests.createdBy))
      .where(eq(contests.id, contestId))
      .for('update', { of: contests });
    if (!found) return null;
    let participant: ParticipantRow | null = null;
    if (viewerId) {
      const [row] = await executor
        .select()
        .from(participants)
        .where(and(eq(participants.contestId, contestId), eq(participants.userId, viewerId)));
      participant = row ?? null;
    }
    return { row: found.contest, creatorTicker: found.creatorTicker, participant };
  }
  const [found] = await executor
    .select({ contest: contests, creatorTicker: users.ticker, participant: participants })
    .from(contests)
    .innerJoin(users, eq(users.id, contests.createdBy))
    .leftJoin(participants, and(eq(participants.contestId, contests.id), eq(participants.userId, viewerId ?? '')))
    .where(eq(contests.id, contestId));
  if (!found) return null;
  return { row: found.contest, creatorTicker: found.creatorTicker, participant: viewerId ? found.participant : null };
}

const joinedBy = (viewerId: string) => and(eq(participants.contestId, contests.id), eq(participants.userId, viewerId));

/** Upcoming public contests plus private ones the viewer created or joined; soonest first. */
export async function listUpcoming(executor: Executor, viewerId: string): Promise<Contest[]> {
  const rows = await executor
    .select({ contest: contests, creatorTicker: users.ticker, joinedAt: participants.joinedAt })
    .from(contests)
    .innerJoin(users, eq(users.id, contests.createdBy))
    .leftJoin(participants, joinedBy(viewerId))
    .where(
      and(
        eq(contests.phase, 'upcoming'),
        isNull(contests.cancelledAt),
        or(
          eq(contests.visibility, 'public'),
          eq(contests.createdBy, viewerId),
          sql`${participants.userId} IS NOT NULL`,
        ),
      ),
    )
    .orderBy(asc(contests.startsAt), asc(contests.id))
    .limit(500);
  return rows.map((r) => contestView(r.contest, r.creatorTicker, r.joinedAt !== null));
}

/** Live or completed contests the viewer joined or created, with the viewer's stored rank and return. */
export async function listWithResults(
  executor: Executor,
  viewerId: string,
  phase: 'active' | 'completed',
): Promise<ContestWithResult[]> {
  const rows = await executor
    .select({
      contest: contests,
      creatorTicker: users.ticker,
      joinedAt: participants.joinedAt,
      rank: participants.rank,
      returnPct: participants.returnPct,
    })
    .from(contests)
    .innerJoin(users, eq(users.id, contests.createdBy))
    .leftJoin(participants, joinedBy(viewerId))
    .where(
      and(
        eq(contests.phase, phase),
        isNull(contests.cancelledAt),
        or(eq(contests.createdBy, viewerId), sql`${participants.userId} IS NOT NULL`),
      ),
    )
    .orderBy(phase === 'active' ? asc(contests.endsAt) : desc(contests.endsAt), asc(contests.id))
    .limit(500);
  return rows.map((r) => ({
    ...contestView(r.contest, r.creatorTicker, r.joinedAt !== null),
    rank: r.joinedAt !== null ? r.rank : null,
    returnPct: r.joinedAt !== null && r.returnPct !== null ? roundRatio(r.returnPct) : null,
  }));
}

/**
 * The stored leaderboard of a contest, best first: what the clock's last tick stored. Read once per tick per contest by
 * the board store (live/boards.ts), never per request.
 */
export async function readStandings(
  executor: Executor,
  row: ContestRow,
): Promise<{ standings: Standing[]; teams: TeamStanding[] }> {
  const rows = await executor
    .select({
      rank: participants.rank,
      userId: participants.userId,
      ticker: users.ticker,
      affiliation: participants.affiliation,
      valueCents: participants.valueCents,
      returnPct: participants.returnPct,
      sharpe: participants.sharpe,
      maxDrawdownPct: participants.maxDrawdownPct,
    })
    .from(participants)
    .innerJoin(users, eq(users.id, participants.userId))
    .where(eq(participants.contestId, row.id))
    .orderBy(asc(participants.rank), asc(participants.joinedAt), asc(participants.userId));
  const standings = rows
    .filter((r) => r.rank !== null && r.valueCents !== null)
    .map((r) => ({
      rank: r.rank as number,
      userId: r.userId,
      ticker: r.ticker ?? '',
      affiliation: r.affiliation,
      value: toDollars(r.valueCents as number),
      returnPct: roundRatio(r.returnPct ?? 0),
      sharpe: r.sharpe === null ? null : roundRatio(r.sharpe),
      maxDrawdownPct: roundRatio(r.maxDrawdownPct),
    }));
  return { standings, teams: row.teamStandings };
}
