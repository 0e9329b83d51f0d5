// A remote that fails to load, with Module Federation's real runtime and its retry plugin
// (host/src/runtime-plugins/retry.ts): only the network is played here, by a fake fetch for the remotes' manifests,
// and each remote's entry script, by its container on the page's global as the script would leave it.
import { setRuntimeConfig } from '@bullpen/shared';
import { init } from '@module-federation/enhanced/runtime';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FEDERATION_NAMES, REMOTE_UNAVAILABLE_TEXT, type RemoteName } from '../src/features/remotes';
import { registerRuntimeRemotes } from '../src/features/remotes/api/federation';
import { STALLED_LOAD_MS } from '../src/features/remotes/api/page-loads';
import { RemotePage } from '../src/features/remotes/components/remote-page';
import { retryPlugin } from '../src/runtime-plugins/retry';

const REMOTES: Record<RemoteName, string> = {
  auth: 'http://auth.test/mf-manifest.json',
  contests: 'http://contests.test/mf-manifest.json',
  trading: 'http://trading.test/mf-manifest.json',
  profile: 'http://profile.test/mf-manifest.json',
};

const manifest = (remote: RemoteName) => {
  const name = FEDERATION_NAMES[remote];
  return {
    id: name,
    name,
    metaData: {
      name,
      globalName: name,
      buildInfo: { buildVersion: '1.0.0', buildName: `@bullpen/remote-${remote}` },
      publicPath: 'auto',
      remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' },
      types: { path: '', name: '', zip: '', api: '' },
    },
    shared: [],
    remotes: [],
    exposes: ['AuthPage', 'HomePage', 'ContestDetailPage', 'LiveContestPage', 'ProfilePage', 'EditProfilePage'].map(
      (page) => ({
        id: `${name}:${page}`,
        name: page,
        path: `./${page}`,
        assets: { js: { sync: [], async: [] }, css: { sync: [], async: [] } },
      }),
    ),
  };
};

/** The remotes' servers: each request for a manifest is answered, or fails as a server that is down does. */
const network = { down: false, failNext: 0, manifestRequests: 0 };
/** Chunks of an exposed page that fail to load before one does, or that never answer. */
const chunks = { failNext: 0, hangNext: 0 };

const container = (remote: RemoteName) => ({
  init: async () => undefined,
  get: async (expose: string) => {
    if (chunks.hangNext > 0) {
      chunks.hangNext -= 1;
      return new Promise<never>(() => undefined);
    }
    if (chunks.failNext > 0) {
      chunks.failNext -= 1;
      throw new Error(`Loading chunk of ${expose} failed`);
    }
    return () => ({ default: () => <h1>{`${remote} ${expose}`}</h1> });
  },
});

// Longer than the retry plugin's waits (a second between manifest attempts), so a failure is the end of the retries.
const SETTLED = { timeout: 10_000 };
jest.setTimeout(30_000);

beforeAll(() => {
  for (const remote of Object.keys(REMOTES) as RemoteName[]) {
    // The remote entry script defines this global each time it runs; the runtime drops it when a remote is reset.
    const exports = container(remote);
    Object.defineProperty(window, FEDERATION_NAMES[remote], { get: () => exports, set: () => undefined });
  }
  const manifests = new Map(Object.entries(REMOTES).map(([remote, url]) => [url, manifest(remote as RemoteName)]));
  jest.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const body = manifests.get(String(input));
    if (!body) throw new TypeError(`unexpected fetch ${String(input)}`);
    network.manifestRequests += 1;
    if (network.down || network.failNext > 0) {
      network.failNext = Math.max(0, network.failNext - 1);
      throw new TypeError('Failed to fetch');
    }
    return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
  });
  // The runtime, its plugin and the fallback log every failure these tests cause on purpose.
  for (const method of ['error', 'warn', 'log'] as const)
    jest.spyOn(console, method).mockImplementation(() => undefined);
  setRuntimeConfig({
    apiHost: 'http://api.test',
    auth: { region: 'us-east-1', userPoolId: 'p', userPoolClientId: 'c' },
    remotes: REMOTES,
  });
  init({ name: 'bullpen_host', remotes: [] });
  registerRuntimeRemotes(REMOTES);
});

beforeEach(() => {
  Object.assign(network, { down: false, failNext: 0, manifestRequests: 0 });
  chunks.failNext = 0;
  chunks.hangNext = 0;
});

