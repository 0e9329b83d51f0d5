import { editProfileBodySchema, getUserProfileBodySchema, userProfileResponseSchema } from '@bullpen/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { editProfile, getUserProfile } from '../users/profile';
import { requireActiveUser, requireUser } from './guards';
import { API_ROUTES } from '@bullpen/contract/paths';

export default async function userProfileRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['user'];

  app.post(
    API_ROUTES.getUserProfile,
    { schema: { tags, body: getUserProfileBodySchema, response: { 200: userProfileResponseSchema } } },
    async (request) => ({
      userProfile: await getUserProfile(app.deps, requireUser(request), request.body.userId),
    }),
  );

  app.post(
    API_ROUTES.editProfile,
    { schema: { tags, body: editProfileBodySchema, response: { 200: userProfileResponseSchema } } },
    async (request) => ({ userProfile: await editProfile(app.deps, requireActiveUser(request), request.body) }),
  );
}
