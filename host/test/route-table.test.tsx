// Every address the host serves, pinned three ways at once: what the router shows (signed in or out), what a cold
// visit preloads in main.js (the route's remote entry and page chunks, and the early API reads) and what bootstrap
// preloads (the same page and the reads it puts in SWR's cache). All three come from the one route table, so a
// route added there is routed, preloaded and read early together, or not at all.
import './setup';
import { Navigate } from '@bullpen/shared';
import { isValidElement, type ReactNode } from 'react';
import { matchRoutes } from 'react-router-dom';
import { ErrorPage } from '../src/app/pages/error-page';
import { TermsPage } from '../src/app/pages/terms-page';
import { HOST_ROUTES } from '../src/app/route-table';
import { signedInRoutes, signedOutRoutes } from '../src/app/routes';
import { RedirectToAuth } from '../src/features/next-address';
import { RemotePage, routePreload } from '../src/features/remotes';
import { startEarlyManifest } from '../src/features/remotes/api/early-manifest';
import { route } from '../src/features/remotes/api/route-match';

type Read = string | readonly [string, unknown];
interface Expected {
  /** What the router renders: a remote page 'remote/Page', '-> /path' for a redirect, or a host page. */
  shows: string;
  /** The remote page a cold visit preloads, or null. */
  preloads: string | null;
  /** The API reads a cold signed-in visit starts before React (besides the current user). */
  reads?: Read[];
}

const HOME_READS: Read[] = ['/contest/active', '/contest/upcoming', '/contest/completed'];
const liveReads = (id: string, encoded = id): Read[] => [
  ['/contest/get-contest', { contestId: id }],
  `/contest/active/${encoded}`,
  `/contest-user/${encoded}`,
];

const SIGNED_IN: Record<string, Expected> = {
  '/': { shows: '-> /home', preloads: 'contests/HomePage', reads: HOME_READS },
  '/auth': { shows: '-> /home', preloads: 'contests/HomePage', reads: HOME_READS },
  '/auth/': { shows: '-> /home', preloads: 'contests/HomePage', reads: HOME_READS },
  '/home': { shows: 'contests/HomePage', preloads: 'contests/HomePage', reads: HOME_READS },
  '/home/': { shows: 'contests/HomePage', preloads: 'contests/HomePage', reads: HOME_READS },
  '/invitation/c1': { shows: 'contests/InvitationPage', preloads: null },
  '/contest-confirmed/c1': { shows: 'contests/ContestConfirmedPage', preloads: null },
  '/create-contest': { shows: 'contests/CreateContestPage', preloads: null },
  '/edit-contest/c1': { shows: 'contests/EditContestPage', preloads: null },
  '/profile': { shows: 'profile/ProfilePage', preloads: 'profile/ProfilePage' },
  '/edit-profile': { shows: 'profile/EditProfilePage', preloads: null },
  '/contest-detail/c1': { shows: 'contests/ContestDetailPage', preloads: 'contests/ContestDetailPage' },
  '/save-picks/c1': { shows: 'contests/SavePicksPage', preloads: null },
  '/edit-picks/c1': { shows: 'contests/EditPicksPage', preloads: null },
  '/confirm-save-picks/c1': { shows: 'contests/ConfirmSavePicksPage', preloads: null },
  '/join-contest-info/c1': { shows: 'contests/JoinContestInfoPage', preloads: 'contests/JoinContestInfoPage' },
  '/contest-completed/c1': { shows: 'contests/ContestCompletedPage', preloads: null },
  '/live-contest/c1': { shows: 'trading/LiveContestPage', preloads: 'trading/LiveContestPage', reads: liveReads('c1') },
  '/live-contest/c1/': {
    shows: 'trading/LiveContestPage',
    preloads: 'trading/LiveContestPage',
    reads: liveReads('c1'),
  },
  // The parameter is decoded for the reads, which encode it again.
  '/live-contest/a%20b': {
    shows: 'trading/LiveContestPage',
    preloads: 'trading/LiveContestPage',
    reads: liveReads('a b', 'a%20b'),
  },
  '/trading/c1': { shows: 'trading/TradingPage', preloads: 'trading/TradingPage' },
  '/terms': { shows: 'TermsPage', preloads: null },
  '/error': { shows: 'ErrorPage', preloads: null },
  '/no-such-path': { shows: '-> /error', preloads: null },
  '/home/extra': { shows: '-> /error', preloads: null },
  '/live-contest': { shows: '-> /error', preloads: null },
};

