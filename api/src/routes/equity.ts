import {
  emptyBodySchema,
  equitiesResponseSchema,
  equityHistoryQuerySchema,
  equityHistoryResponseSchema,
} from '@bullpen/shared/schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { equityHistory } from '../market/equity-history';

export default async function equityRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/equity/get-equities',
    { schema: { tags: ['equity'], body: emptyBodySchema, response: { 200: equitiesResponseSchema } } },
    async () => ({ equities: await app.deps.market.listEquities(), market: app.deps.market.info }),
  );

  app.get(
    '/equity/:symbol/history',
    {
      schema: {
        tags: ['equity'],
        params: z.strictObject({ symbol: z.string().trim().toUpperCase().max(12) }),
        querystring: equityHistoryQuerySchema,
        response: { 200: equityHistoryResponseSchema },
      },
    },
    async (request) => equityHistory(app.deps, request.params.symbol, request.query),
  );
}
