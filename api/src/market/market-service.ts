import { EQUITY_SEARCH, type Equity } from '@bullpen/contract';
import type { Db, Executor } from '../db/database';
import {
  addEquities,
  currentPrice,
  currentPrices,
  equitiesOf,
  equityRows,
  exactPrices,
  lockMarketState,
  priceHistoryOf,
  searchEquities,
  seedMarket,
  storeMarketStep,
} from '../db/market';
import { roundRatio, toDollars } from '../domain/money';
import type { MarketHours } from '../config';
import type { Clock } from '../lib/clock';
import { MarketSession, type SessionCalendar } from './market-session';
import type { PriceFeed, PriceUpdate } from './price-feed';
import type { UniverseEntry } from './universe';

export interface PriceSnapshot {
  prices: Map<string, number>;
  previousClose: Map<string, number>;
  asOf: Date | null;
}

const utcDate = (date: Date) => date.toISOString().slice(0, 10);

/** The sector of a symbol the shipped table does not describe (API.md "Where prices come from"). */
export const UNCLASSIFIED = 'Unclassified';

/** Prices live in the database, so every API instance trades at the price the one market worker wrote. */
export class MarketService {
  readonly symbols: Set<string>;
  /** Whether the market trades now and which prices are stale. */
  readonly session: MarketSession;
  private readonly shipped: Map<string, UniverseEntry>;

  constructor(
    private readonly db: Db,
    readonly feed: PriceFeed,
    private readonly universe: readonly UniverseEntry[],
    private readonly clock: Clock,
    /** MARKET_TIME_SCALE: simulated seconds per real second (1: real time). */
    readonly timeScale = 1,
    /** MARKET_HOURS, MARKET_DELAY_MINUTES and the exchange's calendar (none yet: sessions unknown). */
    hours: { hours: MarketHours; delayMinutes: number; calendar: () => SessionCalendar | null } = {
      hours: 'always',
      delayMinutes: 0,
      calendar: () => null,
    },
  ) {
    this.session = new MarketSession({ feed, ...hours });
    this.symbols = new Set(universe.map((entry) => entry.symbol));
    this.shipped = new Map(universe.map((entry) => [entry.symbol, entry]));
  }

  get label(): string {
    return this.feed.label;
  }

  /** What the UI says about the prices: where they come from and whether time is compressed. */
  get info(): { label: string; timeScale: number } {
    return { label: this.feed.label, timeScale: this.timeScale };
  }

  isKnown = (symbol: string): boolean => this.symbols.has(symbol);

  /**
   * Seeds the simulator's universe at its reference prices the first time; later starts continue from the stored
   * prices. A real feed's rows arrive with their first prices: none is invented.
   */
  async init(): Promise<void> {
    const now = this.clock.now();
    const simulated = this.feed.name === 'simulated';
    await seedMarket(
      this.db,
      (simulated ? this.universe : []).map((entry) => {
        const cents = Math.round(entry.referencePrice * 100);
        return {
          symbol: entry.symbol,
          name: entry.name,
          sector: entry.sector,
          exchange: entry.exchange,
          priceCents: cents,
          previousCloseCents: cents,
          updatedAt: now,
        };
      }),
      now,
    );
    if (!simulated) {
      this.symbols.clear();
      for (const row of await equityRows(this.db)) this.symbols.add(row.symbol);
    }
  }

  async snapshot(executor: Executor = this.db): Promise<PriceSnapshot> {
    const rows = await equityRows(executor);
    const prices = new Map<string, number>();
    const previousClose = new Map<string, number>();
    let asOf: Date | null = null;
    for (const row of rows) {
      // Another instance's worker may have added symbols since this one started.
      this.symbols.add(row.symbol);
      prices.set(row.symbol, row.priceCents);
      previousClose.set(row.symbol, row.previousCloseCents);
      if (!asOf || row.updatedAt > asOf) asOf = row.updatedAt;
    }
    return { prices, previousClose, asOf };
  }

