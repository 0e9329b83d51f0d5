import {
  BENCHMARK_NAME,
  benchmarkResponseSchema,
  completedPlayerResponseSchema,
  livePublicResponseSchema,
} from '@bullpen/contract';
import { API_ROUTES } from '@bullpen/contract/paths';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loadPositions, TRADES_SHOWN, tradeView } from '../db/portfolios';
import { benchmarkPoints, firstHistoryTick, listLivePublic, pickReturns, pricesAt, rankedHistory } from '../db/results';
import { participants, trades } from '../db/schema';
import { contestStatus } from '../domain/contest-status';
import { toDollars } from '../domain/money';
import { describePortfolio } from '../domain/valuation';
import { isWellFormedId } from '../lib/ids';
import { conflict, notFound } from '../lib/errors';
import analyticsRoutes from './analytics';
import { contestIdParams, requireContest, requireUser } from './guards';

const playerParams = z.strictObject({ id: z.string().max(2048), userId: z.string().max(2048) });

/** A completed contest's benchmark never changes: kept here once computed (bounded, oldest first out). */
const FINAL_BENCHMARKS_KEPT = 500;

/** API.md "Results and insight". */
export default async function resultsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const tags = ['results'];
  await app.register(analyticsRoutes);
  const finalBenchmarks = new Map<string, Awaited<ReturnType<typeof benchmarkPoints>>>();

  app.get(API_ROUTES.livePublic, { schema: { tags, response: { 200: livePublicResponseSchema } } }, async (request) => {
    const user = requireUser(request);
    return { contests: await listLivePublic(deps.db, user.id) };
  });

  app.get(
    API_ROUTES.benchmark,
    { schema: { tags, params: contestIdParams, response: { 200: benchmarkResponseSchema } } },
    async (request) => {
      requireUser(request);
      const { row } = await requireContest(deps.db, request.params.id, null);
      const status = contestStatus(row);
      if (status !== 'active' && status !== 'completed') {
        throw conflict(`The contest is ${status}; the benchmark starts when the contest does`);
      }
      if (status === 'completed') {
        let points = finalBenchmarks.get(row.id);
        if (!points) {
          points = await benchmarkPoints(deps.db, row.id);
          if (finalBenchmarks.size >= FINAL_BENCHMARKS_KEPT)
            finalBenchmarks.delete(finalBenchmarks.keys().next().value as string);
          finalBenchmarks.set(row.id, points);
        }
        return { name: BENCHMARK_NAME, points };
      }
      return { name: BENCHMARK_NAME, points: await benchmarkPoints(deps.db, row.id, row.standingsAsOf) };
    },
  );

  app.get(
    API_ROUTES.completedPlayer,
    { schema: { tags, params: playerParams, response: { 200: completedPlayerResponseSchema } } },
    async (request) => {
      requireUser(request);
      const { id, userId } = request.params;
      const { row } = await requireContest(deps.db, id, null);
      const status = contestStatus(row);
      if (status !== 'completed')
        throw conflict(`The contest is not completed (it is ${status === 'active' ? 'live' : status})`);
      if (!isWellFormedId(userId)) throw notFound('Player not found in this contest');
      const [participant] = await deps.db
        .select()
        .from(participants)
        .where(and(eq(participants.contestId, row.id), eq(participants.userId, userId)));
      const board = await deps.boards.get(row.id);
      const index = board?.indexOf.get(userId);
      const player = index === undefined ? undefined : board?.rows[index];
      if (!participant || participant.cashCents === null || !player) throw notFound('Player not found in this contest');

      // Valued at the final tick's prices, the ones the frozen standings used, so the rows add up to the board's value.
      const finalAt = row.standingsAsOf ?? row.endsAt;
      const held = await loadPositions(deps.db, row.id, userId);
      const startAt = await firstHistoryTick(deps.db, row.id);
      const symbols = [...new Set([...held.map((p) => p.symbol), ...participant.picks])];
      const [finalPrices, startPrices] = await Promise.all([
        pricesAt(deps.db, symbols, finalAt),
        startAt ? pricesAt(deps.db, participant.picks, startAt) : Promise.resolve(new Map<string, number>()),
      ]);
      const portfolio = describePortfolio(participant.cashCents, held, finalPrices, row.startingCashCents);
      const tradeRows = await deps.db
        .select()
        .from(trades)
        .where(and(eq(trades.contestId, row.id), eq(trades.userId, userId)))
        .orderBy(desc(trades.executedAt), desc(trades.seq))
        .limit(TRADES_SHOWN);
      return {
        player,
        picks: participant.picks,
        cash: toDollars(participant.cashCents),
        positions: portfolio.positions,
        trades: tradeRows.map(tradeView),
        history: await rankedHistory(deps.db, row.id, userId),
        pickReturns: pickReturns(participant.picks, startPrices, finalPrices),
      };
    },
  );
}
