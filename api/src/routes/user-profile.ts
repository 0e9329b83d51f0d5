import { editProfileBodySchema, getUserProfileBodySchema, userProfileResponseSchema } from '@bullpen/shared/schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { editProfile, getUserProfile } from '../users/profile';
import { requireActiveUser, requireUser } from './guards';

export default async function userProfileRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['user'];

  app.post(
    '/user-profile/get-user-profile',
    { schema: { tags, body: getUserProfileBodySchema, response: { 200: userProfileResponseSchema } } },
    async (request) => ({
      userProfile: await getUserProfile(app.deps, requireUser(request), request.body.userId),
    }),
  );

  app.post(
    '/user-profile/edit-profile',
    { schema: { tags, body: editProfileBodySchema, response: { 200: userProfileResponseSchema } } },
    async (request) => ({ userProfile: await editProfile(app.deps, requireActiveUser(request), request.body) }),
  );
}
