import {
  DEFAULT_CONTEST_RULES,
  contestBoardResponseSchema,
  contestDataResponseSchema,
  contestIdBodySchema,
  contestResultsResponseSchema,
  contestTimingErrors,
  contestUserResponseSchema,
  standingsPageQuerySchema,
  standingsPageResponseSchema,
  createContestBodySchema,
  changePicksBodySchema,
  editContestBodySchema,
  getContestResponseSchema,
  joinContestBodySchema,
  upcomingContestsQuerySchema,
  upcomingContestsResponseSchema,
} from '@bullpen/contract';
import { API_ROUTES } from '@bullpen/contract/paths';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  contestView,
  decodeUpcomingCursor,
  insertWithinCreatorBudget,
  listUpcoming,
  listWithResults,
} from '../db/contests';
import { contestUserView } from '../db/portfolios';
import { contests, participants } from '../db/schema';
import { acceptsPicks, contestStatus } from '../domain/contest-status';
import { toCents } from '../domain/money';
import { affiliationProblems, picksProblems } from '../domain/picks';
import { sameRules } from '../domain/rules';
import { badRequest, conflict, forbidden, notFound } from '../lib/errors';
import { newId } from '../lib/ids';
import { contestIdParams, isAdmin, requireActiveUser, requireContest, requireUser } from './guards';
import orderRoutes from './orders';
import tradingRoutes from './trading';
import { boardResponseJson } from '../live/boards';

const notUpcoming = (status: string) =>
  conflict(
    status === 'upcoming'
      ? 'The contest has started; this is possible only before it starts'
      : `The contest is ${status === 'active' ? 'live' : status}; this is possible only before it starts`,
  );

