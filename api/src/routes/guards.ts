import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { UserRow } from '../db/users';
import { forbidden, unauthorized } from '../lib/errors';

/** Any id: one that cannot be ours is unknown (404) in the lookup, never a validation error. */
export const contestIdParams = z.strictObject({ id: z.string().max(2048) });

export function requireUser(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthorized();
  return request.user;
}

/** Contest, trading and profile actions need a finished onboarding (a call sign to show on boards). */
export function requireActiveUser(request: FastifyRequest): UserRow {
  const user = requireUser(request);
  if (user.status === 'not-initialized') throw forbidden('Choose your call sign first');
  if (user.status !== 'active') throw forbidden('Your account is suspended');
  return user;
}
