// Types of massive-stand-in.mjs: the stand-in stays plain JavaScript so that `npm run stand-in` runs it with node alone;
// TypeScript tests (the API's price feed) read it through these.
import type { EventEmitter } from 'node:events';

export type MarketState = 'open' | 'closed' | 'extended-hours';

/** A ticker the stand-in lists and prices. `symbol` and `referencePrice` are read as the API's universe.json names them. */
export interface UniverseEntry {
  ticker?: string;
  symbol?: string;
  name?: string;
  /** Massive's type code: CS (common stock), ETF, PFD, ADRC, WARRANT... Default CS. */
  type?: string;
  /** A MIC: XNYS, XNAS, ARCX... Default XNYS. */
  primary_exchange?: string;
  market?: string;
  active?: boolean;
  /** The last trade's price in snapshots; none when null. */
  price?: number | null;
  referencePrice?: number;
  /** prevDay.c in snapshots; default the price. */
  prevClose?: number;
}

export interface UpcomingInput {
  date: string;
  name?: string;
  status?: 'closed' | 'early-close';
  /** ISO instants; an early close defaults to 09:30 and 13:00 New York time. */
  open?: string;
  close?: string;
}

export interface SplitInput {
  id?: string;
  ticker: string;
  execution_date: string;
  split_from: number;
  split_to: number;
  adjustment_type?: string;
  historical_adjustment_factor?: number;
}

export interface Split extends Required<SplitInput> {}

export interface DividendInput {
  id?: string;
  ticker: string;
  ex_dividend_date: string;
  cash_amount: number;
  currency?: string;
  declaration_date?: string;
  record_date?: string;
  pay_date?: string;
  frequency?: number;
  distribution_type?: string;
  historical_adjustment_factor?: number;
  split_adjusted_cash_amount?: number;
}

export interface Dividend extends Required<DividendInput> {}

/** A minute aggregate to push; `e` (end, ms or Date) defaults to now, `s` to a minute before it, o/h/l to c. */
export interface BarInput {
  sym: string;
  c: number;
  e?: number | Date;
  s?: number | Date;
  o?: number;
  h?: number;
  l?: number;
  v?: number;
  av?: number;
  op?: number;
  vw?: number;
  a?: number;
  z?: number;
}

/** An `AM` event as the socket sends it. */
export interface AggregateMessage {
  ev: 'AM';
  sym: string;
  v: number;
  av: number;
  op: number;
  vw: number;
  o: number;
  c: number;
  h: number;
  l: number;
  a: number;
  z: number;
  s: number;
  e: number;
}

export interface StandInOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  host?: string;
  /** The one key it accepts; default "stand-in-key". */
  apiKey?: string;
  universe?: readonly UniverseEntry[];
  market?: MarketState;
  upcoming?: readonly UpcomingInput[];
  splits?: readonly SplitInput[];
  dividends?: readonly DividendInput[];
  /** Caps every page below what `limit` asks for, to make a small universe page. */
  pageSize?: number;
  /** The stand-in's clock: serverTime, which upcoming dates are past, record times, default bar and price times. */
  now?: () => Date;
}

/** One REST call received. The key is never kept, only how it came. */
export interface RecordedRequest {
  method: string;
  path: string;
  /** The query without apiKey; a repeated parameter keeps its last value here and every value in `params`. */
  query: Record<string, string>;
  params: [string, string][];
  keyVia: 'query' | 'header' | null;
  at: string;
  /** The status answered; 0 while the answer is delayed. */
  status: number;
}

export interface SocketInfo {
  authenticated: boolean;
  subscriptions: string[];
}

export interface WaitOptions {
  timeoutMs?: number;
}

export interface StandIn {
  port: number;
  /** For MASSIVE_REST_URL and the SDK's restClient base. */
  restUrl: string;
  /** For MASSIVE_WS_URL and the SDK's websocketClient base: the socket is `${wsUrl}/stocks`. */
  wsUrl: string;
  requests: RecordedRequest[];
  requestsTo(path: string): RecordedRequest[];
  /** 'request' (RecordedRequest), 'connection', 'auth' ({ ok }), 'subscribe' / 'unsubscribe', 'socket-close'. */
  events: EventEmitter;

  addTicker(entry: UniverseEntry): unknown;
  removeTicker(symbol: string): void;
  setActive(symbol: string, active: boolean): void;
  /** The last trade in snapshots (lastTrade.p, lastTrade.t and updated), without a socket message. */
  setPrice(symbol: string, price: number, at?: Date | number): void;
  /** Each of the snapshot's sources of a price; null removes it. */
  setSnapshot(
    symbol: string,
    sources: {
      lastTrade?: { p: number; t: Date | number } | null;
      min?: Omit<BarInput, 'sym'> | null;
      prevClose?: number | null;
    },
  ): void;
  /** Sends minute bars to every authenticated socket subscribed to AM.<sym> or AM.* (one frame per socket) and makes
   * them the snapshot's min and lastTrade; returns how many sockets got at least one. */
  pushBar(bar: BarInput): number;
  pushBars(bars: readonly BarInput[]): number;

  setMarket(state: MarketState): void;
  setUpcoming(entries: readonly UpcomingInput[]): void;
  addHoliday(date: string, name?: string): void;
  addEarlyClose(date: string, name?: string, times?: { open?: string; close?: string }): void;
  addSplit(split: SplitInput): Split;
  addDividend(dividend: DividendInput): Dividend;
  setPageSize(size: number | undefined): void;

  /** REST answers 401 { status: 'ERROR', error: 'Unknown API Key' }; the socket answers auth_failed and closes. */
  refuseKey(refuse?: boolean): void;
  setApiKey(key: string): void;
  /** The next `times` (default 1; Infinity for all) calls of `path` ('*': any) answer `status` (default 429). */
  fail(path: string, options?: { status?: number; times?: number; body?: unknown }): void;
  /** Calls of `path` ('*': any) answer `delayMs` late, `times` times (default every one). */
  slow(path: string, delayMs: number, options?: { times?: number }): void;
  clearFaults(): void;

  sockets(): SocketInfo[];
  /** Ends every socket abruptly, as a network drop would (the client sees 1006), or closes it with `code`; resolves
   * once they are closed. */
  dropSockets(options?: { code?: number; reason?: string }): Promise<void>;
  /** The first answered call matching a path or a test, once there is one. */
  waitForRequest(
    match: string | ((request: RecordedRequest) => boolean),
    options?: WaitOptions,
  ): Promise<RecordedRequest>;
  /** Once some socket is subscribed to `channel` ('AM.AAPL', 'AM.*'). */
  waitForSubscription(channel: string, options?: WaitOptions): Promise<void>;
  /** Once exactly `count` sockets are open (authenticated ones only, with `authenticated`). */
  waitForSockets(count: number, options?: WaitOptions & { authenticated?: boolean }): Promise<void>;
  close(): Promise<void>;
}

export function startStandIn(options?: StandInOptions): Promise<StandIn>;
