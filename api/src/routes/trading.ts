import { portfolioHistoryResponseSchema, tradeBodySchema, tradeResponseSchema } from '@bullpen/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { placeMarketOrder } from '../trading/place-market-order';
import { portfolioHistory } from '../trading/portfolio-history';
import { contestIdParams, requireActiveUser, requireUser } from './guards';
import { idempotencyKeySchema } from './idempotency-key';
import { API_ROUTES } from '@bullpen/contract/paths';

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
    async (request) =>
      placeMarketOrder(deps, requireActiveUser(request), request.body, request.headers['idempotency-key']),
  );

  app.get(
    API_ROUTES.portfolioHistory,
    { schema: { tags: ['trading'], params: contestIdParams, response: { 200: portfolioHistoryResponseSchema } } },
    async (request) => portfolioHistory(deps, requireUser(request), request.params.id),
  );
}
