import {
  emptyBodySchema,
  equitiesResponseSchema,
  equityHistoryQuerySchema,
  equityHistoryResponseSchema,
} from '@bullpen/contract';
import { API_ROUTES } from '@bullpen/contract/paths';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, notFound } from '../lib/errors';

const DAY_MS = 24 * 3600 * 1000;

export default async function equityRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    API_ROUTES.getEquities,
    { schema: { tags: ['equity'], body: emptyBodySchema, response: { 200: equitiesResponseSchema } } },
    async () => ({ equities: await app.deps.market.listEquities(), market: app.deps.market.info }),
  );

  app.get(
    API_ROUTES.equityHistory,
    {
      schema: {
        tags: ['equity'],
        params: z.strictObject({ symbol: z.string().trim().toUpperCase().max(12) }),
        querystring: equityHistoryQuerySchema,
        response: { 200: equityHistoryResponseSchema },
      },
    },
    async (request) => {
      const { symbol } = request.params;
      if (!app.deps.market.isKnown(symbol)) throw notFound(`Unknown symbol ${symbol}`);
      const now = app.deps.clock.now();
      const to = request.query.to ? new Date(request.query.to) : now;
      const from = request.query.from ? new Date(request.query.from) : new Date(to.getTime() - DAY_MS);
      if (from > to) throw badRequest('Validation failed', [{ field: 'from', message: 'from must not be after to' }]);
      return { symbol, points: await app.deps.market.history(symbol, from, to) };
    },
  );
}
