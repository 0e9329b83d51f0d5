import {
  portfolioHistoryResponseSchema,
  tradeBodySchema,
  tradeResponseSchema,
  type TradeResponse,
} from '@bullpen/contract';
import { API_ROUTES } from '@bullpen/contract/paths';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idempotencyKeySchema, requestHashOf, withIdempotency } from '../db/idempotency';
import { portfolioHistoryOf, portfolioOf } from '../db/portfolios';
import { contestStatus } from '../domain/contest-status';
import { conflict, forbidden } from '../lib/errors';
import { executeMarketOrder } from '../trading/market-order';
import { contestIdParams, requireActiveUser, requireContest, requireUser } from './guards';

export default async function tradingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  app.post(
    API_ROUTES.trading,
    {
      schema: {
        tags: ['trading'],
        body: tradeBodySchema,
        headers: z.looseObject({ 'idempotency-key': idempotencyKeySchema.optional() }),
        response: { 200: tradeResponseSchema },
      },
    },
    async (request) => {
      const user = requireActiveUser(request);
      const body = request.body;
      const key = request.headers['idempotency-key'];
      const requestHash = requestHashOf([body.contestId, body.symbol, body.side, body.quantity]);
      const now = deps.clock.now();

      return deps.db.transaction((tx) =>
        withIdempotency(tx, { userId: user.id, key, requestHash, now }, async (): Promise<TradeResponse> => {
          const { row: contest } = await requireContest(tx, body.contestId, null);
          return executeMarketOrder(tx, deps.market, contest, user.id, body, now);
        }),
      );
    },
  );

  app.get(
    API_ROUTES.portfolioHistory,
    { schema: { tags: ['trading'], params: contestIdParams, response: { 200: portfolioHistoryResponseSchema } } },
    async (request) => {
      const user = requireUser(request);
      const { row, participant } = await requireContest(deps.db, request.params.id, user.id);
      if (!participant) throw forbidden('You have not joined this contest');
      const status = contestStatus(row);
      if (status !== 'active' && status !== 'completed')
        throw conflict(`The contest has no portfolio history yet (it is ${status})`);
      const points = await portfolioHistoryOf(deps.db, row.id, user.id, row.startsAt);
      // History keeps a bounded number of points (every duration/240); a live chart still ends on the value the
      // screen's headline shows, at the last tick's prices, rather than up to one interval behind it.
      const asOf = row.standingsAsOf;
      if (status === 'active' && asOf && (points.length === 0 || new Date(points.at(-1)?.t ?? 0) < asOf)) {
        const portfolio = await portfolioOf(deps.db, row, participant, deps.market.pricesOf);
        if (portfolio) points.push({ t: asOf.toISOString(), value: portfolio.value });
      }
      return { points };
    },
  );
}
