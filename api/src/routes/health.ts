import { healthResponseSchema } from '@bullpen/shared/schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pingDatabase } from '../db/database';

export default async function healthRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/health',
    { config: { auth: 'public', rateLimit: false }, schema: { tags: ['ops'], response: { 200: healthResponseSchema } } },
    async () => {
      await pingDatabase(app.deps.db);
      const { asOf } = await app.deps.market.snapshot();
      return { status: 'ok' as const, db: 'ok' as const, market: { asOf: asOf ? asOf.toISOString() : null } };
    },
  );
}
