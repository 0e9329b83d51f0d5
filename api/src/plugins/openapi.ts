import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI 3 generated from the same zod schemas that validate requests; `/docs` (page) and `/docs/json`. */
async function openApiPlugin(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Bullpen API', version: '1.0.0', description: 'Stock-picking contests (see shared/API.md).' },
      components: { securitySchemes: { idToken: { type: 'apiKey', in: 'header', name: 'Authorization' } } },
      security: [{ idToken: [] }],
    },
    transform: jsonSchemaTransform,
  });
  // The documentation is public.
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/docs'))
      route.config = { ...(route.config ?? {}), auth: 'public' } as typeof route.config;
  });
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true, uiConfig: { docExpansion: 'list' } });
}

export default fp(openApiPlugin, { name: 'openapi' });
