import { marketStatusResponseSchema } from '@bullpen/contract';
import { API_ROUTES } from '@bullpen/contract/paths';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

export default async function marketRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    API_ROUTES.marketStatus,
    { config: { auth: 'public' }, schema: { tags: ['equity'], response: { 200: marketStatusResponseSchema } } },
    async () => app.deps.market.session.status(app.deps.clock.now()),
  );
}
