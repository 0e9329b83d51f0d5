import type { PriceUpdate } from '../price-feed';

/** The fields of a snapshot ticker the feed reads (GET /v2/snapshot/locale/us/markets/stocks/tickers). */
export interface SnapshotTicker {
  ticker?: string;
  updated?: number;
  lastTrade?: { p?: number; t?: number } | null;
  min?: { c?: number } | null;
  prevDay?: { c?: number } | null;
}

const positive = (value: number | undefined): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0;

/** Nanoseconds since the epoch (the snapshot's unit) to a date; anything else is no time at all. */
const fromNanoseconds = (value: number | undefined): Date | null =>
  positive(value) ? new Date(Math.floor(value / 1_000_000)) : null;

/**
 * A snapshot ticker as a price: the last trade, else the last minute's close, else the previous day's close (a symbol
 * that has not traded today), as of `updated` or the last trade's time; a price with no time of its own (a previous
 * close alone) is as of `readAt`, when the snapshot was read. No price: nothing (never invented).
 */
export function snapshotPrice(ticker: SnapshotTicker, readAt: Date): PriceUpdate | null {
  if (!ticker.ticker) return null;
  const price = [ticker.lastTrade?.p, ticker.min?.c, ticker.prevDay?.c].find(positive);
  if (price === undefined) return null;
  const asOf = fromNanoseconds(ticker.updated) ?? fromNanoseconds(ticker.lastTrade?.t ?? undefined) ?? readAt;
  const previousClose = ticker.prevDay?.c;
  return {
    symbol: ticker.ticker,
    cents: price * 100,
    asOf,
    ...(positive(previousClose) ? { previousCloseCents: previousClose * 100 } : {}),
  };
}
