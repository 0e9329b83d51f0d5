import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Security headers, and CORS for the configured front-end origins only. */
async function securityPlugin(app: FastifyInstance, options: { corsOrigins: string[] }) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
      },
    },
    // The API is called from the app's other origins.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  });
  await app.register(cors, {
    origin: options.corsOrigins,
    methods: ['GET', 'POST', 'OPTIONS'],
    allowedHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key'],
    exposedHeaders: ['Retry-After'],
    // Access-Control-Max-Age: a browser keeps a preflight this long (Chromium caps it at 2 hours), so a phone pays the
    // OPTIONS round trip of an authorized call once per session, not once per page.
    maxAge: 7200,
  });
}

export default fp(securityPlugin, { name: 'security' });
