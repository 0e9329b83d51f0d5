import { errorBodySchema } from '@bullpen/contract';
import { API_ROUTES } from '@bullpen/contract/paths';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordRemoteHealth, remoteHealthSince } from '../db/remote-health';
import { badRequest } from '../lib/errors';

/** A beacon carries a handful of counters: anything larger is no report of ours. */
export const HEALTH_BODY_LIMIT = 4 * 1024;
const MAX_REPORTS = 16;
/** The most one report may add per counter: a page reports within seconds, and a made-up report moves little. */
export const MAX_COUNT = 1000;

const count = z.number().int().min(0).max(MAX_COUNT);

const remoteHealthBodySchema = z.strictObject({
  /** A random id the browser keeps (no account, no address): accepted, never stored. */
  browserId: z.string().regex(/^[0-9A-Za-z-]{8,64}$/, 'must be a browser id'),
  reports: z
    .array(
      z.strictObject({
        remote: z.enum(['auth', 'contests', 'trading', 'profile']),
        release: z.string().regex(/^[0-9A-Za-z][0-9A-Za-z.-]{0,63}$/, 'must be a release version'),
        views: count,
        loadFailures: count,
        errors: count,
      }),
    )
    .min(1)
    .max(MAX_REPORTS),
});

const healthRowSchema = z.object({
  remote: z.string(),
  release: z.string(),
  views: z.number(),
  loadFailures: z.number(),
  errors: z.number(),
});

/**
 * How remotes fare in browsers (docs/operating-remotes.md). The host sends, with navigator.sendBeacon, per remote
 * and release, the page views, failed loads and errors its error boundary caught; they are added up per release per
 * minute. Public and without a token (a beacon carries none), so the body is small and bounded and the route shares
 * the API's rate limit by address. `npm run remote -- status` reads the totals back; the canary watch judges
 * canaries by them.
 */
export default async function telemetryRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // sendBeacon with a string sends text/plain (a "simple" request: no CORS preflight). In this plugin only, a
  // text/plain body is read as JSON.
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser(
    'text/plain',
    { parseAs: 'string', bodyLimit: HEALTH_BODY_LIMIT },
    (_request, body, done) => {
      try {
        done(null, JSON.parse(String(body)));
      } catch {
        done(badRequest('The body is not JSON'), undefined);
      }
    },
  );

  app.post(
    API_ROUTES.remoteHealth,
    {
      bodyLimit: HEALTH_BODY_LIMIT,
      config: { auth: 'public' },
      schema: {
        tags: ['ops'],
        body: remoteHealthBodySchema,
        response: { 204: z.null(), 400: errorBodySchema },
      },
    },
    async (request, reply) => {
      await recordRemoteHealth(app.deps.db, app.deps.clock.now(), request.body.reports);
      return reply.status(204).send(null);
    },
  );

  app.get(
    API_ROUTES.remoteHealth,
    {
      config: { auth: 'public' },
      schema: {
        tags: ['ops'],
        querystring: z.strictObject({
          minutes: z.coerce.number().int().min(1).max(10_080).default(60),
        }),
        response: { 200: z.object({ minutes: z.number(), releases: z.array(healthRowSchema) }) },
      },
    },
    async (request) => {
      const { minutes } = request.query;
      const since = new Date(app.deps.clock.now().getTime() - minutes * 60_000);
      return { minutes, releases: await remoteHealthSince(app.deps.db, since) };
    },
  );
}
