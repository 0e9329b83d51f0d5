import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { type LoadedContest, loadContest } from '../db/contests';
import type { Executor } from '../db/database';
import type { UserRow } from '../db/users';
import { forbidden, notFound, unauthorized } from '../lib/errors';

/** Any id: one that cannot be ours is unknown (404) in the lookup, never a validation error. */
export const contestIdParams = z.strictObject({ id: z.string().max(2048) });

export async function requireContest(
  executor: Executor,
  contestId: string,
  viewerId: string | null,
  lock = false,
): Promise<LoadedContest> {
  const loaded = await loadContest(executor, contestId, viewerId, lock);
  if (!loaded) throw notFound('Contest not found');
  return loaded;
}

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
