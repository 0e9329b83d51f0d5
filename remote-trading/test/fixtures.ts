import { HttpResponse } from 'msw';
import { compactStandingRow, type Contest, type ContestUser, type Equity, type Standing } from '@bullpen/contract';

export const API = 'http://api.test';

export const contest = (over: Partial<Contest> = {}): Contest => ({
  _id: 'c1',
  name: 'Tech Titans',
  description: '',
  status: 'active',
  startsAt: new Date(Date.now() - 60_000).toISOString(),
  endsAt: new Date(Date.now() + 3_600_000).toISOString(),
  picksCount: 2,
  startingCash: 10_000,
  maxParticipants: 10,
  visibility: 'public',
  affiliations: [],
  isTeamCollaboration: false,
  createdBy: { _id: 'u1', ticker: 'ACE' },
  participantsCount: 2,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  ...over,
});

export const equity = (symbol: string, price: number, name = `${symbol} Inc.`): Equity => ({
  symbol,
  name,
  sector: 'Technology',
  exchange: 'NASDAQ',
  price,
  previousClose: price,
  change: 0,
  changePct: 0,
  updatedAt: '2026-11-22T00:00:00.000Z',
});

export const me = (over: Partial<ContestUser> = {}): ContestUser => ({
  contestId: 'c1',
  userId: 'u1',
  joined: true,
  picks: ['AAPL', 'MSFT'],
  affiliation: null,
  joinedAt: '2026-11-01T00:00:00.000Z',
  portfolio: {
    cash: 1_000,
    reservedCash: 0,
    value: 10_250,
    returnPct: 0.025,
    positions: [
      {
        symbol: 'AAPL',
        quantity: 20,
        avgCost: 200,
        price: 210,
        value: 4_200,
        pnl: 200,
        pnlPct: 0.05,
        reservedQuantity: 0,
      },
      {
        symbol: 'MSFT',
        quantity: 12,
        avgCost: 400,
        price: 420.83,
        value: 5_050,
        pnl: 250,
        pnlPct: 0.052,
        reservedQuantity: 0,
      },
    ],
  },
  rank: 1,
  trades: [],
  tradesTotal: 0,
  ...over,
});

export const board = (
  standings: { userId: string; ticker: string; rank: number; returnPct: number }[],
  asOf: string,
) => ({
  contest: contest(),
  standings: standings.map((row) => ({ ...row, affiliation: null, value: 10_000 * (1 + row.returnPct) })),
  teams: [],
  total: standings.length,
  asOf,
});

/**
 * One event as the API writes it to the live screens, which ask for compact rows (`?rows=compact`): a `standings`
 * event given with API.md's `standings` rows travels with them as `rows`, as the server encodes them.
 */
export function sseText(event: string, data: unknown): string {
  let payload = data;
  if (event === 'standings' && typeof data === 'object' && data !== null && 'standings' in data) {
    const { standings, ...rest } = data as { standings: Standing[] };
    payload = { ...rest, rows: standings.map(compactStandingRow) };
  }
  return `event: ${event}\ndata: ${JSON.stringify(payload)}\n\n`;
}

/** A stream whose events come a moment after connecting, like the next market tick; it then stays open. */
export function eventStream(...events: { event: string; data: unknown }[]) {
  const body = new ReadableStream({
    start(controller) {
      setTimeout(() => {
        for (const { event, data } of events) controller.enqueue(new TextEncoder().encode(sseText(event, data)));
      }, 300);
    },
  });
  return new HttpResponse(body, { headers: { 'content-type': 'text/event-stream' } });
}

/** A stream the test writes to when it chooses: `send` delivers one event to the page. */
export function controlledStream() {
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  return {
    response: () => new HttpResponse(body, { headers: { 'content-type': 'text/event-stream' } }),
    send: (event: string, data: unknown) => controller?.enqueue(new TextEncoder().encode(sseText(event, data))),
  };
}

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

/**
 * POST /equity/get-equities as the API answers it (API.md, fourth release) over a market of `listed` stocks, of which
 * `shipped` are the default list: a body `{}` lists those, `{ query }` finds symbols or names starting with it
 * (whatever the case), `{ symbols }` exactly those; `limit` caps. Every body it was sent is kept in `sent`.
 */
export function equityMarket(listed: Equity[], shipped: string[]) {
  const sent: Record<string, unknown>[] = [];
  const answer = async ({ request }: { request: Request }) => {
    const body = (await request.json()) as { query?: string; symbols?: string[]; limit?: number };
    sent.push(body);
    let found: Equity[];
    if (body.query !== undefined) {
      const needle = body.query.trim().toLowerCase();
      found = listed.filter(
        (e) => e.symbol.toLowerCase().startsWith(needle) || e.name.toLowerCase().startsWith(needle),
      );
    } else if (body.symbols) {
      const wanted = new Set(body.symbols.map((s) => s.toUpperCase()));
      found = listed.filter((e) => wanted.has(e.symbol));
    } else {
      found = listed.filter((e) => shipped.includes(e.symbol));
    }
    return Response.json({ equities: found.slice(0, body.limit ?? 50) });
  };
  return { sent, answer };
}
