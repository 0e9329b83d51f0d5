import { createCipheriv, createHmac, createSecretKey, type KeyObject } from 'node:crypto';
import type { PriceModel } from './price-feed';
import type { UniverseEntry } from './universe';

/**
 * Annualised volatility by sector (DESIGN §6: about 15–45 %). A year's worth of moves at these levels gives a day's
 * move of about 1–2.4 % (one standard deviation), so a day rarely moves a stock beyond ±5 %.
 */
const SECTOR_VOLATILITY: Record<string, number> = {
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
const SYMBOL_VOLATILITY: Record<string, number> = {
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

/**
 * The market's secret: MARKET_SEED for a repeatable market (tests, demos), otherwise a random secret kept with the
 * database (db/server-secrets.ts).
 */
export type MarketSeed = number | string;

let cachedKey: { seed: MarketSeed; key: KeyObject } | null = null;

function keyOf(seed: MarketSeed): KeyObject {
  if (cachedKey?.seed !== seed) {
    cachedKey = { seed, key: createSecretKey(Buffer.from(typeof seed === 'number' ? `market-seed:${seed}` : seed)) };
  }
  return cachedKey.key;
}

/** Symbols whose draws one keystream block holds; each draw takes 12 bytes (two 48-bit uniforms). */
const BLOCK_SYMBOLS = 128;
const DRAW_BYTES = 12;
const TWO_48 = 2 ** 48;
let cachedBlock: { seed: MarketSeed; tickIndex: number; block: number; bytes: Buffer } | null = null;

/**
 * The keystream of one tick and block of symbols: AES-256-CTR under a key HMAC-SHA-256 derives from the seed and the
 * tick. A tick's draws for every symbol come from one block, so a tick costs one HMAC and one cipher call.
 */
function drawBytes(seed: MarketSeed, symbolIndex: number, tickIndex: number): Buffer {
  const block = Math.floor(symbolIndex / BLOCK_SYMBOLS);
  if (cachedBlock?.seed !== seed || cachedBlock.tickIndex !== tickIndex || cachedBlock.block !== block) {
    const tickKey = createHmac('sha256', keyOf(seed)).update(`tick:${tickIndex}`).digest();
    const counter = Buffer.alloc(16);
    counter.writeUInt32BE(block * ((BLOCK_SYMBOLS * DRAW_BYTES) / 16), 12);
    const cipher = createCipheriv('aes-256-ctr', tickKey, counter);
    const bytes = cipher.update(Buffer.alloc(BLOCK_SYMBOLS * DRAW_BYTES));
    cachedBlock = { seed, tickIndex, block, bytes };
  }
  const offset = (symbolIndex % BLOCK_SYMBOLS) * DRAW_BYTES;
  return cachedBlock.bytes.subarray(offset, offset + DRAW_BYTES);
}

/**
 * A standard normal draw that depends only on (seed, symbol, tick), so restarts and replays give the same path. The
 * uniforms behind it are a keyed pseudorandom function of the seed (HMAC-SHA-256, then AES-CTR): without the seed,
 * prices seen so far say nothing about the next draw (a plain mixing hash of a small seed could be inverted from one
 * observed tick, and every next move called).
 */
export function normalDraw(seed: MarketSeed, symbolIndex: number, tickIndex: number): number {
  const bytes = drawBytes(seed, symbolIndex, tickIndex);
  const u1 = (bytes.readUIntBE(0, 6) + 0.5) / TWO_48;
  const u2 = (bytes.readUIntBE(6, 6) + 0.5) / TWO_48;
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
export class SimulatedPriceFeed implements PriceModel {
  readonly label = 'Simulated prices';
  private readonly index: Map<string, { position: number; volatility: number }>;

  constructor(
    universe: readonly UniverseEntry[],
    private readonly seed: MarketSeed,
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
