import type { PriceFeed } from './price-feed';
import type { UniverseEntry } from './universe';

/** Annualised volatility by sector: staples and utilities move slowly, technology quickly. */
export const SECTOR_VOLATILITY: Record<string, number> = {
  Technology: 0.38,
  'Communication Services': 0.34,
  'Consumer Discretionary': 0.34,
  'Health Care': 0.24,
  Financials: 0.27,
  Energy: 0.3,
  'Consumer Staples': 0.16,
  Industrials: 0.26,
  Materials: 0.26,
  Utilities: 0.18,
  'Real Estate': 0.25,
  ETF: 0.17,
};
const DEFAULT_VOLATILITY = 0.3;
const ANNUAL_DRIFT = 0.07;
/**
 * Each tick stands for one trading hour, so a contest watched for a few minutes still moves visibly
 * (about 0.5–1% per tick) while staying a plausible market path.
 */
export const TICK_YEARS = 1 / (252 * 6.5);
const MIN_PRICE_CENTS = 1;

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

/** One geometric Brownian motion step, in integer cents. */
export function gbmStep(priceCents: number, volatility: number, z: number, dt = TICK_YEARS): number {
  const factor = Math.exp((ANNUAL_DRIFT - (volatility * volatility) / 2) * dt + volatility * Math.sqrt(dt) * z);
  return Math.max(MIN_PRICE_CENTS, Math.round(priceCents * factor));
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
      universe.map((entry, position) => [
        entry.symbol,
        { position, volatility: SECTOR_VOLATILITY[entry.sector] ?? DEFAULT_VOLATILITY },
      ]),
    );
  }

  async next(previous: ReadonlyMap<string, number>, tickIndex: number): Promise<Map<string, number>> {
    const prices = new Map<string, number>();
    for (const [symbol, price] of previous) {
      const meta = this.index.get(symbol);
      if (!meta) {
        prices.set(symbol, price);
        continue;
      }
      prices.set(symbol, gbmStep(price, meta.volatility, normalDraw(this.seed, meta.position, tickIndex)));
    }
    return prices;
  }
}
