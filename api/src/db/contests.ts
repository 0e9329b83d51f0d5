import type { Contest, ContestRules, ContestWithResult, Standing, TeamStanding } from '@bullpen/contract';
import { LIMITS, type RulesInCents, rulesInCents } from '@bullpen/contract';
import { and, asc, count, desc, eq, gt, isNull, lte, ne, or, sql } from 'drizzle-orm';
import { contestStatus } from '../domain/contest-status';
import { roundRatio, toDollars } from '../domain/money';
import { isWellFormedId } from '../lib/ids';
import { type Db, type Executor, queryRows } from './database';
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

/** How many of the caller's own upcoming contests one list answers at most (never crowded out by anyone else's). */
const OWN_UPCOMING_MAX = 500;

export interface UpcomingPage {
  contests: Contest[];
  total: number;
  nextCursor: string | null;
}

/** A position in the public list: the last row's start and id (the list's order), opaque to clients. */
function encodeCursor(row: Pick<ContestRow, 'startsAt' | 'id'>): string {
  return Buffer.from(JSON.stringify([row.startsAt.toISOString(), row.id])).toString('base64url');
}

/** The position a cursor names, or null when it is not one this list issued. */
export function decodeUpcomingCursor(cursor: string): { startsAt: Date; id: string } | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (!Array.isArray(value) || value.length !== 2) return null;
    const [startsAt, id] = value;
    if (typeof startsAt !== 'string' || !isWellFormedId(id)) return null;
    const time = Date.parse(startsAt);
    if (Number.isNaN(time) || new Date(time).toISOString() !== startsAt) return null;
    return { startsAt: new Date(time), id };
  } catch {
    return null;
  }
}

const upcomingNow = and(eq(contests.phase, 'upcoming'), isNull(contests.cancelledAt));

/**
 * `GET /contest/upcoming` (API.md). The caller's own upcoming contests (created or joined, any visibility) come from
 * queries only the caller's own actions can grow, so nobody else's contests can push them off the list. Public contests
 * open to the caller are paged by (startsAt, id) after `cursor`, and each creator shows only their soonest
 * `LIMITS.publicListingPerCreator` there: one account, or a few, cannot fill the page. Without a cursor the page carries
 * the caller's own contests too, soonest first, so a client that reads one list sees both.
 */
export async function listUpcoming(
  executor: Executor,
  viewerId: string,
  page: { limit: number; after: { startsAt: Date; id: string } | null },
): Promise<UpcomingPage> {
  const notJoined = sql`NOT EXISTS (SELECT 1 FROM ${participants} WHERE ${participants.contestId} = ${contests.id} AND ${participants.userId} = ${viewerId})`;
  const open = executor.$with('open').as(
    executor
      .select({
        id: contests.id,
        place:
          sql<number>`row_number() OVER (PARTITION BY ${contests.createdBy} ORDER BY ${contests.startsAt}, ${contests.id})`.as(
            'place',
          ),
      })
      .from(contests)
      .where(and(upcomingNow, eq(contests.visibility, 'public'), ne(contests.createdBy, viewerId), notJoined)),
  );
  const listed = lte(open.place, LIMITS.publicListingPerCreator);
  const { after } = page;
  const publicRows = await executor
    .with(open)
    .select({ contest: contests, creatorTicker: users.ticker })
    .from(open)
    .innerJoin(contests, eq(contests.id, open.id))
    .innerJoin(users, eq(users.id, contests.createdBy))
    .where(
      and(
        listed,
        after
          ? or(
              gt(contests.startsAt, after.startsAt),
              and(eq(contests.startsAt, after.startsAt), gt(contests.id, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(asc(contests.startsAt), asc(contests.id))
    .limit(page.limit + 1);
  const [counted] = await executor.with(open).select({ total: count() }).from(open).where(listed);
  const more = publicRows.length > page.limit;
  const shown = more ? publicRows.slice(0, page.limit) : publicRows;
  const last = shown.at(-1);
  const views = shown.map((r) => ({ view: contestView(r.contest, r.creatorTicker, false), row: r.contest }));

  if (!after) {
    const own = await executor
      .select({ contest: contests, creatorTicker: users.ticker, joinedAt: participants.joinedAt })
      .from(contests)
      .innerJoin(users, eq(users.id, contests.createdBy))
      .leftJoin(participants, joinedBy(viewerId))
      .where(and(upcomingNow, or(eq(contests.createdBy, viewerId), sql`${participants.userId} IS NOT NULL`)))
      .orderBy(asc(contests.startsAt), asc(contests.id))
      .limit(OWN_UPCOMING_MAX);
    views.push(
      ...own.map((r) => ({ view: contestView(r.contest, r.creatorTicker, r.joinedAt !== null), row: r.contest })),
    );
    views.sort(
      (a, b) =>
        a.row.startsAt.getTime() - b.row.startsAt.getTime() || (a.row.id < b.row.id ? -1 : a.row.id > b.row.id ? 1 : 0),
    );
  }
  return {
    contests: views.map((v) => v.view),
    total: counted?.total ?? 0,
    nextCursor: more && last ? encodeCursor(last.contest) : null,
  };
}

export type NewContestRow = typeof contests.$inferInsert;

/**
 * Inserts a contest unless its creator already has `max` upcoming ones (null then). Locking the creator's row first
 * serialises one creator's concurrent creations, so a burst cannot slip past the count; cancelled and started contests
 * no longer count.
 */
export async function insertWithinCreatorBudget(
  db: Db,
  values: NewContestRow,
  max: number,
): Promise<ContestRow | null> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, values.createdBy)).for('update');
    const [held] = await tx
      .select({ upcoming: count() })
      .from(contests)
      .where(and(eq(contests.createdBy, values.createdBy), upcomingNow));
    if ((held?.upcoming ?? 0) >= max) return null;
    const [row] = await tx.insert(contests).values(values).returning();
    if (!row) throw new Error('insert returned nothing');
    return row;
  });
}

/** A contest's editable fields, written as given; returns the row as it is now (undefined when there is none). */
export async function updateContest(
  tx: Executor,
  contestId: string,
  changes: Partial<Omit<NewContestRow, 'id' | 'createdBy' | 'createdAt'>>,
): Promise<ContestRow | undefined> {
  const [row] = await tx.update(contests).set(changes).where(eq(contests.id, contestId)).returning();
  return row;
}

/** Adds `delta` (±1) to the contest's participant count in the database, never from a value read earlier. */
export async function changeParticipantsCount(
  tx: Executor,
  contestId: string,
  delta: 1 | -1,
  now: Date,
): Promise<ContestRow | undefined> {
  const [row] = await tx
    .update(contests)
    .set({
      participantsCount: delta === 1 ? sql`${contests.participantsCount} + 1` : sql`${contests.participantsCount} - 1`,
      updatedAt: now,
    })
    .where(eq(contests.id, contestId))
    .returning();
  return row;
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

/** The rules of each given contest, by id. */
export async function rulesOfContests(
  executor: Executor,
  contestIds: readonly string[],
): Promise<Map<string, RulesInCents>> {
  const rows = await queryRows<{ id: string; rules: ContestRules | string }>(
    executor,
    sql`SELECT id, rules FROM contests WHERE id IN (${sql.join(
      contestIds.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  return new Map(
    rows.map((row) => [row.id, rulesInCents(typeof row.rules === 'string' ? JSON.parse(row.rules) : row.rules)]),
  );
}
