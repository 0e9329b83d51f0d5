// Market orders that wait (API.md "Market orders that wait"): with a delayed feed a market order never fills at a price
// the player has already seen, and with exchange hours one placed while the market is closed waits for the open. One
// rule, used by the API when it places a market order and when the clock fills it, and by the trading ticket, which
// says what will happen before the order is sent. No zod here: the ticket imports it into the page.

export const PENDING_REASONS = {
  delayed: 'Waiting for the delayed price',
  closed: 'Queued for the open',
} as const;

export type PendingReason = (typeof PENDING_REASONS)[keyof typeof PENDING_REASONS];

/** What decides whether a market order fills at once: the feed's delay and the market's hours now. */
export interface MarketNow {
  /** MARKET_DELAY_MINUTES: how far behind the feed's prices run. */
  delayMinutes: number;
  /** Whether the market trades now (always true with MARKET_HOURS=always). */
  open: boolean;
  /** When it next opens (ISO or epoch ms); null while it trades around the clock or the calendar is unknown. */
  nextOpenAt: string | number | Date | null;
}

/**
 * Whether a market order placed at `placedAt` waits, and from when a price counts for it: null when it fills at once
 * (no delay and the market open: the simulator with MARKET_HOURS=always); otherwise the first price stamped at or
 * after `fillAfter` fills it, and `reason` says why it waits. Closed beats delayed: the order waits for the session's
 * first price, which also arrives late on a delayed feed.
 */
export function marketOrderWait(
  placedAt: number,
  market: MarketNow,
): { fillAfter: number; reason: PendingReason } | null {
  if (!market.open) {
    const opens = market.nextOpenAt === null ? Number.NaN : new Date(market.nextOpenAt).getTime();
    return { fillAfter: Number.isFinite(opens) ? Math.max(opens, placedAt) : placedAt, reason: PENDING_REASONS.closed };
  }
  if (market.delayMinutes > 0) return { fillAfter: placedAt, reason: PENDING_REASONS.delayed };
  return null;
}

/** A price with its own time (epoch ms): when the market traded at it, not when the feed delivered it. */
export interface StampedPrice {
  at: number;
  priceCents: number;
}

/**
 * The fairness rule: the price a waiting market order fills at is the first one stamped at or after `fillAfter`,
 * never one stamped before it (a price the player could already have seen). Stamps may come in any order; of two with
 * the same time the first listed wins. Null while no such price has arrived.
 */
export function fairFillPrice<T extends StampedPrice>(stamps: readonly T[], fillAfter: number): T | null {
  let best: T | null = null;
  for (const stamp of stamps) {
    if (stamp.at < fillAfter) continue;
    if (best === null || stamp.at < best.at) best = stamp;
  }
  return best;
}
