import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { configureAuth } from '../auth/configure-auth';
import { type RuntimeConfig, setRuntimeConfig } from '../config/runtime-config';
import { ApiError, NETWORK_ERROR_MESSAGE } from './api-error';
import { apiGet, apiPost } from './client';

// Amplify's answer for a stored session whose token needs it (none is stored here, so every token comes from Amplify).
const mockAmplify = {
  loaded: false,
  fetchAuthSession: jest.fn(async () => ({ tokens: { idToken: { toString: () => 'id-token-123' } } })),
};
jest.mock('aws-amplify/auth', () => {
  mockAmplify.loaded = true;
  return { fetchAuthSession: () => mockAmplify.fetchAuthSession() };
});

const API = 'http://api.test';
const server = setupServer();
const seen: { path: string; authorization: string | null; body: unknown }[] = [];

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
const config: RuntimeConfig = {
  apiHost: `${API}/`,
  auth: { region: 'us-east-1', userPoolId: 'us-east-1_Test', userPoolClientId: 'client' },
  remotes: { auth: '', contests: '', trading: '', profile: '' },
};
/** Amplify's record of who signed in on this device last, without a token good enough to send as it is. */
const signedInWithoutFreshToken = () =>
  localStorage.setItem('CognitoIdentityServiceProvider.client.LastAuthUser', 'u1');

beforeEach(() => {
  seen.length = 0;
  localStorage.clear();
  signedInWithoutFreshToken();
  setRuntimeConfig(config);
  configureAuth(config);
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function record(path: string) {
  return http.all(`${API}${path}`, async ({ request }) => {
    const text = await request.text();
    seen.push({ path, authorization: request.headers.get('authorization'), body: text ? JSON.parse(text) : undefined });
    return HttpResponse.json({ ok: true });
  });
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected the call to fail');
}

describe('requests', () => {
  // First: once any test has asked Amplify for a token, its module is loaded for the rest of the file.
  it('sends no token for a visitor with no session on the device, without loading Amplify', async () => {
    localStorage.clear();
    server.use(record('/contest/upcoming'));
    await apiGet('/contest/upcoming');
    expect(seen).toEqual([{ path: '/contest/upcoming', authorization: null, body: undefined }]);
    expect(mockAmplify.loaded).toBe(false);
    expect(mockAmplify.fetchAuthSession).not.toHaveBeenCalled();
  });

  it('sends the ID token on every call except get-contest, and {} as the empty body', async () => {
    server.use(record('/user/get-user'), record('/contest/get-contest'), record('/contest/upcoming'));
    await apiPost('/user/get-user');
    await apiPost('/contest/get-contest', { contestId: 'c1' });
    await apiGet('/contest/upcoming');
    expect(seen).toEqual([
      { path: '/user/get-user', authorization: 'id-token-123', body: {} },
      { path: '/contest/get-contest', authorization: null, body: { contestId: 'c1' } },
      { path: '/contest/upcoming', authorization: 'id-token-123', body: undefined },
    ]);
  });
});

describe('error normalisation (SPEC §8)', () => {
  it('takes the message from errMessage and keeps errors, status and data', async () => {
    const body = { errMessage: 'Contest is full', errors: [{ field: 'contestId', message: 'full' }] };
    server.use(http.post(`${API}/contest/join-contest`, () => HttpResponse.json(body, { status: 409 })));
    const error = await failure(apiPost('/contest/join-contest', { contestId: 'c1', picks: ['AAPL'] }));
    expect(error.message).toBe('Contest is full');
    expect(error.errors).toEqual(body.errors);
    expect(error.statusCode).toBe(409);
    expect(error.data).toEqual(body);
  });

  it('falls back to message when there is no errMessage, with errors defaulting to []', async () => {
    server.use(
      http.get(`${API}/contest/active`, () => HttpResponse.json({ message: 'Rate limit exceeded' }, { status: 429 })),
    );
    const error = await failure(apiGet('/contest/active'));
    expect(error.message).toBe('Rate limit exceeded');
    expect(error.errors).toEqual([]);
    expect(error.statusCode).toBe(429);
  });

  it('falls back to the transport message when the body says nothing', async () => {
    server.use(
      http.get(`${API}/contest/completed`, () => new HttpResponse('<html>Bad gateway</html>', { status: 502 })),
    );
    const error = await failure(apiGet('/contest/completed'));
    expect(error.message).toBe('Request failed with status code 502');
    expect(error.statusCode).toBe(502);
    expect(error.data).toBe('<html>Bad gateway</html>');
    expect(error.unanswered).toBe(false);
  });

  it('reports a network failure with the exact text and status 500', async () => {
    server.use(http.get(`${API}/contest/upcoming`, () => HttpResponse.error()));
    const error = await failure(apiGet('/contest/upcoming'));
    expect(error.message).toBe(NETWORK_ERROR_MESSAGE);
    expect(error.message).toBe(
      'Network Error. Please check your internet connection or it might be that the server is down.',
    );
    expect(error.statusCode).toBe(500);
    expect(error.errors).toEqual([]);
    expect(error.data).toBeUndefined();
    expect(error.unanswered).toBe(true);
  });
});
