import {
  editProfileBodySchema,
  getUserProfileBodySchema,
  type UserProfile,
  userProfileResponseSchema,
} from '@bullpen/contract';
import { API_ROUTES } from '@bullpen/contract/paths';
import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Executor } from '../db/database';
import { contests, participants, users } from '../db/schema';
import { findUser, isUniqueViolation, tickerTaken, type UserRow } from '../db/users';
import { contestStatus } from '../domain/contest-status';
import { roundRatio } from '../domain/money';
import { conflict, notFound } from '../lib/errors';
import { requireActiveUser, requireUser } from './guards';
import { CALL_SIGN_TAKEN } from './user';

const RECENT = 10;

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

async function profileOf(executor: Executor, user: UserRow, viewerId: string): Promise<UserProfile> {
  const rows = await executor
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
    .where(and(eq(participants.userId, user.id), visibleTo(viewerId)))
    .orderBy(desc(participants.joinedAt));
  const completed = rows.filter((r) => contestStatus(r) === 'completed' && r.returnPct !== null);
  const returns = completed.map((r) => r.returnPct as number);
  return {
    userId: user.id,
    ticker: user.ticker ?? '',
    displayName: user.displayName,
    bio: user.bio,
    createdAt: user.createdAt.toISOString(),
    stats: {
      // Every contest the player joined, the ones later cancelled included: the count of what the recent contests
      // list (cancelled ones with their status), so the two never disagree.
      contestsJoined: rows.length,
      contestsCompleted: completed.length,
      wins: completed.filter((r) => r.rank === 1).length,
      bestReturnPct: returns.length ? roundRatio(Math.max(...returns)) : null,
      averageReturnPct: returns.length ? roundRatio(returns.reduce((a, b) => a + b, 0) / returns.length) : null,
    },
    recentContests: rows.slice(0, RECENT).map((r) => {
      const status = contestStatus(r);
      const scored = status === 'active' || status === 'completed';
      return {
        contestId: r.contestId,
        name: r.name,
        status,
        rank: scored ? r.rank : null,
        returnPct: scored && r.returnPct !== null ? roundRatio(r.returnPct) : null,
      };
    }),
  };
}

export default async function userProfileRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['user'];

  app.post(
    API_ROUTES.getUserProfile,
    { schema: { tags, body: getUserProfileBodySchema, response: { 200: userProfileResponseSchema } } },
    async (request) => {
      const viewer = requireUser(request);
      const target = await findUser(app.deps.db, request.body.userId);
      if (target?.status !== 'active') throw notFound('User not found');
      return { userProfile: await profileOf(app.deps.db, target, viewer.id) };
    },
  );

  app.post(
    API_ROUTES.editProfile,
    { schema: { tags, body: editProfileBodySchema, response: { 200: userProfileResponseSchema } } },
    async (request) => {
      const user = requireActiveUser(request);
      const { callSign, displayName, bio } = request.body;
      if (await tickerTaken(app.deps.db, callSign, user.id))
        throw conflict(CALL_SIGN_TAKEN, [{ field: 'callSign', message: CALL_SIGN_TAKEN }]);
      try {
        const [updated] = await app.deps.db
          .update(users)
          .set({ ticker: callSign, displayName, bio, updatedAt: app.deps.clock.now() })
          .where(eq(users.id, user.id))
          .returning();
        app.deps.users.forget(user.sub);
        // Boards show call signs as they are now (DESIGN §5): this instance's boards are read again at once, other
        // instances' at their next tick.
        if (updated?.ticker !== user.ticker) app.deps.boards.invalidate();
        return { userProfile: await profileOf(app.deps.db, updated ?? user, user.id) };
      } catch (error) {
        if (isUniqueViolation(error))
          throw conflict(CALL_SIGN_TAKEN, [{ field: 'callSign', message: CALL_SIGN_TAKEN }]);
        throw error;
      }
    },
  );
}
