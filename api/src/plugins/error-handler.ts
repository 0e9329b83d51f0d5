import type { FieldError } from '@bullpen/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ApiError } from '../lib/errors';

interface ZodIssueParams {
  keys?: string[];
}

/** Zod issues as API.md field errors: `picks.2`, `startsAt`; an unknown key names itself. */
function fieldErrors(
  error: FastifyError & { validation: { instancePath: string; message?: string; keyword: string; params: unknown }[] },
  context: string,
) {
  const errors: FieldError[] = [];
  for (const issue of error.validation) {
    const path = issue.instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');
    const keys = (issue.params as ZodIssueParams).keys;
    if (issue.keyword === 'unrecognized_keys' && keys) {
      for (const key of keys) errors.push({ field: path ? `${path}.${key}` : key, message: 'Unknown field' });
      continue;
    }
    errors.push({ field: path || context, message: issue.message ?? 'Invalid value' });
  }
  return errors;
}

async function errorHandlerPlugin(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ApiError) {
      return reply.status(error.statusCode).send({
        errMessage: error.message,
        errors: error.errors,
        ...(error.data ? { data: error.data } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const context = (error as { validationContext?: string }).validationContext ?? 'body';
      return reply.status(400).send({ errMessage: 'Validation failed', errors: fieldErrors(error, context) });
    }
    const status = error.statusCode ?? 500;
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || (status === 400 && error instanceof SyntaxError)) {
      return reply
        .status(400)
        .send({ errMessage: 'Malformed JSON body', errors: [{ field: 'body', message: 'Malformed JSON' }] });
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      // The route's own limit when it has a smaller one (a health beacon's), else the API's.
      const limit = request.routeOptions.bodyLimit ?? app.initialConfig.bodyLimit ?? 64 * 1024;
      const size = limit % 1024 === 0 ? `${limit / 1024} KiB` : `${limit} bytes`;
      return reply.status(413).send({ errMessage: `Request body is too large (${size} at most)`, errors: [] });
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (media type, empty body, rate limit…) carry safe messages.
      return reply.status(status).send({
        errMessage: (error as { errMessage?: string }).errMessage ?? (error.message || 'Bad request'),
        errors: [],
      });
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send({ errMessage: 'Something went wrong on our side. Please try again.', errors: [] });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ errMessage: `No route ${request.method} ${request.url.split('?')[0]}`, errors: [] });
  });
}

export default fp(errorHandlerPlugin, { name: 'error-handler' });
