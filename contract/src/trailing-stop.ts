import type { TradeSide } from './models';

// A trailing stop (API.md "Orders") in the integer cents it is placed and moved in: its stop trails the best price since
// it was placed by an amount or a percent. One rule, used by the API when it places the order and moves it each tick,
// and by the trading ticket, which shows the stop the server would place now. No zod here: the ticket imports it.

/**
 * Slack for a percent trail's rounding: 10 % above $1.00 is 110 cents, but 100 × (1 + 0.1) is 110.00000000000001 in
 * floating point; without it the stop would round a whole cent away. Far below a cent, it never moves a stop that is
 * exact. The clock's SQL applies the same slack.
 */
export const TRAIL_ROUNDING_SLACK = 1e-9;

/** A sell or a short guards against a fall: its stop sits below the price. A buy or a cover guards against a rise. */
export const stopsBelowPrice = (side: TradeSide) => side === 'sell' || side === 'short';

/**
 * The stop a trail gives at `priceCents`: below it for a sell or short, above it for a buy or cover, by the amount in
 * cents (never below 0) or else the percent (rounded to a cent away from the price, so the trail is never shortened).
 */
export function trailingStopCents(
  side: TradeSide,
  priceCents: number,
  trailAmountCents: number | null,
  trailPercent: number | null,
): number {
  const below = stopsBelowPrice(side);
  if (trailAmountCents !== null)
    return Math.max(0, below ? priceCents - trailAmountCents : priceCents + trailAmountCents);
  const ratio = (trailPercent ?? 0) / 100;
  return below
    ? Math.floor(priceCents * (1 - ratio) + TRAIL_ROUNDING_SLACK)
    : Math.ceil(priceCents * (1 + ratio) - TRAIL_ROUNDING_SLACK);
}

/** The stop after a tick at `priceCents`: it follows the price one way only, up for a sell or short, down for a buy or cover. */
export function nextTrailingStopCents(
  side: TradeSide,
  currentStopCents: number,
  priceCents: number,
  trailAmountCents: number | null,
  trailPercent: number | null,
): number {
  const candidate = trailingStopCents(side, priceCents, trailAmountCents, trailPercent);
  return stopsBelowPrice(side) ? Math.max(currentStopCents, candidate) : Math.min(currentStopCents, candidate);
}
