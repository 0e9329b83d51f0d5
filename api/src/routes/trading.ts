import {
  isPendingAnswer,
  orderResponseSchema,
  portfolioHistoryResponseSchema,
  tradeBodySchema,
  tradeResponseSchema,
} from '@bullpen/contract';
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
        // 202: the order waits for the delayed price or the open (API.md "Market orders that wait").
        response: { 200: tradeResponseSchema, 202: orderResponseSchema },
      },
    },
    async (request, reply) => {
      const answer = await placeMarketOrder(
        deps,
        requireActiveUser(request),
        request.body,
        request.headers['idempotency-key'],
      );
      // A retry replays the stored answer: a waiting order's is a 202 again.
      return isPendingAnswer(answer) ? reply.code(202).send(answer) : answer;
    },
  );

  app.get(
    API_ROUTES.portfolioHistory,
    { schema: { tags: ['trading'], params: contestIdParams, response: { 200: portfolioHistoryResponseSchema } } },
    async (request) => portfolioHistory(deps, requireUser(request), request.params.id),
  );
}