export default async function contestRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const tags = ['contest'];

  const timingProblems = (fields: { startsAt: string; endsAt: string }) => {
    const c = deps.config.contest;
    return contestTimingErrors(
      fields,
      {
        minLeadSeconds: c.minLeadSeconds,
        minDurationSeconds: c.minDurationSeconds,
        maxDurationSeconds: c.maxDurationSeconds,
      },
      deps.clock.now(),
    );
  };

  app.post(
    API_ROUTES.createContest,
    { schema: { tags, body: createContestBodySchema, response: { 200: contestDataResponseSchema } } },
    async (request) => {
      const user = requireActiveUser(request);
      const body = request.body;
      const timing = timingProblems(body);
      if (timing.length > 0) throw badRequest('Validation failed', timing);
      const now = deps.clock.now();
      const row = await insertWithinCreatorBudget(
        deps.db,
        {
          id: newId(),
          name: body.name,
          description: body.description,
          startsAt: new Date(body.startsAt),
          endsAt: new Date(body.endsAt),
          picksCount: body.picksCount,
          startingCashCents: toCents(body.startingCash),
          maxParticipants: body.maxParticipants,
          visibility: body.visibility,
          affiliations: body.affiliations,
          rules: body.rules ?? DEFAULT_CONTEST_RULES,
          createdBy: user.id,
          createdAt: now,
          updatedAt: now,
        },
        deps.config.contest.maxUpcomingPerCreator,
      );
      if (!row) {
        throw conflict(
          `You already have ${deps.config.contest.maxUpcomingPerCreator} upcoming contests. Cancel one, or wait until one starts, to create another.`,
        );
      }
      return { data: contestView(row, user.ticker, false) };
    },
  );

  app.post(
    API_ROUTES.editContest,
    { schema: { tags, body: editContestBodySchema, response: { 200: contestDataResponseSchema } } },
    async (request) => {
      const user = requireActiveUser(request);
      const { contestId, ...body } = request.body;
      return deps.db.transaction(async (tx) => {
        const { row, creatorTicker, participant } = await requireContest(tx, contestId, user.id, true);
        if (row.createdBy !== user.id && !isAdmin(user))
          throw forbidden('Only the creator or an admin can edit this contest');
        if (!acceptsPicks(row, deps.clock.now())) throw notUpcoming(contestStatus(row));
        const timing = timingProblems(body);
        if (timing.length > 0) throw badRequest('Validation failed', timing);
        if (body.maxParticipants < row.participantsCount) {
          throw conflict(`${row.participantsCount} players have joined already`, [
            { field: 'maxParticipants', message: `At least ${row.participantsCount} (players already joined)` },
          ]);
        }
        const startingCashCents = toCents(body.startingCash);
        if (row.participantsCount > 0) {
          const locked: { field: string; message: string }[] = [];
          if (body.picksCount !== row.picksCount)
            locked.push({ field: 'picksCount', message: 'Cannot change once someone has joined' });
          if (startingCashCents !== row.startingCashCents)
            locked.push({ field: 'startingCash', message: 'Cannot change once someone has joined' });
          if (body.rules && !sameRules(body.rules, row.rules))
            locked.push({ field: 'rules', message: 'Cannot change once someone has joined' });
          if (row.affiliations.length === 0 && body.affiliations.length > 0) {
            locked.push({ field: 'affiliations', message: 'Teams cannot be added once someone has joined' });
          }
          if (locked.length > 0) throw conflict('Players have joined already', locked);
          const chosen = await tx
            .selectDistinct({ affiliation: participants.affiliation })
            .from(participants)
            .where(eq(participants.contestId, contestId));
          const removed = chosen
            .map((c) => c.affiliation)
            .filter((a): a is string => a !== null && !body.affiliations.includes(a));
          if (removed.length > 0) {
            throw conflict(`Team ${removed.join(', ')} has players and cannot be removed`, [
              { field: 'affiliations', message: `Players have chosen ${removed.join(', ')}` },
            ]);
          }
        }
        const [updated] = await tx
          .update(contests)
          .set({
            name: body.name,
            description: body.description,
            startsAt: new Date(body.startsAt),
            endsAt: new Date(body.endsAt),
            picksCount: body.picksCount,
            startingCashCents,
            maxParticipants: body.maxParticipants,
            visibility: body.visibility,
            affiliations: body.affiliations,
            // Left out, the rules stay as they were: a second-release client's edit never resets them.
            ...(body.rules ? { rules: body.rules } : {}),
            updatedAt: deps.clock.now(),
          })
          .where(eq(contests.id, contestId))
          .returning();
        if (!updated) throw notFound('Contest not found');
        return { data: contestView(updated, creatorTicker, participant !== null) };
      });
    },
  );

  app.post(
    API_ROUTES.getContest,
    {
      config: { auth: 'optional' },
      schema: { tags, body: contestIdBodySchema, response: { 200: getContestResponseSchema }, security: [] },
    },
    async (request) => {
      const viewer = request.user;
      const { row, creatorTicker, participant } = await requireContest(
        deps.db,
        request.body.contestId,
        viewer?.id ?? null,
      );
      return { contest: contestView(row, creatorTicker, viewer ? participant !== null : undefined) };
    },
  );

  app.get(
    API_ROUTES.upcomingContests,
    {
      schema: { tags, querystring: upcomingContestsQuerySchema, response: { 200: upcomingContestsResponseSchema } },
    },
    async (request) => {
      const user = requireUser(request);
      const { limit, cursor } = request.query;
      const after = cursor === undefined ? null : decodeUpcomingCursor(cursor);
      if (cursor !== undefined && !after) {
        throw badRequest('Validation failed', [{ field: 'cursor', message: 'Not a cursor of this list' }]);
      }
      return listUpcoming(deps.db, user.id, { limit, after });
    },
  );

  app.get(
    API_ROUTES.activeContests,
    { schema: { tags, response: { 200: contestResultsResponseSchema } } },
    async (request) => {
      const user = requireUser(request);
      return { contests: await listWithResults(deps.db, user.id, 'active') };
    },
  );

  app.get(
    API_ROUTES.completedContests,
    { schema: { tags, response: { 200: contestResultsResponseSchema } } },
    async (request) => {
      const user = requireUser(request);
      return { contests: await listWithResults(deps.db, user.id, 'completed') };
    },
  );

  // Bounded boards (API.md): the top rows plus the caller's own, served from the tick's board in memory and written as
  // JSON text assembled from parts serialized once per tick.
  for (const phase of ['active', 'completed'] as const) {
    app.get(
      API_ROUTES[`${phase}Contest` as const],
      { schema: { tags, params: contestIdParams, response: { 200: contestBoardResponseSchema } } },
      async (request, reply) => {
        const user = requireUser(request);
        const board = await deps.boards.get(request.params.id);
        if (!board) throw notFound('Contest not found');
        const { status } = board;
        if (status !== phase)
          throw conflict(
            phase === 'active'
              ? `The contest is not live (it is ${status})`
              : `The contest is not completed (it is ${status})`,
          );
        // A string payload skips the route serializer; tests parse it with contestBoardResponseSchema.
        return reply.type('application/json; charset=utf-8').send(boardResponseJson(board, user.id) as never);
      },
    );
  }

  app.get(
    API_ROUTES.contestStandings,
    {
      schema: {
        tags,
        params: contestIdParams,
        querystring: standingsPageQuerySchema,
        response: { 200: standingsPageResponseSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const board = await deps.boards.get(request.params.id);
      if (!board) throw notFound('Contest not found');
      if (board.status !== 'active' && board.status !== 'completed') {
        throw conflict(`The contest is ${board.status}; standings exist once it is live`);
      }
      const { limit, around } = request.query;
      let { offset } = request.query;
      if (around === 'me') {
        const index = board.indexOf.get(user.id);
        if (index === undefined) {
          throw badRequest('You are not on this board', [
            { field: 'around', message: 'Only a participant can page around their own row' },
          ]);
        }
        offset = Math.max(0, Math.min(index - Math.floor((limit - 1) / 2), board.total - limit));
      }
      return { standings: board.rows.slice(offset, offset + limit), total: board.total, offset, asOf: board.asOf };
    },
  );

  app.post(
    API_ROUTES.joinContest,
    { schema: { tags, body: joinContestBodySchema, response: { 200: contestUserResponseSchema } } },
    async (request) => {
      const user = requireActiveUser(request);
      const { contestId, picks, affiliation } = request.body;
      const now = deps.clock.now();
      return deps.db.transaction(async (tx) => {
        const { row, participant } = await requireContest(tx, contestId, user.id, true);
        if (!acceptsPicks(row, now)) throw notUpcoming(contestStatus(row));
        if (participant) throw conflict('You have already joined this contest');
        if (row.participantsCount >= row.maxParticipants) throw conflict('The contest is full');
        const problems = [
          ...picksProblems(picks, row.picksCount, deps.market.isKnown),
          ...affiliationProblems(affiliation, row.affiliations),
        ];
        if (problems.length > 0) throw badRequest('Validation failed', problems);
        // The contest row lock already serialises joins; the primary key is the last line of defence.
        const [joined] = await tx
          .insert(participants)
          .values({ contestId, userId: user.id, picks, affiliation: affiliation ?? null, joinedAt: now })
          .onConflictDoNothing()
          .returning();
        if (!joined) throw conflict('You have already joined this contest');
        const [updated] = await tx
          .update(contests)
          .set({ participantsCount: sql`${contests.participantsCount} + 1`, updatedAt: now })
          .where(eq(contests.id, contestId))
          .returning();
        return { data: await contestUserView(tx, updated ?? row, user.id, joined, deps.market.pricesOf) };
      });
    },
  );

  app.post(
    API_ROUTES.changePicks,
    { schema: { tags, body: changePicksBodySchema, response: { 200: contestUserResponseSchema } } },
    async (request) => {
      const user = requireActiveUser(request);
      const { contestId, picks } = request.body;
      return deps.db.transaction(async (tx) => {
        const { row, participant } = await requireContest(tx, contestId, user.id, true);
        if (!participant) throw forbidden('You have not joined this contest');
        if (!acceptsPicks(row, deps.clock.now())) throw notUpcoming(contestStatus(row));
        const problems = picksProblems(picks, row.picksCount, deps.market.isKnown);
        if (problems.length > 0) throw badRequest('Validation failed', problems);
        const [updated] = await tx
          .update(participants)
          .set({ picks })
          .where(and(eq(participants.contestId, contestId), eq(participants.userId, user.id)))
          .returning();
        return { data: await contestUserView(tx, row, user.id, updated ?? null, deps.market.pricesOf) };
      });
    },
  );

  app.post(
    API_ROUTES.leaveContest,
    { schema: { tags, body: contestIdBodySchema, response: { 200: contestUserResponseSchema } } },
    async (request) => {
      const user = requireActiveUser(request);
      const { contestId } = request.body;
      return deps.db.transaction(async (tx) => {
        const { row, participant } = await requireContest(tx, contestId, user.id, true);
        if (!participant) throw forbidden('You have not joined this contest');
        if (!acceptsPicks(row, deps.clock.now())) throw notUpcoming(contestStatus(row));
        await tx
          .delete(participants)
          .where(and(eq(participants.contestId, contestId), eq(participants.userId, user.id)));
        await tx
          .update(contests)
          .set({ participantsCount: sql`${contests.participantsCount} - 1`, updatedAt: deps.clock.now() })
          .where(eq(contests.id, contestId));
        return { data: await contestUserView(tx, row, user.id, null, deps.market.pricesOf) };
      });
    },
  );

  app.post(
    API_ROUTES.cancelContest,
    { schema: { tags, body: contestIdBodySchema, response: { 200: contestDataResponseSchema } } },
    async (request) => {
      const user = requireActiveUser(request);
      const { contestId } = request.body;
      return deps.db.transaction(async (tx) => {
        const { row, creatorTicker, participant } = await requireContest(tx, contestId, user.id, true);
        if (row.createdBy !== user.id && !isAdmin(user))
          throw forbidden('Only the creator or an admin can cancel this contest');
        if (!acceptsPicks(row, deps.clock.now())) throw notUpcoming(contestStatus(row));
        const now = deps.clock.now();
        const [updated] = await tx
          .update(contests)
          .set({ cancelledAt: now, updatedAt: now })
          .where(eq(contests.id, contestId))
          .returning();
        return { data: contestView(updated ?? row, creatorTicker, participant !== null) };
      });
    },
  );

  await app.register(tradingRoutes);
  await app.register(orderRoutes);
}
