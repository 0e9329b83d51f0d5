import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type JWTVerifyGetKey, createRemoteJWKSet, jwtVerify } from 'jose';
import type { AppConfig } from '../config';
import type { UserRow } from '../db/users';
import { tooManyRequests, unauthorized } from '../lib/errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** 'required' (default): a valid ID token; 'optional': used when valid, ignored otherwise; 'public': never read. */
    auth?: 'required' | 'optional' | 'public';
  }
  interface FastifyRequest {
    user: UserRow | null;
  }
  interface FastifyInstance {
    /** The same checks as the Authorization header's, for a token that travels elsewhere (a beacon's body). */
    verifyIdToken(token: string): Promise<VerifiedIdentity | null>;
  }
}

export interface VerifiedIdentity {
  sub: string;
  phoneNumber: string | null;
  /** The user pool groups of `cognito:groups`: set by the pool's operators, never by the user (DESIGN §5). */
  groups: string[];
}

/** DESIGN §5: admin comes only from membership of this user pool group. */
const ADMIN_GROUP = 'admins';

export function tokenFromHeader(header: string | undefined): string | null {
  if (!header) return null;
  const value = header.trim();
  if (/^Bearer$/i.test(value)) return null;
  const match = /^Bearer\s+(.+)$/i.exec(value);
  const token = (match ? match[1] : value)?.trim();
  return token ? token : null;
}

/**
 * DESIGN §7: signature from the pool's JWKS, issuer, audience = the web client id, `token_use` = `id`, expiry.
 * Only RS256 is accepted, so `alg: none` and HMAC tricks with the public key fail.
 */
export function createTokenVerifier(
  auth: AppConfig['auth'],
  getKey?: JWTVerifyGetKey,
  options: { jwksCooldownMs?: number } = {},
) {
  // createRemoteJWKSet caches the keys and refetches when a token names an unknown `kid` (at most once per cooldown,
  // so a flood of forged kids cannot turn into a flood of requests to the user pool).
  const keys =
    getKey ??
    createRemoteJWKSet(new URL(auth.jwksUrl), {
      cooldownDuration: options.jwksCooldownMs ?? 30_000,
      cacheMaxAge: 10 * 60_000,
    });
  return async (token: string, now: Date): Promise<VerifiedIdentity | null> => {
    try {
      const { payload } = await jwtVerify(token, keys, {
        issuer: auth.issuer,
        audience: auth.clientId,
        algorithms: ['RS256'],
        currentDate: now,
        requiredClaims: ['sub', 'exp', 'iat'],
      });
      if (payload.token_use !== 'id' || typeof payload.sub !== 'string' || payload.sub === '') return null;
      const phone = typeof payload.phone_number === 'string' ? payload.phone_number : null;
      const claimed = payload['cognito:groups'];
      const groups = Array.isArray(claimed)
        ? claimed.filter((group): group is string => typeof group === 'string')
        : [];
      return { sub: payload.sub, phoneNumber: phone, groups };
    } catch {
      return null;
    }
  };
}

interface AuthenticationOptions {
  config: AppConfig;
  getKey?: JWTVerifyGetKey;
  now: () => Date;
}

async function authenticationPlugin(app: FastifyInstance, options: AuthenticationOptions) {
  const verify = createTokenVerifier(options.config.auth, options.getKey);
  app.decorateRequest('user', null);
  app.decorate('verifyIdToken', (token: string) => verify(token, options.now()));
  // Refused (forged, expired or missing) tokens count against their address, and an address out of that budget gets
  // 429 instead of 401. The token is always read first: behind a load balancer every user may share one address
  // (unless TRUST_PROXY names it), and a valid token is then served within its own user's budget whatever else that
  // address sends. Checking a forged token costs no more than refusing it: a malformed one fails before any
  // signature, and an unknown key id refetches the key set at most once per cooldown.
  const failures = app.createRateLimit({ keyGenerator: (request) => `refused-token:${request.ip}` });

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const mode = request.routeOptions.config?.auth ?? 'required';
    // Unknown routes answer 404 whoever asks.
    if (request.routeOptions.url === undefined || mode === 'public') return;
    const token = tokenFromHeader(request.headers.authorization);
    const identity = token ? await verify(token, options.now()) : null;
    if (!identity) {
      if (mode === 'optional') return;
      const budget = await failures(request);
      if (!budget.isAllowed && budget.isExceeded) throw tooManyRequests(reply, budget.ttl);
      throw unauthorized();
    }
    // Never from `phone_number`: a user can change that attribute (UpdateUserAttributes) to an admin's number.
    const role = identity.groups.includes(ADMIN_GROUP) ? 'admin' : 'user';
    // The row comes from a short-lived cache (db/user-cache.ts); the role and phone number of this token are checked
    // against it on every request and written through when they changed.
    request.user = await app.deps.users.forIdentity(
      { sub: identity.sub, phoneNumber: identity.phoneNumber, role },
      options.now(),
    );
  });
}

export default fp(authenticationPlugin, { name: 'authentication', dependencies: ['deps', 'rate-limit'] });
