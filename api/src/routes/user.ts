import { emptyBodySchema, initializeUserBodySchema, userResponseSchema } from '@bullpen/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { initializeUser, userView } from '../users/initialize-user';
import { requireUser } from './guards';
import { API_ROUTES } from '@bullpen/contract/paths';

export default async function userRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['user'];

  app.post(
    API_ROUTES.getUser,
    { schema: { tags, body: emptyBodySchema, response: { 200: userResponseSchema } } },
    async (request) => ({
      user: userView(requireUser(request)),
    }),
  );

  app.post(
    API_ROUTES.initializeUser,
    { schema: { tags, body: initializeUserBodySchema, response: { 200: userResponseSchema } } },
    async (request) => ({ user: await initializeUser(app.deps, requireUser(request), request.body) }),
  );
}
