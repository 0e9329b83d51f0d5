import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { CognitoError } from './errors';
import { isLoopbackAddress } from './loopback';
import { isAdminOperation, operations } from './operations';
import { OUTBOX_PAGE_HEADERS, outboxPage } from './outbox-page';
import type { UserPool } from './pool';
import { isOwnHost, originVerdict } from './request-guard';

const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';
const MAX_BODY = 1024 * 1024;

function corsHeaders(request: IncomingMessage, allowedOrigins: ReadonlySet<string>): Record<string, string> {
  const origin = request.headers.origin;
  if (!origin || originVerdict(request, allowedOrigins) !== 'allowed') return {};
  return {
    'access-control-allow-origin': origin,
    'access-control-allow-methods': 'POST, GET, OPTIONS',
    'access-control-allow-headers':
      'content-type, x-amz-target, x-amz-user-agent, cache-control, amz-sdk-invocation-id, amz-sdk-request, authorization',
    'access-control-expose-headers': 'x-amzn-errortype, x-amzn-requestid',
    'access-control-max-age': '600',
    vary: 'Origin',
  };
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) throw new CognitoError('InvalidParameterException', 'Request body too large.');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Why a request is not answered at all: a Host that is not the pool's name, or a page on a foreign origin. */
function refusalOf(request: IncomingMessage, pool: UserPool): string | undefined {
  if (!isOwnHost(request.headers.host, pool.config.ownHostnames)) {
    return 'The Host header does not name this user pool.';
  }
  if (originVerdict(request, pool.config.allowedOrigins) === 'refused') {
    return 'This origin may not call the user pool (USER_POOL_ALLOWED_ORIGINS).';
  }
  return undefined;
}

export function createHandler(pool: UserPool) {
  function send(
    request: IncomingMessage,
    response: ServerResponse,
    status: number,
    body: string,
    headers: Record<string, string>,
  ): void {
    response.writeHead(status, {
      ...corsHeaders(request, pool.config.allowedOrigins),
      ...headers,
      'content-length': Buffer.byteLength(body),
    });
    response.end(body);
  }

  const poolPath = `/${pool.config.poolId}/.well-known`;

  async function answerOperation(request: IncomingMessage, response: ServerResponse, target: string) {
    const requestId = randomUUID();
    const json = (status: number, body: unknown, extra: Record<string, string> = {}) =>
      send(request, response, status, JSON.stringify(body), {
        'content-type': 'application/x-amz-json-1.1',
        'x-amzn-requestid': requestId,
        ...extra,
      });
    try {
      const name = target.startsWith(TARGET_PREFIX) ? target.slice(TARGET_PREFIX.length) : target;
      // A Map lookup: `constructor`, `toString` or `__proto__` are unknown operations like any other name.
      const operation = operations.get(name);
      if (!operation) throw new CognitoError('UnknownOperationException', `Unknown operation ${name}`);
      if (isAdminOperation(name) && !isLoopbackAddress(request.socket.remoteAddress)) {
        throw new CognitoError('AccessDeniedException', 'Admin operations are only answered on loopback.');
      }
      const text = await readBody(request);
      let body: unknown;
      try {
        body = text === '' ? {} : JSON.parse(text);
      } catch {
        throw new CognitoError('SerializationException', 'Request body is not valid JSON.');
      }
      if (!body || typeof body !== 'object' || Array.isArray(body)) {
        throw new CognitoError('SerializationException', 'Request body must be a JSON object.');
      }
      const answer = await operation(pool, body as Record<string, unknown>, {
        address: request.socket.remoteAddress ?? '',
      });
      // What the answer reports (a user, a code, a token) is on disk before the client hears of it.
      await pool.store.flush();
      json(200, answer);
    } catch (thrown) {
      // A failure may have changed the state too (a counted attempt, a used code); failing to write is the failure.
      const error = await pool.store.flush().then(
        () => thrown,
        (flushError: unknown) => flushError,
      );
      if (error instanceof CognitoError) {
        json(error.status, { __type: error.type, message: error.message }, { 'x-amzn-errortype': error.type });
      } else {
        pool.config.log(`[user-pool] internal error: ${(error as Error).stack ?? String(error)}`);
        json(
          500,
          { __type: 'InternalErrorException', message: 'Internal error' },
          { 'x-amzn-errortype': 'InternalErrorException' },
        );
      }
    }
  }

  function answerGet(request: IncomingMessage, response: ServerResponse, url: URL) {
    const sendJson = (body: unknown) =>
      send(request, response, 200, JSON.stringify(body), {
        'content-type': 'application/json',
        'cache-control': 'no-store',
      });
    const phone = url.searchParams.get('phone') ?? undefined;
    const outbox = pool.store.state.outbox.filter((entry) => !phone || entry.phone === phone);
    switch (url.pathname) {
      case `${poolPath}/jwks.json`:
        return sendJson({ keys: [pool.keys.publicJwk] });
      case `${poolPath}/openid-configuration`: {
        const issuer = pool.config.issuer;
        return sendJson({
          issuer,
          jwks_uri: `${issuer}/.well-known/jwks.json`,
          subject_types_supported: ['public'],
          id_token_signing_alg_values_supported: ['RS256'],
          response_types_supported: ['code', 'token'],
          scopes_supported: ['openid', 'phone', 'email', 'profile'],
          token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
          claims_supported: [
            'sub',
            'cognito:username',
            'phone_number',
            'phone_number_verified',
            'cognito:groups',
            'email',
            'email_verified',
          ],
        });
      }
      case '/outbox.json':
        return sendJson(outbox);
      case '/outbox':
        return send(request, response, 200, outboxPage(outbox, phone), {
          'content-type': 'text/html; charset=utf-8',
          'cache-control': 'no-store',
          ...OUTBOX_PAGE_HEADERS,
        });
      case '/':
      case '/health':
        return sendJson({ ok: true, userPoolId: pool.config.poolId, issuer: pool.config.issuer });
      default:
        return send(request, response, 404, JSON.stringify({ message: 'Not found' }), {
          'content-type': 'application/json',
        });
    }
  }

  return (request: IncomingMessage, response: ServerResponse): void => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const refusal = refusalOf(request, pool);
    if (refusal) {
      send(request, response, 403, JSON.stringify({ __type: 'AccessDeniedException', message: refusal }), {
        'content-type': 'application/x-amz-json-1.1',
        'x-amzn-errortype': 'AccessDeniedException',
      });
      return;
    }
    if (request.method === 'OPTIONS') {
      send(request, response, 204, '', {});
      return;
    }
    const target = request.headers['x-amz-target'];
    if (request.method === 'POST' && typeof target === 'string') {
      void answerOperation(request, response, target);
      return;
    }
    if (request.method === 'GET' || request.method === 'HEAD') {
      answerGet(request, response, url);
      return;
    }
    send(
      request,
      response,
      400,
      JSON.stringify({ __type: 'UnknownOperationException', message: 'Missing X-Amz-Target' }),
      {
        'content-type': 'application/x-amz-json-1.1',
        'x-amzn-errortype': 'UnknownOperationException',
      },
    );
  };
}
