import type { FastifyRequest } from 'fastify';
import type { UserRow } from '../db/users';
import { forbidden, unauthorized } from '../lib/errors';

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

export const isAdmin = (user: UserRow) => user.role === 'admin';
