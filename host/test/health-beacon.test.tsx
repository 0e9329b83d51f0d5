// Health from the browser (host/src/features/remotes/api/health-beacon.ts and RemotePage): a page shown, a page that
// fails to load and an error its boundary catches are counted per remote and release, and sent in one beacon to the
// API, with nothing but the counts and the browser's random id.
import { setRuntimeConfig } from '@bullpen/shared';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { render, screen } from '@testing-library/react';
import { BROWSER_ID_KEY } from '../src/features/remotes/api/canary';
import { FLUSH_DELAY_MS, flushHealth, setRemoteRelease } from '../src/features/remotes/api/health-beacon';
import { RemotePage } from '../src/features/remotes/components/remote-page';

jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: jest.fn(),
  registerPlugins: jest.fn(),
  loadRemote: jest.fn(async () => ({ default: () => <h1>Fine</h1> })),
}));

const sendBeacon = jest.fn((_url: string, _body: string) => true);

beforeEach(() => {
  localStorage.setItem(BROWSER_ID_KEY, 'browser-0001');
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
          browserId: 'browser-0001',
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
