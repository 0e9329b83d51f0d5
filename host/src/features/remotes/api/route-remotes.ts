// Which remote page each address shows, signed in or not: the one table the early manifest fetch (main.js, before any
// shared module) and the route preload (bootstrap) both read. Type imports only, so main.js can carry it.
import type { RemotePageRef } from './pages';

export type RouteRemote = RemotePageRef['remote'];

type RouteRemotePage = RemotePageRef & {
  path: RegExp;
  /** The route is one of the signed-in routes (true), the signed-out ones (false), or both (undefined). */
  signedIn?: boolean;
};

const ROUTES: RouteRemotePage[] = [
  // '/' and '/auth' lead a signed-in user home.
  { path: /^\/(?:home|auth)?\/?$/, remote: 'contests', page: 'HomePage', signedIn: true },
  { path: /^\/live-contest\/([^/]+)\/?$/, remote: 'trading', page: 'LiveContestPage', signedIn: true },
  { path: /^\/trading\/([^/]+)\/?$/, remote: 'trading', page: 'TradingPage', signedIn: true },
  { path: /^\/contest-detail\/([^/]+)\/?$/, remote: 'contests', page: 'ContestDetailPage', signedIn: true },
  { path: /^\/profile\/?$/, remote: 'profile', page: 'ProfilePage', signedIn: true },
  { path: /^\/auth\/?$/, remote: 'auth', page: 'AuthPage', signedIn: false },
  { path: /^\/join-contest-info\/([^/]+)\/?$/, remote: 'contests', page: 'JoinContestInfoPage' },
];

/** The remote page a path shows and its one parameter (decoded), or null (no remote page, or an undecodable path). */
export function routeRemotePage(pathname: string, signedIn: boolean): (RemotePageRef & { param: string }) | null {
  for (const route of ROUTES) {
    if (route.signedIn !== undefined && route.signedIn !== signedIn) continue;
    const match = route.path.exec(pathname);
    if (!match) continue;
    try {
      return { ...route, param: decodeURIComponent(match[1] ?? '') };
    } catch {
      return null;
    }
  }
  return null;
}
