// A stand-in for the Cognito user pool at the network level (msw): the real Amplify client and the real
// Authenticator talk to it over fetch exactly as they would to Cognito or the local pool.
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';

export const POOL_ENDPOINT = 'http://localhost:9311/';
export const POOL_ID = 'us-east-1_LocalPool';
export const CLIENT_ID = 'bullpen-web-client';

type CognitoRequest = {
  operation: string;
  body: Record<string, unknown>;
};
/** What an operation answers: a JSON body (200) or a Cognito error. */
type CognitoAnswer = Record<string, unknown> | CognitoError;
export type OperationHandler = (body: Record<string, unknown>) => CognitoAnswer | Promise<CognitoAnswer>;

export class CognitoError {
  constructor(
    readonly type: string,
    readonly message: string,
  ) {}
}

const requests: CognitoRequest[] = [];
let handlers: Record<string, OperationHandler> = {};

export const server = setupServer(
  http.post(POOL_ENDPOINT, async ({ request }) => {
    const operation = (request.headers.get('x-amz-target') ?? '').split('.').pop() ?? '';
    const body = (await request.json()) as Record<string, unknown>;
    requests.push({ operation, body });
    const handler = handlers[operation];
    if (!handler) {
      return HttpResponse.json(
        {
          __type: 'InvalidParameterException',
          message: `not mocked: ${operation}`,
        },
        { status: 400 },
      );
    }
    const answer = await handler(body);
    if (answer instanceof CognitoError) {
      return HttpResponse.json(
        { __type: answer.type, message: answer.message },
        { status: 400, headers: { 'x-amzn-errortype': answer.type } },
      );
    }
    return HttpResponse.json(answer, {
      headers: { 'content-type': 'application/x-amz-json-1.1' },
    });
  }),
);

/** Answers for operations, keyed by operation name in camelCase (`signUp` answers `SignUp`). */
export function mockCognito(operations: Record<string, OperationHandler>): void {
  for (const [name, handler] of Object.entries(operations)) {
    handlers[name.charAt(0).toUpperCase() + name.slice(1)] = handler;
  }
}

export function resetCognito(): void {
  handlers = {};
  requests.length = 0;
}

export function requestsTo(operation: string): Record<string, unknown>[] {
  return requests.filter((request) => request.operation === operation).map((request) => request.body);
}

/** A promise the test resolves by hand, to hold a request pending. */
export function deferred<T>(): {
  promise: Promise<T>;
  resolve: (value: T) => void;
} {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** An unsigned JWT with the claims Amplify reads (it never checks signatures; the API does). */
function fakeJwt(claims: Record<string, unknown>): string {
  const now = Math.floor(Date.now() / 1000);
  return `${base64url({ alg: 'RS256', kid: 'test' })}.${base64url({ iat: now, exp: now + 3600, ...claims })}.c2lnbmF0dXJl`;
}

export function authenticationResult(username: string) {
  const sub = '5f0c7c1e-0000-4000-8000-000000000001';
  return {
    AuthenticationResult: {
      AccessToken: fakeJwt({
        sub,
        token_use: 'access',
        username,
        client_id: CLIENT_ID,
        origin_jti: 'o-1',
        jti: 'j-1',
      }),
      IdToken: fakeJwt({
        sub,
        token_use: 'id',
        'cognito:username': username,
        aud: CLIENT_ID,
        phone_number: username,
      }),
      RefreshToken: 'refresh-token',
      ExpiresIn: 3600,
      TokenType: 'Bearer',
    },
  };
}

/**
 * The first leg of USER_SRP_AUTH. Amplify computes its proof from these numbers; this stand-in never checks
 * the proof (the real pool does), it only answers the second leg as each test needs.
 */
function passwordVerifierChallenge(username: string) {
  return {
    ChallengeName: 'PASSWORD_VERIFIER',
    ChallengeParameters: {
      SALT: 'a1b2c3d4e5f60718',
      SRP_B: 'f'.repeat(8) + '1234567890abcdef'.repeat(30),
      SECRET_BLOCK: Buffer.from('secret-block').toString('base64'),
      USER_ID_FOR_SRP: username,
      USERNAME: username,
    },
  };
}

/** Sign-in succeeds with SRP, then the given answer to the password verifier (tokens by default). */
export function mockSrpSignIn(
  username: string,
  afterVerifier: OperationHandler = () => authenticationResult(username),
): void {
  mockCognito({
    initiateAuth: () => passwordVerifierChallenge(username),
    respondToAuthChallenge: (body) =>
      body.ChallengeName === 'PASSWORD_VERIFIER'
        ? afterVerifier(body)
        : new CognitoError('InvalidParameterException', 'unexpected challenge'),
  });
}

export function userAttributes(attributes: Record<string, string>) {
  return {
    Username: attributes.phone_number ?? 'user',
    UserAttributes: Object.entries(attributes).map(([Name, Value]) => ({
      Name,
      Value,
    })),
  };
}
