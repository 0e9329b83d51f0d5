import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { activeUser, signedIn } from '../users/access';

/** Any id: one that cannot be ours is unknown (404) in the lookup, never a validation error. */
export const contestIdParams = z.strictObject({ id: z.string().max(2048) });

/** The signed-in caller; 401 for nobody. */
export function requireUser(request: FastifyRequest) {
  return signedIn(request.user);
}

/** The caller, signed in and onboarded (users/access.ts says why). */
export function requireActiveUser(request: FastifyRequest) {
  return activeUser(request.user);
}
