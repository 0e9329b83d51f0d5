import type { UpcomingEntry } from './nyse-calendar';

/** One new price: `cents` (possibly with fractions of a cent) for `symbol`, as of the price's own time. */
export interface PriceUpdate {
  symbol: string;
  cents: number;
  asOf: Date;
  /** The provider's previous session close, when it says (a snapshot does); otherwise the market keeps its own. */
  previousCloseCents?: number;
}

/** A tradable symbol the feed knows of: the market table gets a row for it with its first price. */
export interface Listing {
  symbol: string;
  name: string;
  exchange: string;
}

/**
 * A split or a cash dividend as the provider announces it (API.md "Corporate actions"), keyed by the provider's id.
 * `date` is New York's execution date (split) or ex-dividend date (dividend).
 */
export type CorporateAction =
  | { id: string; type: 'split'; symbol: string; date: string; splitFrom: number; splitTo: number }
  | { id: string; type: 'dividend'; symbol: string; date: string; cashAmount: number };

/** What the market worker's tick gives the feed. */
export interface PriceStep {
  now: Date;
  /** The tick's number in the market's sequence (a model's draws depend on it). */
  tickIndex: number;
  /** Market time since the last tick: real time × MARKET_TIME_SCALE. */
  simulatedSeconds: number;
  /** Every symbol's last exact price (cents), read only when asked: a live feed never needs it. */
  previous: () => Promise<ReadonlyMap<string, number>>;
}

export interface FeedStatus {
  connected: boolean;
  /** The newest price the feed has delivered, by the price's own time. */
  asOf: Date | null;
  /** Why the feed is not delivering (never carrying the provider key), or null. */
  error: string | null;
  /**
   * The provider's own word on the session (only `open` trades) and since when this feed has heard it say so; null
   * when it has not said (the simulator never does).
   */
  session: { open: boolean; since: Date } | null;
  /** Another instance streams the prices; this one reads the session alone (a feed that streams everywhere: absent). */
  standby?: boolean;
}

/**
 * Where prices come from. A source pushes prices as they arrive; the market worker's tick takes what arrived since the
 * last tick and stores it, and contests are valued at the latest stored prices.
 */
export interface PriceFeed {
  readonly name: 'simulated' | 'massive';
  readonly label: string;
  start(): Promise<void>;
  stop(): Promise<void>;
  status(): FeedStatus;
  /** The prices that arrived since the last call (a model computes them for this step). */
  updates(step: PriceStep): Promise<PriceUpdate[]>;
  /** Symbols the feed can price, beyond the shipped table's names: how a new symbol's row is named. */
  listing(symbol: string): Listing | undefined;
  /**
   * Told on every tick whether another instance is the market worker; a feed whose provider allows one stream per key
   * (Massive) streams only on the worker. The simulator, which computes prices in the tick, leaves this out.
   */
  standBy?(standBy: boolean): void;
  /** The provider's coming holidays and early closes, over the shipped calendar; none from the simulator. */
  closures?(): readonly UpcomingEntry[];
  /**
   * The splits and cash dividends of `symbols` dated `since` (New York's YYYY-MM-DD) or later; the simulator has none
   * and leaves this out.
   */
  corporateActions?(symbols: readonly string[], since: string): Promise<CorporateAction[]>;
}

/**
 * A model of prices: next prices from the previous ones and the tick (the simulator, and tests' scripted prices).
 * Same inputs, same prices.
 */
export interface PriceModel {
  readonly label: string;
  /**
   * Prices (cents, possibly with fractions of a cent: the market rounds them for display and trading but keeps the
   * exact value for the next step) for the step after `previous`, the tick number `tickIndex` of the feed's sequence.
   * `previous` maps every symbol to its last exact price in cents; `simulatedSeconds` is the market time since that
   * price (real time × MARKET_TIME_SCALE).
   */
  next(
    previous: ReadonlyMap<string, number>,
    tickIndex: number,
    simulatedSeconds: number,
  ): Promise<Map<string, number>>;
}

/** A model as a feed: always connected, every tick's prices stamped with the tick's time. */
export class ModelFeed implements PriceFeed {
  readonly name = 'simulated' as const;
  private last: Date | null = null;

  constructor(private readonly model: PriceModel) {}

  get label(): string {
    return this.model.label;
  }

  async start(): Promise<void> {}
  async stop(): Promise<void> {}

  status(): FeedStatus {
    return { connected: true, asOf: this.last, error: null, session: null };
  }

  async updates(step: PriceStep): Promise<PriceUpdate[]> {
    const next = await this.model.next(await step.previous(), step.tickIndex, step.simulatedSeconds);
    if (next.size > 0) this.last = step.now;
    return [...next].map(([symbol, cents]) => ({ symbol, cents, asOf: step.now }));
  }

  listing(): undefined {
    return undefined;
  }
}

export const isPriceFeed = (source: PriceFeed | PriceModel): source is PriceFeed => 'updates' in source;