const SIGNED_OUT: Record<string, Expected> = {
  '/auth': { shows: 'auth/AuthPage', preloads: 'auth/AuthPage' },
  '/auth/': { shows: 'auth/AuthPage', preloads: 'auth/AuthPage' },
  '/join-contest-info/c1': { shows: 'contests/JoinContestInfoPage', preloads: 'contests/JoinContestInfoPage' },
  '/': { shows: 'RedirectToAuth', preloads: null },
  '/home': { shows: 'RedirectToAuth', preloads: null },
  '/live-contest/c1': { shows: 'RedirectToAuth', preloads: null },
  '/profile': { shows: 'RedirectToAuth', preloads: null },
  '/terms': { shows: 'TermsPage', preloads: null },
  '/error': { shows: 'ErrorPage', preloads: null },
};

const cases = (table: Record<string, Expected>) =>
  Object.entries(table).map(([path, expected]) => ({ path, ...expected, reads: expected.reads ?? [] }));

/** What a route element renders, in the words of the tables above. */
function describeElement(element: ReactNode): string {
  if (!isValidElement<Record<string, unknown>>(element)) return String(element);
  if (element.type === RemotePage) return `${element.props.remote}/${element.props.page}`;
  if (element.type === Navigate) return `-> ${element.props.to}`;
  for (const page of [TermsPage, ErrorPage, RedirectToAuth]) if (element.type === page) return page.name;
  return 'unknown element';
}

function routerShows(routes: typeof signedInRoutes, path: string): string {
  const matches = matchRoutes(routes, path);
  const route = matches?.at(-1)?.route as (typeof routes)[number] | undefined;
  return route ? describeElement(route.element) : 'nothing';
}

// main.js, on a page carrying the config and every remote's manifest (each page's chunk named after the page).
const API = 'http://api.test';
const CLIENT_ID = 'client-1';
const REMOTES = ['auth', 'contests', 'trading', 'profile'] as const;
const PAGES = [
  'AuthPage',
  'HomePage',
  'InvitationPage',
  'ContestConfirmedPage',
  'CreateContestPage',
  'EditContestPage',
  'ContestDetailPage',
  'SavePicksPage',
  'EditPicksPage',
  'ConfirmSavePicksPage',
  'JoinContestInfoPage',
  'ContestCompletedPage',
  'LiveContestPage',
  'TradingPage',
  'ProfilePage',
  'EditProfilePage',
];
const manifestUrl = (remote: string) => `http://${remote}.test/mf-manifest.json`;

