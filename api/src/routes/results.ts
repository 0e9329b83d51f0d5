import { benchmarkResponseSchema, completedPlayerResponseSchema, livePublicResponseSchema } from '@bullpen/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { benchmarkReader } from '../results/benchmark';
import { completedPlayer } from '../results/completed-player';
import { livePublic } from '../results/live-public';
import { contestIdParams, requireUser } from './guards';
import { API_ROUTES } from '@bullpen/contract/paths';

const playerParams = z.strictObject({ id: z.string().max(2048), userId: z.string().max(2048) });

/** API.md "Results and insight". */
export default async function resultsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const tags = ['results'];
  const benchmarkOf = benchmarkReader(deps);

  app.get(
    API_ROUTES.livePublic,
    { schema: { tags, response: { 200: livePublicResponseSchema } } },
    async (request) => ({ contests: await livePublic(deps, requireUser(request)) }),
  );

  app.get(
    API_ROUTES.benchmark,
    { schema: { tags, params: contestIdParams, response: { 200: benchmarkResponseSchema } } },
    async (request) => {
      requireUser(request);
      return benchmarkOf(request.params.id);
    },
  );

  app.get(
    API_ROUTES.completedPlayer,
    { schema: { tags, params: playerParams, response: { 200: completedPlayerResponseSchema } } },
    async (request) => {
      requireUser(request);
      return completedPlayer(deps, request.params.id, request.params.userId);
    },
  );
}
