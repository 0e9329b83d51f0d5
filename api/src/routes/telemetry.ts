import {
  errorBodySchema,
  HEALTH_LIMITS,
  healthPassResponseSchema,
  remoteHealthBodySchema,
  remoteHealthResponseSchema,
} from '@bullpen/contract';
import { API_ROUTES } from '@bullpen/contract/paths';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordHealthReports, remoteHealthOfLast } from '../health/remote-health';
import { isOpsToken, issuePass, passHolder } from '../health/reporters';
import { badRequest, forbidden, unauthorized } from '../lib/errors';
import { tokenFromHeader } from '../plugins/authentication';

/**
 * How remotes fare in browsers (docs/operating-remotes.md). The host sends, with navigator.sendBeacon, per remote and
 * release, whether its pages were shown, failed to load or threw. A report counts only as its reporter (a signed-in
 * user's ID token in the body, or a browser's health pass), at most once per remote, release and window, and only
 * for a release a page may load now (the live one or the canary), so no request, however many, moves a canary's
 * fate more than one person does. Only pages of the app's own origins report. `npm run remote -- status` reads the
 * totals back with the operators' token; the canary watch judges canaries by them.
 */
export default async function telemetryRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { config } = app.deps;
  const origins = new Set(config.corsOrigins.map((origin) => new URL(origin).origin));
  /** Browsers send Origin with every POST, sendBeacon's included: a page of another site is named by it. */
  const fromTheApp = (request: FastifyRequest) => {
    const origin = request.headers.origin;
    if (typeof origin !== 'string' || !origins.has(origin)) throw forbidden('Reports come from the app’s own pages');
  };

  // sendBeacon with a string sends text/plain (a "simple" request: no CORS preflight). In this plugin only, a
  // text/plain body is read as JSON.
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser(
    'text/plain',
    { parseAs: 'string', bodyLimit: HEALTH_LIMITS.bodyBytes },
    (_request, body, done) => {
      try {
        done(null, JSON.parse(String(body)));
      } catch {
        done(badRequest('The body is not JSON'), undefined);
      }
    },
  );

  app.post(
    API_ROUTES.healthPass,
    {
      config: {
        auth: 'public',
        rateLimit: {
          max: config.health.passesPerHour,
          timeWindow: 3_600_000,
          keyGenerator: (request: FastifyRequest) => `health-pass:${request.ip}`,
        },
      },
      schema: {
        tags: ['ops'],
        body: z.strictObject({}),
        response: { 200: healthPassResponseSchema, 403: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request) => {
      fromTheApp(request);
      return { pass: issuePass(app.deps.health.key, app.deps.clock.now()) };
    },
  );

  app.post(
    API_ROUTES.remoteHealth,
    {
      bodyLimit: HEALTH_LIMITS.bodyBytes,
      config: { auth: 'public' },
      schema: {
        tags: ['ops'],
        body: remoteHealthBodySchema,
        response: { 204: z.null(), 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    async (request, reply) => {
      fromTheApp(request);
      const now = app.deps.clock.now();
      const { idToken, pass, reports } = request.body;
      const { key } = app.deps.health;
      // The user when the token is good; else the browser's pass (a token may have expired while the page was open).
      const identity = idToken ? await app.verifyIdToken(idToken) : null;
      const browser = identity ? null : pass ? passHolder(key, pass, now) : null;
      if (!identity && !browser) throw unauthorized();
      const reporter = identity ? { user: identity.sub } : { browser: browser as string };
      await recordHealthReports(app.deps, now, reporter, reports);
      return reply.status(204).send(null);
    },
  );

  app.get(
    API_ROUTES.remoteHealth,
    {
      // An admin's ID token, or the operators' token (OPS_TOKEN), which is no JWT: read in the handler.
      config: { auth: 'optional' },
      schema: {
        tags: ['ops'],
        querystring: z.strictObject({
          minutes: z.coerce.number().int().min(1).max(10_080).default(60),
        }),
        response: { 200: remoteHealthResponseSchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    async (request) => {
      if (request.user?.role !== 'admin') {
        if (!isOpsToken(config.health.opsToken, tokenFromHeader(request.headers.authorization))) {
          if (request.user) throw forbidden('Only operators read remote health');
          throw unauthorized();
        }
      }
      return remoteHealthOfLast(app.deps, request.query.minutes);
    },
  );
}
