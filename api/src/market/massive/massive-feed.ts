import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock';
import type { Scheduler } from '../../lib/scheduler';
import type { UpcomingEntry } from '../nyse-calendar';
import type { CorporateAction, FeedStatus, Listing, PriceFeed, PriceUpdate } from '../price-feed';
import { ProviderError } from './provider-error';
import { MassiveRest } from './rest';
import { openStocksSocket } from './socket';

export const BACKOFF_FIRST_MS = 1000;
export const BACKOFF_MAX_MS = 60_000;
const UNIVERSE_EVERY_MS = 24 * 3_600_000;
const REST_TIMEOUT_MS = 10_000;
const REFUSED = 'The provider refused the API key';

export interface MassiveFeedOptions {
  apiKey: string;
  restUrl: string;
  wsUrl: string;
  delayMinutes: number;
  statusPollMs: number;
  clock: Clock;
  scheduler: Scheduler;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** How long one REST call may take before it counts as failed (and is retried). */
  restTimeoutMs?: number;
}

/** 1 s, doubling, at most 60 s. */
const nextBackoff = (ms: number) => Math.min(ms * 2, BACKOFF_MAX_MS);

/**
 * Massive's delayed stocks feed: the universe (at start and daily), a snapshot at start and after every reconnect, then
 * each minute aggregate from the socket; the session from the provider's market status. Prices that arrive wait in a
 * buffer, newest per symbol, until the market worker's tick takes them. A refused key stops the feed for good.
 */
export class MassiveFeed implements PriceFeed {
  readonly name = 'massive' as const;
  readonly label: string;
  private readonly rest: MassiveRest;
  private readonly listings = new Map<string, Listing>();
  private readonly buffer = new Map<string, PriceUpdate>();
  /** The time of the newest price taken per symbol: an older one (a snapshot behind a bar) never goes back in time. */
  private readonly newest = new Map<string, number>();
  private readonly timers = new Set<() => void>();
  private socket: { close(): void } | null = null;
  private running = false;
  /** Another instance is the market worker: this one reads the session only and holds no socket (standby). */
  private standingBy = false;
  /** The universe, snapshot and socket are this instance's (it is the worker, or nobody said otherwise). */
  private streaming = false;
  private opening = false;
  private cancelUniverseRefresh: (() => void) | null = null;
  private connected = false;
  private asOf: Date | null = null;
  private error: string | null = null;
  private session: FeedStatus['session'] = null;
  private reconnectMs = BACKOFF_FIRST_MS;
  private upcoming: readonly UpcomingEntry[] = [];