afterAll(() => jest.restoreAllMocks());

// Each test loads a remote none before it loaded: a manifest once loaded, and a page, stay for the life of the page.

it('retries a remote whose manifest fails once, and shows its page', async () => {
  network.failNext = 1;
  render(<RemotePage remote="contests" page="HomePage" />);
  expect(await screen.findByRole('heading', { name: 'contests ./HomePage' }, SETTLED)).toBeInTheDocument();
  expect(network.manifestRequests).toBe(2);
  expect(screen.queryByText(REMOTE_UNAVAILABLE_TEXT)).not.toBeInTheDocument();
});

it('retries a page whose chunk fails once, and shows it', async () => {
  chunks.failNext = 1;
  render(<RemotePage remote="contests" page="ContestDetailPage" />);
  expect(await screen.findByRole('heading', { name: 'contests ./ContestDetailPage' }, SETTLED)).toBeInTheDocument();
  expect(chunks.failNext).toBe(0);
});

it('abandons a load that never answers and starts over by itself, without an error screen', async () => {
  jest.useFakeTimers({ advanceTimers: true });
  try {
    chunks.hangNext = 1;
    render(<RemotePage remote="auth" page="AuthPage" />);
    expect(await screen.findByRole('status')).toHaveTextContent('Loading');
    const before = network.manifestRequests;
    act(() => jest.advanceTimersByTime(STALLED_LOAD_MS));
    expect(await screen.findByRole('heading', { name: 'auth ./AuthPage' }, SETTLED)).toBeInTheDocument();
    expect(screen.queryByText(REMOTE_UNAVAILABLE_TEXT)).not.toBeInTheDocument();
    // The new attempt read the remote afresh.
    expect(network.manifestRequests).toBeGreaterThan(before);
  } finally {
    jest.useRealTimers();
  }
});

it('uses a manifest the page already holds, without fetching it', async () => {
  const held = new Response(JSON.stringify(manifest('auth')));
  const fetchHook = retryPlugin((url) => (url === REMOTES.auth ? Promise.resolve(held) : undefined)).fetch;
  await expect(fetchHook?.(REMOTES.auth, {})).resolves.toBe(held);
  expect(network.manifestRequests).toBe(0);
  await expect(fetchHook?.(REMOTES.trading, {})).resolves.toBeInstanceOf(Response);
  expect(network.manifestRequests).toBe(1);
});

describe('a remote that stays down', () => {
  it('shows the unavailable screen once the retries are spent, and Retry loads it once it is back', async () => {
    network.down = true;
    render(<RemotePage remote="trading" page="LiveContestPage" />);
    expect(await screen.findByRole('alert', {}, SETTLED)).toHaveTextContent(REMOTE_UNAVAILABLE_TEXT);
    // The first request and the plugin's two retries, no more.
    expect(network.manifestRequests).toBe(3);

    network.down = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'trading ./LiveContestPage' }, SETTLED)).toBeInTheDocument();
  });

  it('is loaded by a later visit to its page once it is back', async () => {
    network.down = true;
    const visit = render(<RemotePage remote="profile" page="ProfilePage" />);
    expect(await screen.findByRole('alert', {}, SETTLED)).toHaveTextContent(REMOTE_UNAVAILABLE_TEXT);
    visit.unmount();

    network.down = false;
    render(<RemotePage remote="profile" page="ProfilePage" />);
    expect(await screen.findByRole('heading', { name: 'profile ./ProfilePage' }, SETTLED)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says the browser is offline rather than blaming the server, and loads the page by itself when it is back', async () => {
    const setOnline = (online: boolean) => {
      Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
      window.dispatchEvent(new Event(online ? 'online' : 'offline'));
    };
    try {
      setOnline(false);
      chunks.failNext = 1_000;
      render(<RemotePage remote="profile" page="EditProfilePage" />);
      const alert = await screen.findByRole('alert', {}, SETTLED);
      expect(alert).toHaveTextContent('You are offline');
      expect(alert).not.toHaveTextContent(REMOTE_UNAVAILABLE_TEXT);
      chunks.failNext = 0;
      setOnline(true);
      expect(await screen.findByRole('heading', { name: 'profile ./EditProfilePage' }, SETTLED)).toBeInTheDocument();
    } finally {
      chunks.failNext = 0;
      Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => true });
    }
  });
});
