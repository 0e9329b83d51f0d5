import { type MarketStatusResponse, marketStatusResponseSchema } from '@bullpen/contract';
import { API_ROUTES } from '@bullpen/contract/paths';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/**
 * Every screen with prices reads the market's status, signed in or not, and many players share one address (an
 * office, a school, a load balancer): its own budget per address, this many times the general one, so it never spends
 * the budget other calls from that address need, and never runs out while pages are open.
 */
const MARKET_STATUS_BUDGET_FACTOR = 10;

/**
 * How long a browser may keep an answer: as long as the API itself keeps the session (MARKET_STATUS_POLL_MS), never
 * past the next change of state (the close of an open session, the next open), so a cached answer is never wrong.
 */
function statusMaxAgeSeconds(status: MarketStatusResponse, now: Date, pollMs: number): number {
  const change = status.open ? status.session?.closesAt : status.nextOpenAt;
  const untilChange = change ? Date.parse(change) - now.getTime() : Number.POSITIVE_INFINITY;
  return Math.max(0, Math.floor(Math.min(pollMs, untilChange) / 1000));
}

export default async function marketRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { config } = app.deps;

  app.get(
    API_ROUTES.marketStatus,
    {
      config: {
        auth: 'public',
        rateLimit: {
          max: config.rateLimit.max * MARKET_STATUS_BUDGET_FACTOR,
          timeWindow: config.rateLimit.windowMs,
          keyGenerator: (request: FastifyRequest) => `market-status:${request.ip}`,
        },
      },
      schema: { tags: ['equity'], response: { 200: marketStatusResponseSchema } },
    },
    async (_request, reply) => {
      const now = app.deps.clock.now();
      const status = app.deps.market.session.status(now);
      reply.header('cache-control', `public, max-age=${statusMaxAgeSeconds(status, now, config.market.statusPollMs)}`);
      return status;
    },
  );
}