  constructor(private readonly options: MassiveFeedOptions) {
    this.rest = new MassiveRest(options.apiKey, options.restUrl, options.restTimeoutMs ?? REST_TIMEOUT_MS);
    this.label =
      options.delayMinutes > 0 ? `Prices delayed ${options.delayMinutes} min · Massive` : 'Live prices · Massive';
  }

  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    this.error = null;
    void this.guard(this.pollSession());
    if (!this.standingBy) this.beginStreaming();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.endStreaming();
    for (const cancel of this.timers) cancel();
    this.timers.clear();
  }

  /**
   * The provider allows one socket per key, and only the market worker's tick takes prices: the other instances stand
   * by, reading the market's session alone, and the one that becomes the worker opens the stream (universe, snapshot,
   * socket) on its first tick.
   */
  standBy(standBy: boolean): void {
    if (standBy === this.standingBy) return;
    this.standingBy = standBy;
    if (!this.running) return;
    if (standBy) this.endStreaming();
    else this.beginStreaming();
  }

  status(): FeedStatus {
    return {
      connected: this.connected,
      asOf: this.asOf,
      error: this.error,
      session: this.session,
      standby: this.standingBy,
    };
  }

  private beginStreaming(): void {
    if (this.streaming) return;
    this.streaming = true;
    this.reconnectMs = BACKOFF_FIRST_MS;
    void this.guard(this.refreshUniverse().then(() => this.connect()));
  }

  private endStreaming(): void {
    this.streaming = false;
    this.connected = false;
    this.cancelUniverseRefresh?.();
    this.cancelUniverseRefresh = null;
    this.socket?.close();
    this.socket = null;
    // Prices buffered for a tick this instance will not run: the worker has its own.
    this.buffer.clear();
  }

  async updates(): Promise<PriceUpdate[]> {
    const taken = [...this.buffer.values()];
    this.buffer.clear();
    return taken;
  }

  listing(symbol: string): Listing | undefined {
    return this.listings.get(symbol);
  }

  closures(): readonly UpcomingEntry[] {
    return this.upcoming;
  }

  /**
   * The splits and dividends of `symbols` dated `since` or later, retried like every REST read; an empty list when the
   * feed stops first. The API's corporate-actions job calls this every MARKET_ACTIONS_POLL_MS.
   */
  async corporateActions(symbols: readonly string[], since: string): Promise<CorporateAction[]> {
    if (symbols.length === 0 || !this.running) return [];
    return (await this.retrying(() => this.rest.corporateActions(symbols, since))) ?? [];
  }

  /** Symbols known to trade, by the last universe read. */
  get universe(): readonly string[] {
    return [...this.listings.keys()];
  }

  private take(update: PriceUpdate): void {
    if (this.listings.size > 0 && !this.listings.has(update.symbol)) return;
    const time = update.asOf.getTime();
    if ((this.newest.get(update.symbol) ?? Number.NEGATIVE_INFINITY) > time) return;
    this.newest.set(update.symbol, time);
    this.buffer.set(update.symbol, update);
    if (!this.asOf || update.asOf > this.asOf) this.asOf = update.asOf;
  }

  private async connect(): Promise<void> {
    if (!this.running || !this.streaming || this.socket || this.opening) return;
    this.opening = true;
    let opened: { close(): void } | null = null;
    const socket = await openStocksSocket(this.options.apiKey, this.options.wsUrl, {
      onReady: () => {
        this.connected = true;
        this.reconnectMs = BACKOFF_FIRST_MS;
        this.options.log.info({ feed: 'massive' }, 'market feed connected');
        // Bars missed while away are not replayed: a fresh snapshot fills the gap.
        void this.guard(this.snapshot(this.universe));
      },
      onPrice: (update) => this.take(update),
      onRefused: () => this.refuse(),
      onClose: () => {
        // A socket dropped on standing by may close after the next one opened: that one stays.
        if (opened && this.socket !== opened && this.socket !== null) return;
        this.socket = null;
        this.connected = false;
        if (!this.running || !this.streaming) return;
        const wait = this.reconnectMs;
        this.reconnectMs = nextBackoff(wait);
        this.options.log.warn({ feed: 'massive', retryInMs: wait }, 'market feed disconnected');
        this.later(wait, () => void this.guard(this.connect()));
      },
    }).finally(() => {
      this.opening = false;
    });
    // Stopped, or standing by, since the SDK loaded: this connection is not wanted.
    opened = socket;
    if (this.running && this.streaming) this.socket = socket;
    else socket.close();
  }

  private async snapshot(symbols: readonly string[]): Promise<void> {
    const prices = await this.retrying(() => this.rest.snapshot(symbols, () => this.options.clock.now()));
    for (const price of prices ?? []) this.take(price);
  }

  private async refreshUniverse(): Promise<void> {
    const listings = await this.retrying(() => this.rest.universe());
    if (!listings || !this.streaming) return;
    const added = listings.filter((listing) => !this.listings.has(listing.symbol));
    for (const listing of listings) this.listings.set(listing.symbol, listing);
    this.cancelUniverseRefresh?.();
    this.cancelUniverseRefresh = this.later(UNIVERSE_EVERY_MS, () => void this.guard(this.refreshUniverse()));
    // Symbols listed since the last read get their first prices now; at start the socket's snapshot prices them all.
    if (this.connected && added.length > 0) await this.snapshot(added.map((listing) => listing.symbol));
  }

  /** The session now and the coming closures, each kept from the last read when a read fails. */
  private async pollSession(): Promise<void> {
    await this.read('market status', async () => {
      const open = (await this.rest.session()) === 'open';
      const since = this.session?.open === open ? this.session.since : this.options.clock.now();
      this.session = { open, since };
    });
    await this.read('upcoming closures', async () => {
      this.upcoming = await this.rest.closures();
    });
    this.later(this.options.statusPollMs, () => void this.guard(this.pollSession()));
  }

  private async read(what: string, run: () => Promise<void>): Promise<void> {
    try {
      await run();
    } catch (error) {
      if (error instanceof ProviderError && error.kind === 'refused') throw error;
      // The last word stands until the next poll; the message names the call and status, never the key.
      this.options.log.warn({ feed: 'massive', reason: safeMessage(error) }, `${what} not read`);
    }
  }

  /** Runs a REST call until it answers, waiting 1 s doubling to 60 s (or as long as a 429 asks) between tries. */
  private async retrying<T>(run: () => Promise<T>): Promise<T | null> {
    let wait = BACKOFF_FIRST_MS;
    while (this.running) {
      try {
        return await run();
      } catch (error) {
        if (!(error instanceof ProviderError) || error.kind === 'refused') throw error;
        const delay = error.retryAfterMs ?? wait;
        wait = nextBackoff(wait);
        this.options.log.warn({ feed: 'massive', reason: error.message, retryInMs: delay }, 'market feed call failed');
        await new Promise<void>((resolve) => this.later(delay, resolve));
      }
    }
    return null;
  }

  /** A background step's failure: a refused key stops the feed; anything else is logged (without the key). */
  private async guard(step: Promise<unknown>): Promise<void> {
    try {
      await step;
    } catch (error) {
      if (error instanceof ProviderError && error.kind === 'refused') this.refuse();
      else this.options.log.error({ feed: 'massive', reason: safeMessage(error) }, 'market feed step failed');
    }
  }

  private refuse(): void {
    if (this.error === REFUSED) return;
    this.error = REFUSED;
    this.options.log.error({ feed: 'massive' }, `market feed stopped: ${REFUSED.toLowerCase()}`);
    void this.stop();
  }

  /** Runs `run` in `ms` unless the feed stops first; returns what cancels it. */
  private later(ms: number, run: () => void): () => void {
    if (!this.running) return () => undefined;
    const cancel = this.options.scheduler.after(ms, () => {
      this.timers.delete(cancel);
      run();
    });
    this.timers.add(cancel);
    return () => {
      this.timers.delete(cancel);
      cancel();
    };
  }
}

/** Only our own errors' messages are known to be free of the key. */
const safeMessage = (error: unknown) => (error instanceof ProviderError ? error.message : 'unexpected failure');
