import { API_PATHS } from '@bullpen/contract/paths';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { configureAuth } from '../auth/configure-auth';
import { type RuntimeConfig, setRuntimeConfig } from '../config/runtime-config';
import { apiGet, apiPost } from './client';
import { startEarlyReads, takeEarlyRead } from './early-reads';

// main.js's early reads and the API client taking them: the same request (URL, method, body, token) goes out once;
// another token, another body or a second call goes to the network; a token near its expiry sends nothing early.

let token = '';
jest.mock('aws-amplify/auth', () => ({
  fetchAuthSession: jest.fn(async () => ({ tokens: { idToken: { toString: () => token } } })),
}));

const API = 'http://api.test';
const CLIENT = 'client-1';
const server = setupServer();
const seen: string[] = [];

const jwt = (secondsLeft: number) =>
  ['h', btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + secondsLeft })).replace(/=+$/, ''), 's'].join('.');
function storeSession(idToken: string) {
  localStorage.setItem(`CognitoIdentityServiceProvider.${CLIENT}.LastAuthUser`, 'user-1');
  localStorage.setItem(`CognitoIdentityServiceProvider.${CLIENT}.user-1.idToken`, idToken);
}
const CONFIG = { apiHost: `${API}/`, auth: { userPoolClientId: CLIENT } };

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  seen.length = 0;
  localStorage.clear();
  (globalThis as Record<string, unknown>).__bullpenEarlyReads = undefined;
  // What the host's bootstrap does with config.json.
  const runtimeConfig: RuntimeConfig = {
    apiHost: `${API}/`,
    auth: { region: 'us-east-1', userPoolId: 'us-east-1_Test', userPoolClientId: CLIENT },
    remotes: { auth: '', contests: '', trading: '', profile: '' },
  };
  setRuntimeConfig(runtimeConfig);
  configureAuth(runtimeConfig);
  server.use(
    http.all(`${API}/*`, async ({ request }) => {
      const body = await request.text();
      seen.push(`${request.method} ${new URL(request.url).pathname} ${body} ${request.headers.get('authorization')}`);
      return HttpResponse.json({ path: new URL(request.url).pathname });
    }),
  );
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

it('sends the current user and the reads as the client would, and the client takes each answer once', async () => {
  token = jwt(3600);
  storeSession(token);
  startEarlyReads(CONFIG, ['/contest/active']);
  await expect(apiPost('/user/get-user')).resolves.toEqual({ path: '/user/get-user' });
  await expect(apiGet('/contest/active')).resolves.toEqual({ path: '/contest/active' });
  // Both went out once, in either order.
  expect([...seen].sort()).toEqual([`GET /contest/active  ${token}`, `POST /user/get-user {} ${token}`]);
  // Taken once: the next read of the same key is a request of its own.
  await apiGet('/contest/active');
  expect(seen).toHaveLength(3);
});

it("sends the live page's public contest read without the token, as the client does, and the client takes it", async () => {
  token = jwt(3600);
  storeSession(token);
  startEarlyReads(CONFIG, [['/contest/get-contest', { contestId: 'c1' }], '/contest/active/c1', '/contest-user/c1']);
  // Out before the client asks for anything.
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(seen).toContain('POST /contest/get-contest {"contestId":"c1"} null');
  await expect(apiPost('/contest/get-contest', { contestId: 'c1' })).resolves.toEqual({ path: '/contest/get-contest' });
  await expect(apiGet(API_PATHS.activeContest('c1'))).resolves.toEqual({ path: '/contest/active/c1' });
  expect(seen).toContain(`GET /contest/active/c1  ${token}`);
  // Each went out once: the client's calls took the early answers.
  expect(seen.filter((line) => line.startsWith('POST /contest/get-contest'))).toHaveLength(1);
  expect(seen.filter((line) => line.startsWith('GET /contest/active/c1'))).toHaveLength(1);
});

it('is not taken with another token, and sends nothing early for a token within a minute of its expiry', async () => {
  const early = jwt(3600);
  storeSession(early);
  startEarlyReads(CONFIG, []);
  expect(takeEarlyRead('POST', `${API}/user/get-user`, '{}', 'a refreshed token')).toBeNull();
  expect(takeEarlyRead('POST', `${API}/user/get-user`, '{}', early)).toBeNull();

  storeSession(jwt(30));
  startEarlyReads(CONFIG, ['/contest/active']);
  expect(takeEarlyRead('GET', `${API}/contest/active`, undefined, jwt(30))).toBeNull();
});

it('sends nothing without a session, an API host or a client id', () => {
  startEarlyReads(CONFIG, ['/contest/active']);
  storeSession(jwt(3600));
  startEarlyReads({ auth: { userPoolClientId: CLIENT } }, ['/contest/active']);
  startEarlyReads({ apiHost: API }, ['/contest/active']);
  expect(
    (globalThis as unknown as Record<string, Map<string, unknown> | undefined>).__bullpenEarlyReads?.size ?? 0,
  ).toBe(0);
});
