import { contestUserResponseSchema } from '@bullpen/contract';
import { API_ROUTES } from '@bullpen/contract/paths';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contestUserView, pricesOfTick } from '../db/portfolios';
import { contestIdParams, requireContest, requireUser } from './guards';

export default async function contestUserRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    API_ROUTES.contestUser,
    { schema: { tags: ['contest'], params: contestIdParams, response: { 200: contestUserResponseSchema } } },
    async (request) => {
      const user = requireUser(request);
      const { row, participant } = await requireContest(app.deps.db, request.params.id, user.id);
      // Valued at the prices of the tick the board shows, so my value and my row on the board are one valuation.
      const prices = pricesOfTick(row.standingsAsOf, app.deps.market.pricesOf);
      return { data: await contestUserView(app.deps.db, row, user.id, participant, prices) };
    },
  );
}
