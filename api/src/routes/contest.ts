import {
  changePicksBodySchema,
  contestBoardResponseSchema,
  contestDataResponseSchema,
  contestIdBodySchema,
  contestResultsResponseSchema,
  contestUserResponseSchema,
  createContestBodySchema,
  editContestBodySchema,
  getContestResponseSchema,
  joinContestBodySchema,
  standingsPageQuerySchema,
  standingsPageResponseSchema,
  upcomingContestsQuerySchema,
  upcomingContestsResponseSchema,
} from '@bullpen/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { boardJson, standingsPage } from '../contests/boards';
import { cancelContest } from '../contests/cancel-contest';
import { createContest } from '../contests/create-contest';
import { editContest } from '../contests/edit-contest';
import { changePicks, joinContest, leaveContest } from '../contests/picks';
import { contestsWithResults, getContest, upcomingContests } from '../contests/read-contests';
import { contestIdParams, requireActiveUser, requireUser } from './guards';
import { API_ROUTES } from '@bullpen/contract/paths';

export default async function contestRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const tags = ['contest'];

  app.post(
    API_ROUTES.createContest,
    { schema: { tags, body: createContestBodySchema, response: { 200: contestDataResponseSchema } } },
    async (request) => ({ data: await createContest(deps, requireActiveUser(request), request.body) }),
  );

  app.post(
    API_ROUTES.editContest,
    { schema: { tags, body: editContestBodySchema, response: { 200: contestDataResponseSchema } } },
    async (request) => ({ data: await editContest(deps, requireActiveUser(request), request.body) }),
  );

  app.post(
    API_ROUTES.getContest,
    {
      config: { auth: 'optional' },
      schema: { tags, body: contestIdBodySchema, response: { 200: getContestResponseSchema }, security: [] },
    },
    async (request) => ({ contest: await getContest(deps, request.user ?? null, request.body.contestId) }),
  );

  app.get(
    API_ROUTES.upcomingContests,
    {
      schema: { tags, querystring: upcomingContestsQuerySchema, response: { 200: upcomingContestsResponseSchema } },
    },
    async (request) => upcomingContests(deps, requireUser(request), request.query),
  );

  app.get(
    API_ROUTES.activeContests,
    { schema: { tags, response: { 200: contestResultsResponseSchema } } },
    async (request) => ({ contests: await contestsWithResults(deps, requireUser(request), 'active') }),
  );

  app.get(
    API_ROUTES.completedContests,
    { schema: { tags, response: { 200: contestResultsResponseSchema } } },
    async (request) => ({ contests: await contestsWithResults(deps, requireUser(request), 'completed') }),
  );

  const boards = [
    ['active', API_ROUTES.activeContest],
    ['completed', API_ROUTES.completedContest],
  ] as const;
  for (const [phase, url] of boards) {
    app.get(
      url,
      { schema: { tags, params: contestIdParams, response: { 200: contestBoardResponseSchema } } },
      async (request, reply) => {
        const json = await boardJson(deps, requireUser(request), request.params.id, phase);
        // A string payload skips the route serializer; tests parse it with contestBoardResponseSchema.
        return reply.type('application/json; charset=utf-8').send(json as never);
      },
    );
  }

  app.get(
    API_ROUTES.contestStandings,
    {
      schema: {
        tags,
        params: contestIdParams,
        querystring: standingsPageQuerySchema,
        response: { 200: standingsPageResponseSchema },
      },
    },
    async (request) => standingsPage(deps, requireUser(request), request.params.id, request.query),
  );

  app.post(
    API_ROUTES.joinContest,
    { schema: { tags, body: joinContestBodySchema, response: { 200: contestUserResponseSchema } } },
    async (request) => ({ data: await joinContest(deps, requireActiveUser(request), request.body) }),
  );

  app.post(
    API_ROUTES.changePicks,
    { schema: { tags, body: changePicksBodySchema, response: { 200: contestUserResponseSchema } } },
    async (request) => ({ data: await changePicks(deps, requireActiveUser(request), request.body) }),
  );

  app.post(
    API_ROUTES.leaveContest,
    { schema: { tags, body: contestIdBodySchema, response: { 200: contestUserResponseSchema } } },
    async (request) => ({ data: await leaveContest(deps, requireActiveUser(request), request.body.contestId) }),
  );

  app.post(
    API_ROUTES.cancelContest,
    { schema: { tags, body: contestIdBodySchema, response: { 200: contestDataResponseSchema } } },
    async (request) => ({ data: await cancelContest(deps, requireActiveUser(request), request.body.contestId) }),
  );
}
