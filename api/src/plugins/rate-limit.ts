import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { rateLimited } from '../lib/errors';

/**
 * Per-user request budget (per address for public calls). Registered before authentication, which also uses it to
 * count refused tokens per address; its per-route check runs at preValidation, after authentication has named the
 * user and before validation, so floods of bad bodies count too. 429 carries Retry-After and the API.md body.
 */
async function rateLimitPlugin(app: FastifyInstance, options: { max: number; windowMs: number }) {
  await app.register(rateLimit, {
    global: true,
    max: options.max,
    timeWindow: options.windowMs,
    hook: 'preValidation',
    keyGenerator: (request) => (request.user ? `user:${request.user.id}` : `ip:${request.ip}`),
    errorResponseBuilder: (_request, context) => rateLimited(context.ttl),
  });
}

export default fp(rateLimitPlugin, { name: 'rate-limit' });
