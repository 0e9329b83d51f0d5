// No zod here: the @bullpen/shared singleton's API client and the host's main.js import this file alone
// ('@bullpen/contract/paths'), so what every page loads carries no schema library (a page that validates a form loads
// zod with that form).

/** The parameters of a route pattern, in order: '/contest/:id/analytics/:userId' → ['id', 'userId']. */
type ParamNames<Pattern extends string> = Pattern extends `${string}:${infer Name}/${infer Rest}`
  ? [Name, ...ParamNames<`/${Rest}`>]
  : Pattern extends `${string}:${infer Name}`
    ? [Name]
    : [];

/** One string value per parameter name. */
type ValuesOf<Names extends string[]> = { [K in keyof Names]: string };

declare const routeOf: unique symbol;

/** A path built from a route pattern: a string at run time, and to the type checker the route it was built from, so
 *  the API client can tell which entry of API_PATHS it requests (and so its body and answer) without a second name. */
export type BuiltPath<Pattern extends string> = string & { readonly [routeOf]: Pattern };

/** A path with parameters: called with their values in order, it gives the encoded path a client requests. */
export interface PathBuilder<Pattern extends string, Args extends unknown[] = ValuesOf<ParamNames<Pattern>>> {
  (...values: Args): BuiltPath<Pattern>;
  /** The route as the server registers it, parameters in Fastify's `:name` form. */
  readonly pattern: Pattern;
}

function route<Pattern extends string>(pattern: Pattern): PathBuilder<Pattern> {
  const build = (...values: string[]) => {
    let index = 0;
    return pattern.replace(/:[A-Za-z]+/g, (name) => {
      const value = values[index++];
      if (value === undefined) throw new Error(`${pattern}: no value for ${name}`);
      return encodeURIComponent(value);
    });
  };
  return Object.assign(build, { pattern }) as unknown as PathBuilder<Pattern>;
}

interface StandingsPage {
  offset?: number;
  limit?: number;
  around?: 'me';
}

const standings = route('/contest/:id/standings');
const chat = route('/contest/:id/chat');

interface ChatPage {
  channel?: 'contest' | 'team';
  before?: string;
  limit?: number;
}

/** Every API path of SPEC §7 and API.md, one table for the server's routes and the clients' requests, so no caller
 *  spells one by hand. A path without parameters is its string; one with parameters builds the path from their values
 *  and carries the server's pattern. */
export const API_PATHS = {
  health: '/health',
  getEquities: '/equity/get-equities',
  equityHistory: route('/equity/:symbol/history'),
  marketStatus: '/market/status',
  createContest: '/contest/create-contest',
  editContest: '/contest/edit-contest',
  getContest: '/contest/get-contest',
  upcomingContests: '/contest/upcoming',
  completedContests: '/contest/completed',
  completedContest: route('/contest/completed/:id'),
  activeContests: '/contest/active',
  activeContest: route('/contest/active/:id'),
  portfolioHistory: route('/contest/active/:id/portfolio-history'),
  contestEvents: route('/contest/active/:id/events'),
  /** One page of a live or completed board (API.md "Bounded boards"); `around: 'me'` centres it on the caller. */
  contestStandings: Object.assign(
    (id: string, page: StandingsPage = {}) => {
      const query = new URLSearchParams();
      if (page.offset !== undefined) query.set('offset', String(page.offset));
      if (page.limit !== undefined) query.set('limit', String(page.limit));
      if (page.around) query.set('around', page.around);
      const text = query.toString();
      return `${standings(id)}${text ? `?${text}` : ''}`;
    },
    { pattern: standings.pattern },
  ) as PathBuilder<typeof standings.pattern, [id: string, page?: StandingsPage]>,
  joinContest: '/contest/join-contest',
  changePicks: '/contest/change-picks',
  leaveContest: '/contest/leave-contest',
  cancelContest: '/contest/cancel-contest',
  trading: '/contest/trading',
  contestUser: route('/contest-user/:id'),
  getUser: '/user/get-user',
  initializeUser: '/user/initialize-user',
  getUserProfile: '/user-profile/get-user-profile',
  editProfile: '/user-profile/edit-profile',
  // Conditional orders (API.md "Conditional orders").
  placeOrder: '/contest/orders',
  cancelOrder: '/contest/orders/cancel',
  contestOrders: route('/contest/:id/orders'),
  // Results and insight (API.md "Results and insight").
  benchmark: route('/contest/:id/benchmark'),
  livePublic: '/contest/live-public',
  completedPlayer: route('/contest/completed/:id/players/:userId'),
  analytics: route('/contest/:id/analytics/:userId'),
  // Contest and team chat (API.md "Chat").
  /** GET: one page of a chat, newest first (`before` is the previous page's `next`); POST: a new message. */
  chat: Object.assign(
    (id: string, page: ChatPage = {}) => {
      const query = new URLSearchParams();
      if (page.channel) query.set('channel', page.channel);
      if (page.before) query.set('before', page.before);
      if (page.limit !== undefined) query.set('limit', String(page.limit));
      const text = query.toString();
      return `${chat(id)}${text ? `?${text}` : ''}`;
    },
    { pattern: chat.pattern },
  ) as PathBuilder<typeof chat.pattern, [id: string, page?: ChatPage]>,
  deleteChat: route('/contest/:id/chat/delete'),
  muteChat: route('/contest/:id/chat/mute'),
  /** Server-Sent Events of a chat: `message` and `deleted`, for any contest status. */
  chatEvents: route('/contest/:id/chat/events'),
  /** The host's report of how each remote fares, and the operators' read of it (docs/operating-remotes.md). */
  remoteHealth: '/telemetry/remote-health',
  /** A health pass for a browser with nobody signed in: what lets its reports count, once per window. */
  healthPass: '/telemetry/health-pass',
  // Notifications (API.md "Notifications").
  notifications: '/notifications',
  markNotificationsRead: '/notifications/read',
  notificationEvents: '/notifications/events',
  notificationPreferences: '/notifications/preferences',
  /** The local text-message sender's outbox; served only while that sender is the one in use, never in production. */
  devOutbox: '/dev/outbox',
} as const;

type RouteOf<Entry> = Entry extends string ? Entry : Entry extends { pattern: infer Pattern } ? Pattern : never;

/** The server's view of API_PATHS: each path as Fastify registers it. (Pure, so a browser bundle that never reads it
 *  drops it.) */
export const API_ROUTES = /* @__PURE__ */ Object.fromEntries(
  /* @__PURE__ */ Object.entries(API_PATHS).map(([name, entry]) => [
    name,
    typeof entry === 'string' ? entry : entry.pattern,
  ]),
) as { readonly [Name in keyof typeof API_PATHS]: RouteOf<(typeof API_PATHS)[Name]> };

/** The conditional-order paths of API_PATHS, by themselves. */
export const ORDER_PATHS = {
  placeOrder: API_PATHS.placeOrder,
  cancelOrder: API_PATHS.cancelOrder,
  contestOrders: API_PATHS.contestOrders,
} as const;

/** The results-and-insight paths of API_PATHS, by themselves. */
export const RESULTS_PATHS = {
  benchmark: API_PATHS.benchmark,
  livePublic: API_PATHS.livePublic,
  completedPlayer: API_PATHS.completedPlayer,
  analytics: API_PATHS.analytics,
} as const;
