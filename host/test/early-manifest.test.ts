// main.js's head start on a cold visit (host/src/features/remotes/api/early-manifest.ts): the route's manifest is
// fetched from the inline config before bootstrap, the entry and the exposed page's chunks it names are preloaded, and
// the federation runtime is handed that manifest once (a retry fetches afresh); nothing happens without an inline
// config, and a failed early fetch leaves the runtime its own fetch.
import { HOST_ROUTES } from '../src/app/route-table';
import { earlyManifestPlugin, startEarlyManifest } from '../src/features/remotes/api/early-manifest';

const CLIENT_ID = 'client-1';
const CONTESTS = 'http://localhost:3002/mf-manifest.json';
const AUTH = 'http://localhost:3001/v2/mf-manifest.json';
const MANIFEST = {
  metaData: { remoteEntry: { name: 'remoteEntry.0123456789ab.js', path: '' } },
  exposes: [
    {
      name: 'HomePage',
      assets: { js: { sync: ['401.aaaaaaaaaaaa.js', '__federation_expose_HomePage.bbbbbbbbbbbb.js'] } },
    },
    { name: 'ContestDetailPage', assets: { js: { sync: ['9.cccccccccccc.js'] } } },
  ],
};

const fetchMock = jest.fn<Promise<Response>, [string, RequestInit?]>();

function inlineJson(id: string, value: unknown) {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = id;
  element.textContent = JSON.stringify(value);
  document.head.appendChild(element);
}
const inlineConfig = (config: unknown) => inlineJson('bullpen-config', config);
const tokenExpiringIn = (seconds: number) =>
  `e30.${btoa(JSON.stringify({ sub: 'user-1', exp: Math.floor(Date.now() / 1000) + seconds })).replace(/=+$/, '')}.sig`;
const goodToken = () => tokenExpiringIn(3600);
const expiredToken = () => tokenExpiringIn(-60);

const preloads = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].map((link) => `${link.as} ${link.href}`);
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
/** The plugin's fetch hook as the federation runtime calls it. */
const runtimeFetch = (url: string) =>
  (earlyManifestPlugin().fetch as (url: string, init: RequestInit) => Promise<Response> | undefined)(url, {});

beforeEach(() => {
  document.head.innerHTML = '';
  localStorage.clear();
  fetchMock.mockReset();
  fetchMock.mockImplementation(async () => new Response(JSON.stringify(MANIFEST), { status: 200 }));
  global.fetch = fetchMock as unknown as typeof fetch;
  global.Response ??= class {
    constructor(
      private body: string,
      readonly init: { status?: number } = {},
    ) {}
    get ok() {
      return (this.init.status ?? 200) < 300;
    }
    get status() {
      return this.init.status ?? 200;
    }
    async text() {
      return this.body;
    }
    async json() {
      return JSON.parse(this.body);
    }
  } as unknown as typeof Response;
});

