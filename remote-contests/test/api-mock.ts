import { type DefaultBodyType, HttpResponse, http, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';

// The API mocked at the network level (msw): tests declare what the server answers and read what it was sent.

export const API = 'http://localhost:4000';

/** GET /market/status on the API's default market, the simulator: every screen with prices reads it. */
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

/** By default the API runs the simulator; a test about a real market answers with its own status. */
export const server = setupServer(
  http.get(`${API}/market/status`, () => HttpResponse.json(SIMULATED_MARKET)),
  // The contest's detail has its chat: empty, and its stream unavailable (a test about the chat answers its own).
  http.get(`${API}/contest/:id/chat`, () =>
    HttpResponse.json({
      messages: [],
      next: null,
      viewer: { canPost: true, reason: null, muted: false, canModerate: false, team: null },
    }),
  ),
  http.get(`${API}/contest/:id/chat/events`, () => new HttpResponse(null, { status: 204 })),
);

export interface Recorded {
  method: string;
  path: string;
  /** The query string, with its '?' ('' when there is none). */
  search: string;
  body: DefaultBodyType;
  authorization: string | null;
}

export const requests: Recorded[] = [];

server.events.on('request:start', async ({ request }) => {
  const url = new URL(request.url);
  let body: DefaultBodyType = null;
  if (request.method !== 'GET') {
    try {
      body = await request.clone().json();
    } catch {
      body = null;
    }
  }
  requests.push({
    method: request.method,
    path: url.pathname,
    search: url.search,
    body,
    authorization: request.headers.get('authorization'),
  });
});

export const sent = (path: string) => requests.filter((r) => r.path === path);

export function apiError(status: number, errMessage: string, errors: { field: string; message: string }[] = []) {
  return HttpResponse.json({ errMessage, errors }, { status });
}

export const reply = (body: JsonBodyType) => HttpResponse.json(body);

export { HttpResponse, http };

interface EquityLike {
  symbol: string;
  name: string;
}

/**
 * POST /equity/get-equities as the API answers it (API.md, fourth release) over a market of `listed` stocks, of which
 * `shipped` are the default list: a body `{}` lists those, `{ query }` finds symbols or names starting with it
 * (whatever the case), `{ symbols }` exactly those; `limit` caps.
 */
export function equityMarket<T extends EquityLike>(listed: T[], shipped: string[]) {
  return http.post(`${API}/equity/get-equities`, async ({ request }) => {
    const body = (await request.json()) as { query?: string; symbols?: string[]; limit?: number };
    let found: T[];
    if (body.query !== undefined) {
      const needle = body.query.trim().toLowerCase();
      found = listed.filter(
        (e) => e.symbol.toLowerCase().startsWith(needle) || e.name.toLowerCase().startsWith(needle),
      );
    } else if (body.symbols) {
      const wanted = new Set(body.symbols.map((symbol) => symbol.toUpperCase()));
      found = listed.filter((e) => wanted.has(e.symbol));
    } else {
      found = listed.filter((e) => shipped.includes(e.symbol));
    }
    return HttpResponse.json({ equities: found.slice(0, body.limit ?? 50) } as unknown as JsonBodyType);
  });
}
