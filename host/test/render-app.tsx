import { configureAuth, type RuntimeConfig, setRuntimeConfig, useToastStore, useUserStore } from '@bullpen/shared';
import { render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { SWRConfig, unload } from 'swr';
import { App } from '../src/app/app';
import { auth, federation } from './setup';

export const API = 'http://api.test';
/** The footer says where prices come from on every page: by default the API runs the simulator. */
export const SIMULATED_MARKET = {
  feed: 'simulated',
  label: 'Simulated prices',
  delayMinutes: 0,
  open: true,
  session: null,
  nextOpenAt: null,
  holiday: false,
  timeZone: 'America/New_York',
} as const;
/** The header's bell opens the user's notification stream on every signed-in page: by default it says "none unread"
 *  and ends (tests of the bell answer it themselves). */
const NO_NOTIFICATIONS_STREAM = 'retry: 5000\n\nevent: unread\ndata: {"unread":0}\n\n';
export const server = setupServer(
  http.get(`${API}/market/status`, () => HttpResponse.json(SIMULATED_MARKET)),
  http.get(
    `${API}/notifications/events`,
    () => new HttpResponse(NO_NOTIFICATIONS_STREAM, { headers: { 'content-type': 'text/event-stream' } }),
  ),
);

export const activeUser = { status: 'active', _id: 'u1', ticker: 'ACE', role: 'user' } as const;

export function answerUser(body: unknown, status = 200) {
  server.use(http.post(`${API}/user/get-user`, () => HttpResponse.json(body as object, { status })));
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
const config: RuntimeConfig = {
  apiHost: API,
  auth: { region: 'us-east-1', userPoolId: 'us-east-1_Test', userPoolClientId: 'client' },
  remotes: { auth: 'a', contests: 'c', trading: 't', profile: 'p' },
};

beforeEach(() => {
  // What bootstrap.tsx does with config.json.
  setRuntimeConfig(config);
  configureAuth(config);
  localStorage.clear();
  federation.failing.clear();
  federation.loads.length = 0;
  auth.signedIn = false;
  useUserStore.getState().clear();
  useToastStore.getState().clear();
});
afterEach(async () => {
  server.resetHandlers();
  unload({ revalidate: false });
});
afterAll(() => server.close());

/** A user signed in on this device whose token Amplify answers with: its token store names them in localStorage (the
 *  gate and the API client ask Amplify only then). */
export function signInOnThisDevice() {
  auth.signedIn = true;
  localStorage.setItem(`CognitoIdentityServiceProvider.${config.auth.userPoolClientId}.LastAuthUser`, 'u1');
}

export function renderAt(
  path: string,
  { signedIn = false, dedupingInterval = 0 }: { signedIn?: boolean; dedupingInterval?: number } = {},
) {
  if (signedIn) signInOnThisDevice();
  window.history.replaceState(null, '', path);
  // No request deduplication unless a test asks for SWR's: each test's answers are its own.
  return render(
    <SWRConfig value={{ dedupingInterval }}>
      <App />
    </SWRConfig>,
  );
}

export const heading = (name: string | RegExp) => screen.findByRole('heading', { level: 1, name });
export const currentPath = () => `${window.location.pathname}${window.location.search}`;
