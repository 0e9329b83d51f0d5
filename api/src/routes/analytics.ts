import { analyticsResponseSchema } from '@bullpen/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { playerAnalytics } from '../results/player-analytics';
import { requireUser } from './guards';
import { API_ROUTES } from '@bullpen/contract/paths';

const playerParams = z.strictObject({ id: z.string().max(2048), userId: z.string().max(2048) });

export default async function analyticsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    API_ROUTES.analytics,
    { schema: { tags: ['results'], params: playerParams, response: { 200: analyticsResponseSchema } } },
    async (request) => playerAnalytics(app.deps, requireUser(request), request.params.id, request.params.userId),
  );
}
