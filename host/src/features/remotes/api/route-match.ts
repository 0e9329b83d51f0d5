// The shape of the host's one route table (app/route-table.ts) and how an address is matched against it. The router
// (app/routes.tsx), main.js's head start (early-manifest.ts) and bootstrap's (preload-route.ts) all read that table,
// so a route is declared once. main.js carries this file and the table, so it imports types only: no React, no
// router.
import type { ApiKey } from '@bullpen/shared';
import type { RemotePageRef } from './pages';

/** Who may reach a route (SPEC §2): the signed-in table, the signed-out one, or both. */
type RouteAccess = 'signed-in' | 'signed-out' | 'anyone';

/** The parameter names of a path: '/live-contest/:contestId' -> 'contestId'. */
type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

type Params<P extends string> = Readonly<Record<PathParams<P>, string>>;

interface RouteBase<P extends string> {
  /** A React Router path of literal segments and `:name` parameters (no `*`, no optional segments). */
  path: P;
  access: RouteAccess;
}

/** An address that shows a remote page. */
export type PageRoute<P extends string = string> = RouteBase<P> &
  RemotePageRef & {
    /** A cold visit preloads it: main.js the remote's entry and the page's chunks, bootstrap the page itself. */
    preload?: boolean;
    /** The API reads (SWR keys) a signed-in cold visit starts: main.js sends them before React, bootstrap puts them
     *  in SWR's cache; the page then finds them in flight. Only with `preload`. */
    reads?: (params: Params<P>) => ApiKey[];
    /** The page a signed-out visitor is likely to open next (an invitation's join page leads to signing in): bootstrap
     *  loads it once the browser is idle, so it shows at once. Only with `preload`. */
    signedOutNext?: RemotePageRef;
  };

/** An address that leads to another (React Router's <Navigate replace>); a cold visit preloads what that one does. */
export type RedirectRoute<P extends string = string> = RouteBase<P> & { redirect: string };

export type HostRoute = PageRoute | RedirectRoute;

/** One table entry, its `reads` typed by its own path's parameters. */
export function route<const P extends string>(entry: PageRoute<P> | RedirectRoute<P>): HostRoute {
  // The table forgets P: a route's reads are only called with the parameters of its own path (routePreload).
  return entry as HostRoute;
}

export const isRedirect = (entry: HostRoute): entry is RedirectRoute => 'redirect' in entry;

export const reaches = (entry: HostRoute, signedIn: boolean): boolean =>
  entry.access === 'anyone' || entry.access === (signedIn ? 'signed-in' : 'signed-out');

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** '/live-contest/:contestId' -> /^\/live-contest\/([^/]+)\/?$/ and ['contestId']: one optional trailing slash, a
 *  parameter is one non-empty segment. Case-sensitive, unlike React Router: '/HOME' is served, not preloaded. */
function compilePath(path: string): { pattern: RegExp; names: string[] } {
  const names: string[] = [];
  const source = path
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return escapeRegExp(segment);
      names.push(segment.slice(1));
      return '([^/]+)';
    })
    .join('\\/');
  return { pattern: new RegExp(`^${source}\\/?$`), names };
}

/** The route an address reaches, with its parameters decoded; null if none, or if a parameter cannot be decoded. */
function matchRoute(
  routes: readonly HostRoute[],
  pathname: string,
  signedIn: boolean,
): { route: HostRoute; params: Record<string, string> } | null {
  for (const entry of routes) {
    if (!reaches(entry, signedIn)) continue;
    const { pattern, names } = compilePath(entry.path);
    const match = pattern.exec(pathname);
    if (!match) continue;
    try {
      const params = Object.fromEntries(names.map((name, index) => [name, decodeURIComponent(match[index + 1] ?? '')]));
      return { route: entry, params };
    } catch {
      return null;
    }
  }
  return null;
}

/** What a cold visit of an address preloads, signed in or not: its remote page and, signed in, its first reads. */
export function routePreload(
  routes: readonly HostRoute[],
  pathname: string,
  signedIn: boolean,
): (RemotePageRef & { reads: ApiKey[]; next: RemotePageRef | null }) | null {
  let found = matchRoute(routes, pathname, signedIn);
  // One redirect is followed ('/' leads to '/home'); a redirect to a redirect preloads nothing.
  if (found && isRedirect(found.route)) found = matchRoute(routes, found.route.redirect, signedIn);
  if (!found || isRedirect(found.route) || !found.route.preload) return null;
  const { route: page, params } = found;
  return {
    remote: page.remote,
    page: page.page,
    reads: signedIn ? (page.reads?.(params) ?? []) : [],
    next: signedIn ? null : (page.signedOutNext ?? null),
  } as RemotePageRef & { reads: ApiKey[]; next: RemotePageRef | null };
}
