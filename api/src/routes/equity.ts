import {
  equitiesResponseSchema,
  equityHistoryQuerySchema,
  equityHistoryResponseSchema,
  getEquitiesBodySchema,
} from '@bullpen/contract';
import { API_ROUTES } from '@bullpen/contract/paths';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { equityHistory } from '../market/equity-history';

export default async function equityRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    API_ROUTES.getEquities,
    { schema: { tags: ['equity'], body: getEquitiesBodySchema, response: { 200: equitiesResponseSchema } } },
    async (request) => ({ equities: await app.deps.market.listEquities(request.body), market: app.deps.market.info }),
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
    async (request) => equityHistory(app.deps, request.params.symbol, request.query),
  );
}