  /** Current prices (cents) of just these symbols. */
  pricesOf = (executor: Executor, symbols: readonly string[]): Promise<Map<string, number>> =>
    currentPrices(executor, symbols);

  priceOf(executor: Executor, symbol: string): Promise<number | null> {
    return currentPrice(executor, symbol);
  }

  /**
   * Equities with their prices: by default the shipped table's symbols (what every client saw before real markets);
   * `query` finds symbols or names starting with it, `symbols` names them.
   */
  async listEquities(search: { query?: string; symbols?: string[]; limit?: number } = {}): Promise<Equity[]> {
    const { query, symbols, limit } = search;
    const rows = query
      ? await searchEquities(this.db, query, limit ?? EQUITY_SEARCH.defaultLimit)
      : (await equitiesOf(this.db, symbols ?? [...this.shipped.keys()])).slice(0, limit);
    const staleBefore = this.session.staleBefore(this.clock.now());
    return rows.map((row) => {
      const change = row.priceCents - row.previousCloseCents;
      return {
        symbol: row.symbol,
        name: row.name,
        sector: row.sector,
        exchange: row.exchange,
        price: toDollars(row.priceCents),
        previousClose: toDollars(row.previousCloseCents),
        change: toDollars(change),
        changePct: roundRatio(row.previousCloseCents > 0 ? change / row.previousCloseCents : 0),
        updatedAt: row.updatedAt.toISOString(),
        asOf: row.updatedAt.toISOString(),
        stale: staleBefore !== null && row.updatedAt < staleBefore,
      };
    });
  }

  async history(symbol: string, from: Date, to: Date): Promise<{ t: string; price: number }[]> {
    const rows = await priceHistoryOf(this.db, symbol, from, to);
    return rows.map((row) => ({ t: row.t.toISOString(), price: toDollars(row.priceCents) }));
  }

  /**
   * One market step, run only by the clock worker: the prices the feed has for the simulated time since the last
   * step (real time × MARKET_TIME_SCALE), stored with their history; a symbol the table lacks gets its row first. The
   * market keeps its own simulated clock: when it passes midnight UTC, the last price of the simulated day becomes the
   * previous close, so "Today" is measured against a real close of the simulated market, however fast time runs.
   */
  async advance(executor: Executor, now: Date): Promise<void> {
    const state = await lockMarketState(executor);
    const tickIndex = (state?.tickIndex ?? 0) + 1;
    const elapsedMs = state ? Math.max(0, now.getTime() - state.asOf.getTime()) : 0;
    const simulatedMs = elapsedMs * this.timeScale;
    const simulatedAt = new Date((state?.simulatedAt ?? state?.asOf ?? now).getTime() + simulatedMs);
    const newSession = state ? state.sessionDate !== utcDate(simulatedAt) : false;
    const moved = await this.feed.updates({
      now,
      tickIndex,
      simulatedSeconds: simulatedMs / 1000,
      previous: () => exactPrices(executor),
    });
    if (moved.length === 0) return;
    await addEquities(executor, this.newRows(moved));
    await storeMarketStep(executor, moved, { now, newSession, tickIndex, simulatedAt });
  }

  /** Rows for the symbols priced here for the first time: as the shipped table has them, else as the feed lists them. */
  private newRows(moved: readonly PriceUpdate[]) {
    const rows = [];
    for (const update of moved) {
      if (this.symbols.has(update.symbol)) continue;
      const shipped = this.shipped.get(update.symbol);
      const listing = this.feed.listing(update.symbol);
      const cents = Math.max(1, Math.round(update.cents));
      rows.push({
        symbol: update.symbol,
        name: shipped?.name ?? listing?.name ?? update.symbol,
        sector: shipped?.sector ?? UNCLASSIFIED,
        exchange: shipped?.exchange ?? listing?.exchange ?? '',
        priceCents: cents,
        previousCloseCents: Math.max(1, Math.round(update.previousCloseCents ?? update.cents)),
        updatedAt: update.asOf,
      });
      this.symbols.add(update.symbol);
    }
    return rows;
  }
}