describe('startEarlyManifest', () => {
  it("signed in on /home: fetches remote-contests' manifest and preloads its entry and HomePage's chunks", async () => {
    inlineConfig({ auth: { userPoolClientId: CLIENT_ID }, remotes: { contests: CONTESTS, auth: AUTH } });
    localStorage.setItem(`CognitoIdentityServiceProvider.${CLIENT_ID}.LastAuthUser`, 'user-1');
    startEarlyManifest(HOST_ROUTES, '/home');
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([CONTESTS]);
    await settle();
    expect(preloads()).toEqual([
      'script http://localhost:3002/remoteEntry.0123456789ab.js',
      'script http://localhost:3002/401.aaaaaaaaaaaa.js',
      'script http://localhost:3002/__federation_expose_HomePage.bbbbbbbbbbbb.js',
    ]);
  });

  it("signed out on /auth: remote-auth's manifest, its chunks beside it (a manifest in a folder)", async () => {
    inlineConfig({ auth: { userPoolClientId: CLIENT_ID }, remotes: { contests: CONTESTS, auth: AUTH } });
    startEarlyManifest(HOST_ROUTES, '/auth');
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([AUTH]);
    await settle();
    expect(preloads()[0]).toBe('script http://localhost:3001/v2/remoteEntry.0123456789ab.js');
  });

  it('with the manifests in the page: fetches none, preloads at once, and hands the runtime each of them once', async () => {
    inlineConfig({ auth: { userPoolClientId: CLIENT_ID }, remotes: { contests: CONTESTS, auth: AUTH } });
    const other = { ...MANIFEST, exposes: [] };
    inlineJson('bullpen-manifests', { [CONTESTS]: MANIFEST, [AUTH]: other });
    localStorage.setItem(`CognitoIdentityServiceProvider.${CLIENT_ID}.LastAuthUser`, 'user-1');
    startEarlyManifest(HOST_ROUTES, '/home');
    await settle();
    expect(preloads()).toEqual([
      'script http://localhost:3002/remoteEntry.0123456789ab.js',
      'script http://localhost:3002/401.aaaaaaaaaaaa.js',
      'script http://localhost:3002/__federation_expose_HomePage.bbbbbbbbbbbb.js',
    ]);
    expect(await (await runtimeFetch(CONTESTS))?.json()).toEqual(MANIFEST);
    expect(await (await runtimeFetch(AUTH))?.json()).toEqual(other);
    expect(runtimeFetch(CONTESTS)).toBeUndefined();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("preloads Amplify's chunks only for a stored session without a good token (the gate will refresh it)", async () => {
    inlineConfig({ auth: { userPoolClientId: CLIENT_ID }, remotes: {} });
    inlineJson('bullpen-auth-chunks', ['/auth-session.0123.js', '/987.4567.js']);
    // A visitor with no session: the sign-in form comes first, Amplify after it.
    startEarlyManifest(HOST_ROUTES, '/terms');
    expect(preloads()).toEqual([]);

    localStorage.setItem(`CognitoIdentityServiceProvider.${CLIENT_ID}.LastAuthUser`, 'user-1');
    localStorage.setItem(`CognitoIdentityServiceProvider.${CLIENT_ID}.user-1.idToken`, expiredToken());
    startEarlyManifest(HOST_ROUTES, '/terms');
    expect(preloads()).toEqual(['script http://localhost/auth-session.0123.js', 'script http://localhost/987.4567.js']);

    for (const link of document.head.querySelectorAll('link')) link.remove();
    localStorage.setItem(`CognitoIdentityServiceProvider.${CLIENT_ID}.user-1.idToken`, goodToken());
    startEarlyManifest(HOST_ROUTES, '/terms');
    expect(preloads()).toEqual([]);
  });

  it('does nothing without an inline config (the dev server) or on a path with no remote page', async () => {
    startEarlyManifest(HOST_ROUTES, '/home');
    inlineConfig({ auth: { userPoolClientId: CLIENT_ID }, remotes: { contests: CONTESTS } });
    startEarlyManifest(HOST_ROUTES, '/terms');
    await settle();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(preloads()).toEqual([]);
  });
});

describe('earlyManifestPlugin', () => {
  it('hands the runtime the early manifest once, then lets it fetch for itself', async () => {
    inlineConfig({ auth: { userPoolClientId: CLIENT_ID }, remotes: { contests: CONTESTS } });
    localStorage.setItem(`CognitoIdentityServiceProvider.${CLIENT_ID}.LastAuthUser`, 'user-1');
    startEarlyManifest(HOST_ROUTES, '/home');
    const handed = await runtimeFetch(CONTESTS);
    expect(await handed?.json()).toEqual(MANIFEST);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(runtimeFetch(CONTESTS)).toBeUndefined();
    expect(runtimeFetch('http://localhost:3003/mf-manifest.json')).toBeUndefined();
  });

  it('falls back to an ordinary fetch when the early one failed', async () => {
    inlineConfig({ auth: { userPoolClientId: CLIENT_ID }, remotes: { contests: CONTESTS } });
    localStorage.setItem(`CognitoIdentityServiceProvider.${CLIENT_ID}.LastAuthUser`, 'user-1');
    fetchMock.mockImplementationOnce(async () => new Response('', { status: 503 }));
    startEarlyManifest(HOST_ROUTES, '/home');
    await settle();
    expect(preloads()).toEqual([]);
    const handed = await runtimeFetch(CONTESTS);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(await handed?.json()).toEqual(MANIFEST);
  });
});
