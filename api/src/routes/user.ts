import { emptyBodySchema, initializeUserBodySchema, type User, userResponseSchema } from '@bullpen/contract';
import { API_ROUTES } from '@bullpen/contract/paths';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { users } from '../db/schema';
import { isUniqueViolation, tickerTaken, type UserRow } from '../db/users';
import { conflict } from '../lib/errors';
import { requireUser } from './guards';

export const CALL_SIGN_TAKEN = 'Call sign is already taken';

const userView = (row: UserRow): User => ({
  status: row.status,
  _id: row.id,
  ticker: row.ticker,
  role: row.role,
});

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
    async (request) => {
      const user = requireUser(request);
      const { callSign, displayName, bio } = request.body;
      if (user.status !== 'not-initialized') throw conflict('Your profile is already set up');
      if (await tickerTaken(app.deps.db, callSign, user.id))
        throw conflict(CALL_SIGN_TAKEN, [{ field: 'callSign', message: CALL_SIGN_TAKEN }]);
      try {
        const [updated] = await app.deps.db
          .update(users)
          .set({ ticker: callSign, displayName, bio: bio ?? '', status: 'active', updatedAt: app.deps.clock.now() })
          .where(eq(users.id, user.id))
          .returning();
        app.deps.users.forget(user.sub);
        return { user: userView(updated ?? user) };
      } catch (error) {
        // Two people racing for the same call sign: the unique index decides.
        if (isUniqueViolation(error))
          throw conflict(CALL_SIGN_TAKEN, [{ field: 'callSign', message: CALL_SIGN_TAKEN }]);
        throw error;
      }
    },
  );
}
