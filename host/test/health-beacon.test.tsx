// Health from the browser (host/src/features/remotes/api/health-beacon.ts and RemotePage): a page shown, a page that
// fails to load and an error its boundary catches are counted per remote and release, and sent in one beacon to the
// API, with nothing but the counts and who sends them: the signed-in user's ID token, else this browser's health pass
// from the API (the API counts each once per window, whatever numbers it claims).
import { setRuntimeConfig } from '@bullpen/shared';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { render, screen, waitFor } from '@testing-library/react';
import {
  FLUSH_DELAY_MS,
  flushHealth,
  HEALTH_PASS_KEY,
  reportRemoteView,
  setRemoteRelease,
} from '../src/features/remotes/api/health-beacon';
import { RemotePage } from '../src/features/remotes/components/remote-page';

jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: jest.fn(),
  registerPlugins: jest.fn(),
  loadRemote: jest.fn(async () => ({ default: () => <h1>Fine</h1> })),
}));

const sendBeacon = jest.fn((_url: string, _body: string) => true);

/** A pass as the API issues them: `p1.<id>.<issued, seconds>.<signature>`. */
const passIssued = (msAgo: number) =>
  `p1.AAAAAAAAAAAAAAAAAAAAAA.${Math.floor((Date.now() - msAgo) / 1000)}.signature-signature-signature-si`;
const PASS = passIssued(60_000);

/** An ID token as Amplify stores it (only its claims are read here). */
function signIn(expiresInMs: number) {
  const claims = btoa(JSON.stringify({ sub: 'user-1', exp: Math.floor((Date.now() + expiresInMs) / 1000) }));
  const token = `header.${claims.replace(/=+$/, '')}.signature`;
  localStorage.setItem('CognitoIdentityServiceProvider.c.LastAuthUser', 'user-1');
  localStorage.setItem('CognitoIdentityServiceProvider.c.user-1.idToken', token);
  return token;
}

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(HEALTH_PASS_KEY, PASS);
  Object.defineProperty(navigator, 'sendBeacon', { value: sendBeacon, configurable: true });
  setRuntimeConfig({
    apiHost: 'http://api.test',
    auth: { region: 'us-east-1', userPoolId: 'p', userPoolClientId: 'c' },
    remotes: { auth: 'a', contests: 'c', trading: 't', profile: 'p' },
  });
  flushHealth();
  sendBeacon.mockClear();
  // The fallback tells operators why a page failed; these tests make pages fail on purpose.
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => jest.restoreAllMocks());

const sent = () =>
  sendBeacon.mock.calls.map(([url, body]) => ({ url, body: JSON.parse(body) as Record<string, unknown> }));

it('counts a page shown and sends it once, a few seconds later, to the API', async () => {
  jest.useFakeTimers();
  try {
    setRemoteRelease('contests', '1.0.0-canary');
    render(<RemotePage remote="contests" page="HomePage" />);
    expect(sendBeacon).not.toHaveBeenCalled();
    jest.advanceTimersByTime(FLUSH_DELAY_MS);
    expect(sent()).toEqual([
      {
        url: 'http://api.test/telemetry/remote-health',
        body: {
          pass: PASS,
          reports: [{ remote: 'contests', release: '1.0.0-canary', views: 1, loadFailures: 0, errors: 0 }],
        },
      },
    ]);
  } finally {
    jest.useRealTimers();
  }
});

it('counts a page that fails to load once, as a failed load, and sends what is left when the page is hidden', async () => {
  setRemoteRelease('trading', 'base');
  const refused = new Error('remote entry failed');
  jest.mocked(loadRemote).mockRejectedValue(refused);
  render(<RemotePage remote="trading" page="TradingPage" />);
  await screen.findByRole('button', { name: 'Retry' }, { timeout: 5_000 });
  window.dispatchEvent(new Event('pagehide'));
  expect(sent().map(({ body }) => body.reports)).toEqual([
    [{ remote: 'trading', release: 'base', views: 1, loadFailures: 1, errors: 0 }],
  ]);
});

it('counts an error the page throws as an error', async () => {
  setRemoteRelease('profile', '2.0.0-x');
  const Broken = () => {
    throw new Error('page bug');
  };
  jest.mocked(loadRemote).mockResolvedValue({ default: Broken });
  render(<RemotePage remote="profile" page="ProfilePage" />);
  await screen.findByRole('button', { name: 'Retry' });
  flushHealth();
  expect(sent().map(({ body }) => body.reports)).toEqual([
    [{ remote: 'profile', release: '2.0.0-x', views: 1, loadFailures: 0, errors: 1 }],
  ]);
});

it('sends the signed-in user’s ID token, so the report counts as that user', () => {
  const token = signIn(3_600_000);
  setRemoteRelease('contests', 'base');
  reportRemoteView('contests');
  flushHealth();
  expect(sent()).toEqual([
    {
      url: 'http://api.test/telemetry/remote-health',
      body: {
        idToken: token,
        reports: [{ remote: 'contests', release: 'base', views: 1, loadFailures: 0, errors: 0 }],
      },
    },
  ]);
});

it('sends the pass instead of a token that has expired while the page was open', () => {
  signIn(-60_000);
  reportRemoteView('contests');
  flushHealth();
  expect(sent().map(({ body }) => Object.keys(body))).toEqual([['pass', 'reports']]);
  expect(sent()[0]?.body.pass).toBe(PASS);
});

it('asks the API for a pass when the browser has none (or an old one), keeps it, and then sends', async () => {
  localStorage.setItem(HEALTH_PASS_KEY, passIssued(81 * 24 * 3_600_000));
  const issued = passIssued(0);
  const fetchMock = jest
    .spyOn(globalThis, 'fetch')
    .mockResolvedValue(new Response(JSON.stringify({ pass: issued }), { status: 200 }));
  reportRemoteView('trading');
  flushHealth();
  expect(fetchMock).toHaveBeenCalledWith(
    'http://api.test/telemetry/health-pass',
    expect.objectContaining({ method: 'POST' }),
  );
  await waitFor(() => expect(sent()).toHaveLength(1));
  expect(sent()[0]?.body).toEqual({
    pass: issued,
    reports: [{ remote: 'trading', release: 'base', views: 1, loadFailures: 0, errors: 0 }],
  });
  expect(localStorage.getItem(HEALTH_PASS_KEY)).toBe(issued);
});

it('sends nothing when the API refuses a pass, and does not ask again from that page', async () => {
  localStorage.removeItem(HEALTH_PASS_KEY);
  const fetchMock = jest
    .spyOn(globalThis, 'fetch')
    .mockResolvedValue(new Response(JSON.stringify({ errMessage: 'Too many requests' }), { status: 429 }));
  reportRemoteView('profile');
  flushHealth();
  await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
  await new Promise((resolve) => setTimeout(resolve, 0));
  reportRemoteView('profile');
  flushHealth();
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(fetchMock).toHaveBeenCalledTimes(1);
  expect(sendBeacon).not.toHaveBeenCalled();
});
