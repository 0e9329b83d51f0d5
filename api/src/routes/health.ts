import { errorBodySchema, healthResponseSchema } from '@bullpen/contract';
import { API_ROUTES } from '@bullpen/contract/paths';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/** A probe answers from the last check; a check older than this is redone in the background. */
export const HEALTH_CHECK_MS = 1000;

interface Readiness {
  ok: boolean;
  asOf: string | null;
  at: number;
}

/**
 * Liveness and readiness for load balancers, which probe often: the answer comes from a check (one query: the market's
 * prices, which also proves the database answers) made at most once per HEALTH_CHECK_MS, never a database round trip per
 * probe. Only the first probe waits for a check. A failed check answers 503 until a later one succeeds.
 */
export default async function healthRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  let last: Readiness | null = null;
  let checking: Promise<Readiness> | null = null;
  const check = (): Promise<Readiness> => {
    checking ??= app.deps.market
      .snapshot()
      .then(
        ({ asOf }) => ({ ok: true, asOf: asOf ? asOf.toISOString() : null, at: performance.now() }),
        () => ({ ok: false, asOf: last?.asOf ?? null, at: performance.now() }),
      )
      .then((readiness) => {
        last = readiness;
        checking = null;
        return readiness;
      });
    return checking;
  };

  app.get(
    API_ROUTES.health,
    {
      config: { auth: 'public', rateLimit: false },
      schema: { tags: ['ops'], response: { 200: healthResponseSchema, 503: errorBodySchema } },
    },
    async (_request, reply) => {
      let readiness = last;
      if (!readiness) readiness = await check();
      else if (performance.now() - readiness.at >= HEALTH_CHECK_MS) void check();
      if (!readiness.ok) {
        return reply
          .status(503)
          .header('retry-after', '1')
          .send({ errMessage: 'The database is not answering', errors: [] });
      }
      const { market, clock } = app.deps;
      const feed = market.feed.status();
      return {
        status: 'ok' as const,
        db: 'ok' as const,
        market: {
          asOf: readiness.asOf,
          feed: market.feed.name,
          connected: feed.connected,
          delayMinutes: market.session.delayMinutes,
          open: market.session.isOpen(clock.now()),
          ...(feed.standby === undefined ? {} : { standby: feed.standby }),
        },
      };
    },
  );
}