function inlineJson(id: string, value: unknown) {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = id;
  element.textContent = JSON.stringify(value);
  document.head.appendChild(element);
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const goodToken = () =>
  `e30.${btoa(JSON.stringify({ sub: 'u1', exp: Math.floor(Date.now() / 1000) + 3600 })).replace(/=+$/, '')}.sig`;
const earlyReads = () =>
  [...(((globalThis as Record<string, unknown>).__bullpenEarlyReads as Map<string, unknown> | undefined)?.keys() ?? [])]
    .map((key) => key.trim())
    .filter((key) => key !== `POST ${API}/user/get-user {}`);
const readKey = (read: Read) =>
  typeof read === 'string' ? `GET ${API}${read}` : `POST ${API}${read[0]} ${JSON.stringify(read[1])}`;

/** The remote page main.js preloaded, from the entry and page chunk it asked for. */
async function mainJsPreload(path: string): Promise<{ preloads: string | null; reads: string[] }> {
  startEarlyManifest(HOST_ROUTES, path);
  await settle();
  const hrefs = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].map((link) => link.href);
  const preloads = hrefs.length === 0 ? null : hrefs.map((href) => href.replace(/^http:\/\/|\.test\//g, '')).join(' ');
  return { preloads, reads: earlyReads() };
}

beforeEach(() => {
  document.head.innerHTML = '';
  localStorage.clear();
  (globalThis as Record<string, unknown>).__bullpenEarlyReads = undefined;
  global.fetch = jest.fn(() => new Promise<Response>(() => undefined)) as unknown as typeof fetch;
  inlineJson('bullpen-config', {
    apiHost: API,
    auth: { userPoolClientId: CLIENT_ID },
    remotes: Object.fromEntries(REMOTES.map((remote) => [remote, manifestUrl(remote)])),
  });
  inlineJson(
    'bullpen-manifests',
    Object.fromEntries(
      REMOTES.map((remote) => [
        manifestUrl(remote),
        {
          metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
          exposes: PAGES.map((page) => ({ name: page, assets: { js: { sync: [`${page}.js`] } } })),
        },
      ]),
    ),
  );
});

const mainJsPreloads = (page: string | null) =>
  page ? `${page.split('/')[0]}remoteEntry.js ${page.split('/')[0]}${page.split('/')[1]}.js` : null;

describe('signed in', () => {
  it.each(cases(SIGNED_IN))('$path: shows $shows, preloads $preloads', async ({ path, shows, preloads, reads }) => {
    expect(routerShows(signedInRoutes, path)).toBe(shows);

    const boot = routePreload(HOST_ROUTES, path, true);
    expect(boot && `${boot.remote}/${boot.page}`).toBe(preloads);
    expect(boot?.reads ?? []).toEqual(reads);

    localStorage.setItem(`CognitoIdentityServiceProvider.${CLIENT_ID}.LastAuthUser`, 'u1');
    localStorage.setItem(`CognitoIdentityServiceProvider.${CLIENT_ID}.u1.idToken`, goodToken());
    const main = await mainJsPreload(path);
    expect(main.preloads).toBe(mainJsPreloads(preloads));
    expect(main.reads.sort()).toEqual(reads.map(readKey).sort());
  });
});

describe('signed out', () => {
  it.each(cases(SIGNED_OUT))('$path: shows $shows, preloads $preloads', async ({ path, shows, preloads }) => {
    expect(routerShows(signedOutRoutes, path)).toBe(shows);

    const boot = routePreload(HOST_ROUTES, path, false);
    expect(boot && `${boot.remote}/${boot.page}`).toBe(preloads);
    expect(boot?.reads ?? []).toEqual([]);

    const main = await mainJsPreload(path);
    expect(main.preloads).toBe(mainJsPreloads(preloads));
    expect(main.reads).toEqual([]);
  });
});

it('an undecodable parameter preloads nothing', async () => {
  expect(routePreload(HOST_ROUTES, '/live-contest/%E0', true)).toBeNull();
  localStorage.setItem(`CognitoIdentityServiceProvider.${CLIENT_ID}.LastAuthUser`, 'u1');
  localStorage.setItem(`CognitoIdentityServiceProvider.${CLIENT_ID}.u1.idToken`, goodToken());
  expect(await mainJsPreload('/live-contest/%E0')).toEqual({ preloads: null, reads: [] });
});

describe('a table of other routes', () => {
  const routes = [
    route({
      path: '/a/:first/b/:second',
      access: 'anyone',
      remote: 'contests',
      page: 'HomePage',
      preload: true,
      reads: ({ first, second }) => [`/x/${first}/${second}`],
    }),
    route({ path: '/quiet', access: 'anyone', remote: 'contests', page: 'HomePage' }),
    route({ path: '/to-quiet', access: 'anyone', redirect: '/quiet' }),
    route({ path: '/to-x', access: 'anyone', redirect: '/x.y' }),
    route({ path: '/twice', access: 'anyone', redirect: '/to-x' }),
    route({ path: '/x.y', access: 'anyone', remote: 'contests', page: 'HomePage', preload: true }),
  ];

  it('reads every parameter of a path, decoded', () => {
    expect(routePreload(routes, '/a/1%2F2/b/3', true)?.reads).toEqual(['/x/1/2/3']);
    expect(routePreload(routes, '/a/1/b', true)).toBeNull();
  });

  it('preloads only a route marked so, through one redirect at most', () => {
    expect(routePreload(routes, '/quiet', true)).toBeNull();
    expect(routePreload(routes, '/to-quiet', true)).toBeNull();
    expect(routePreload(routes, '/to-x', true)?.page).toBe('HomePage');
    expect(routePreload(routes, '/twice', true)).toBeNull();
  });

  it('takes a literal segment literally', () => {
    expect(routePreload(routes, '/x.y', true)?.page).toBe('HomePage');
    expect(routePreload(routes, '/xzy', true)).toBeNull();
  });
});
