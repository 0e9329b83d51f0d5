import { contestUserResponseSchema } from '@bullpen/contract';
import { API_ROUTES } from '@bullpen/contract/paths';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contestUser } from '../contests/contest-user';
import { contestIdParams, requireUser } from './guards';

export default async function contestUserRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    API_ROUTES.contestUser,
    { schema: { tags: ['contest'], params: contestIdParams, response: { 200: contestUserResponseSchema } } },
    async (request) => ({ data: await contestUser(app.deps, requireUser(request), request.params.id) }),
  );
}
