import type { PriceFeed } from './price-feed';
import type { UniverseEntry } from './universe';

/**
 * Annualised volatility by sector (DESIGN §6: about 15–45 %). A year's worth of moves at these levels gives a day's
 * move of about 1–2.4 % (one standard deviation), so a day rarely moves a stock beyond ±5 %.
 */
export const SECTOR_VOLATILITY: Record<string, number> = {
  Technology: 0.32,
  'Communication Services': 0.3,
  'Consumer Discretionary': 0.3,
  'Health Care': 0.22,
  Financials: 0.25,
  Energy: 0.3,
  'Consumer Staples': 0.16,
  Industrials: 0.24,
  Materials: 0.25,
  Utilities: 0.18,
  'Real Estate': 0.24,
  ETF: 0.16,
};
/** Names known to move more (or less) than their sector; still within 15–45 %. */
export const SYMBOL_VOLATILITY: Record<string, number> = {
  NVDA: 0.45,
  TSLA: 0.45,
  AMD: 0.44,
  ARKK: 0.42,
  MU: 0.4,
  INTC: 0.38,
  UBER: 0.38,
  PYPL: 0.36,
  NFLX: 0.35,
  META: 0.35,
  BA: 0.34,
  XLK: 0.22,
  QQQ: 0.2,
  TLT: 0.15,
  GLD: 0.15,
};
const DEFAULT_VOLATILITY = 0.3;
const ANNUAL_DRIFT = 0.07;
/**
 * Simulated time runs around the clock, so a year is 365.25 days of seconds. One tick moves a price by the GBM step of
 * the simulated time since the last tick: real time × MARKET_TIME_SCALE. Compressing time makes a contest move more in
 * a minute, as a longer stretch of the same market would; the volatility per year never changes.
 */
export const SECONDS_PER_YEAR = 365.25 * 86_400;
const MIN_PRICE_CENTS = 1;

export function volatilityOf(entry: Pick<UniverseEntry, 'symbol' | 'sector'>): number {
  return SYMBOL_VOLATILITY[entry.symbol] ?? SECTOR_VOLATILITY[entry.sector] ?? DEFAULT_VOLATILITY;
}

/** A 32-bit mixing hash (splitmix-style): the same inputs always give the same output. */
function mix(value: number): number {
  let z = (value + 0x9e3779b9) | 0;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return (z ^ (z >>> 16)) >>> 0;
}

function uniform(seed: number, symbolIndex: number, tickIndex: number, draw: number): number {
  const h = mix(mix(mix(mix(seed) ^ symbolIndex) ^ tickIndex) ^ draw);
  return (h + 0.5) / 4_294_967_296;
}

/** A standard normal draw that depends only on (seed, symbol, tick): restarts and replays give the same path. */
export function normalDraw(seed: number, symbolIndex: number, tickIndex: number): number {
  const u1 = uniform(seed, symbolIndex, tickIndex, 1);
  const u2 = uniform(seed, symbolIndex, tickIndex, 2);
  return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
}

/**
 * One geometric Brownian motion step over `dtYears`, in cents, unrounded: the market keeps the exact price so that
 * steps smaller than a cent still add up (a second of a $20 stock moves it by hundredths of a cent).
 */
export function gbmStep(priceCents: number, volatility: number, z: number, dtYears: number): number {
  if (dtYears <= 0) return priceCents;
  const factor = Math.exp(
    (ANNUAL_DRIFT - (volatility * volatility) / 2) * dtYears + volatility * Math.sqrt(dtYears) * z,
  );
  return Math.max(MIN_PRICE_CENTS, priceCents * factor);
}

/** The seeded market simulator of DESIGN §6. */
export class SimulatedPriceFeed implements PriceFeed {
  readonly label = 'Simulated prices';
  private readonly index: Map<string, { position: number; volatility: number }>;

  constructor(
    universe: readonly UniverseEntry[],
    private readonly seed: number,
  ) {
    this.index = new Map(
      universe.map((entry, position) => [entry.symbol, { position, volatility: volatilityOf(entry) }]),
    );
  }

  async next(
    previous: ReadonlyMap<string, number>,
    tickIndex: number,
    simulatedSeconds: number,
  ): Promise<Map<string, number>> {
    const dtYears = Math.max(0, simulatedSeconds) / SECONDS_PER_YEAR;
    const prices = new Map<string, number>();
    for (const [symbol, price] of previous) {
      const meta = this.index.get(symbol);
      if (!meta) {
        prices.set(symbol, price);
        continue;
      }
      prices.set(symbol, gbmStep(price, meta.volatility, normalDraw(this.seed, meta.position, tickIndex), dtYears));
    }
    return prices;
  }
}
