import { RULE_LIMITS } from './limits';
import { reservedCashCents } from './margin';
import { portfolioSchema, timeInForceSchema, tradeSchema, tradeSideSchema } from './models';
import { idSchema, quantitySchema, symbolSchema } from './requests';
import { tradeResponseSchema } from './responses';
import { z } from './zod';

// Conditional orders (API.md "Conditional orders"): limit, stop and stop-limit orders kept by the server and filled
// by the contest clock. Market orders stay on POST /contest/trading.

export const ORDER_LIMITS = {
  /** Open orders one player may have in one contest; the next is refused (409). */
  openPerPlayer: 50,
  /** Highest limit or stop price, in dollars: keeps quantity × price exact in integer cents. */
  maxPrice: 1_000_000,
} as const;

/** A trailing stop's stop follows the best price since it was placed (API.md "Orders"). What POST /contest/orders places. */
export const conditionalOrderTypeSchema = z.enum(['limit', 'stop', 'stop-limit', 'trailing-stop']);
export type ConditionalOrderType = z.infer<typeof conditionalOrderTypeSchema>;

/** An order's type: a conditional one, or a market order that waits for its price (API.md "Market orders that wait"). */
export const orderTypeSchema = z.enum(['market', ...conditionalOrderTypeSchema.options]);
export type OrderType = z.infer<typeof orderTypeSchema>;

/** `pending`: a market order waiting for the delayed price or the open; it holds back and cancels like an open order. */
export const orderStatusSchema = z.enum(['open', 'pending', 'filled', 'cancelled', 'expired', 'rejected']);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

/** Whether an order still works (holds back, can be cancelled): open, or a market order pending its price. */
export const isWorkingOrder = (order: { status: OrderStatus }) => order.status === 'open' || order.status === 'pending';

export const orderSchema = z.object({
  _id: z.string(),
  contestId: z.string(),
  symbol: z.string(),
  side: tradeSideSchema,
  quantity: z.number().int(),
  type: orderTypeSchema,
  limitPrice: z.number().nullable(),
  stopPrice: z.number().nullable(),
  status: orderStatusSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The trade that filled it. */
  fill: tradeSchema.nullable(),
  /** Why it was rejected or expired, in words a player understands. */
  reason: z.string().nullable(),
  /** A trailing stop's trail, in dollars or percent (exactly one is set); null for other types. Always sent. */
  trailAmount: z.number().nullable().optional(),
  trailPercent: z.number().nullable().optional(),
  /** Good until then (the contest's end unless the player chose earlier, or a day order's session close). Always sent. */
  expiresAt: z.string().optional(),
  /** Always sent by a fourth-release server; absent from older answers, where it was gtc. */
  timeInForce: timeInForceSchema.optional(),
});
export type Order = z.infer<typeof orderSchema>;

/** Which prices each order type needs: exactly these, no others. */
export const ORDER_PRICES: Record<ConditionalOrderType, { limitPrice: boolean; stopPrice: boolean }> = {
  limit: { limitPrice: true, stopPrice: false },
  stop: { limitPrice: false, stopPrice: true },
  'stop-limit': { limitPrice: true, stopPrice: true },
  // Its stop is computed from the price and the trail, never given.
  'trailing-stop': { limitPrice: false, stopPrice: false },
};

const dollars = (cents: number) =>
  `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/**
 * Which way a stop works (API.md "Corrections found in use"): a sell or short stop triggers when the price falls to
 * it, so it must be below the price now; a buy or cover stop when the price rises to it, so above. A stop already
 * crossed would fill at the next tick, at whatever price: the words say which way to set it, or null when it is set
 * right. Cents in, as the server and the ticket both hold prices.
 */
export function stopSideProblem(
  side: z.infer<typeof tradeSideSchema>,
  stopCents: number,
  priceCents: number,
): string | null {
  const falls = side === 'sell' || side === 'short';
  if (falls ? stopCents < priceCents : stopCents > priceCents) return null;
  return falls
    ? `A ${side} stop triggers when the price falls to it: set it below the current price (${dollars(priceCents)})`
    : `A ${side} stop triggers when the price rises to it: set it above the current price (${dollars(priceCents)})`;
}

/** A whole number of cents: 187.2 and 187.25 pass, 187.255 does not (the float error of a decimal is tolerated). */
export const hasAtMostTwoDecimals = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;

const priceSchema = (label: string) =>
  z
    .number(`${label}: enter a price in dollars`)
    .refine(Number.isFinite, `${label}: enter a price in dollars`)
    .refine((value) => value > 0, `${label}: must be more than $0`)
    .refine(
      (value) => value <= ORDER_LIMITS.maxPrice,
      `${label}: at most $${ORDER_LIMITS.maxPrice.toLocaleString('en-US')}`,
    )
    .refine(hasAtMostTwoDecimals, `${label}: whole cents only (at most 2 decimals)`);

export const placeOrderBodySchema = z
  .strictObject({
    contestId: idSchema,
    symbol: symbolSchema,
    side: tradeSideSchema,
    quantity: quantitySchema,
    type: conditionalOrderTypeSchema,
    limitPrice: priceSchema('Limit price').optional(),
    stopPrice: priceSchema('Stop price').optional(),
    trailAmount: priceSchema('Trail amount').optional(),
    trailPercent: z
      .number('Trail percent: enter a percentage')
      .refine((value) => value > 0, 'Trail percent: more than 0%')
      .refine(
        (value) => value <= RULE_LIMITS.trailPercent.max,
        `Trail percent: at most ${RULE_LIMITS.trailPercent.max}%`,
      )
      .refine(hasAtMostTwoDecimals, 'Trail percent: at most 2 decimals')
      .optional(),
    expiresAt: z.iso.datetime({ offset: true, message: 'Good until: enter a date and time' }).optional(),
    timeInForce: timeInForceSchema.optional(),
  })
  .superRefine((body, ctx) => {
    const trailing = body.type === 'trailing-stop';
    const trails = (body.trailAmount === undefined ? 0 : 1) + (body.trailPercent === undefined ? 0 : 1);
    if (trailing && trails !== 1) {
      ctx.addIssue({
        code: 'custom',
        path: ['trailAmount'],
        message: 'Trail: give exactly one of an amount or a percent',
      });
    }
    if (!trailing && trails > 0) {
      ctx.addIssue({ code: 'custom', path: ['trailAmount'], message: `Trail: a ${body.type} order has none` });
    }
    const needs = ORDER_PRICES[body.type];
    if (!needs) return;
    for (const field of ['limitPrice', 'stopPrice'] as const) {
      const label = field === 'limitPrice' ? 'Limit price' : 'Stop price';
      if (needs[field] && body[field] === undefined) {
        ctx.addIssue({ code: 'custom', path: [field], message: `${label}: required for a ${body.type} order` });
      }
      if (!needs[field] && body[field] !== undefined) {
        ctx.addIssue({ code: 'custom', path: [field], message: `${label}: a ${body.type} order has none` });
      }
    }
  });
export type PlaceOrderBody = z.input<typeof placeOrderBodySchema>;

export const cancelOrderBodySchema = z.strictObject({ contestId: idSchema, orderId: idSchema });
export type CancelOrderBody = z.input<typeof cancelOrderBodySchema>;

export const orderResponseSchema = z.object({ data: z.object({ order: orderSchema, portfolio: portfolioSchema }) });
export type OrderResponse = z.infer<typeof orderResponseSchema>;

/**
 * `POST /contest/trading`: 200 with the trade when the order filled at once, 202 with the waiting order
 * (`type: 'market'`, `status: 'pending'`) when it waits for the delayed price or the open.
 */
export const marketOrderResponseSchema = z.union([tradeResponseSchema, orderResponseSchema]);
export type MarketOrderResponse = z.infer<typeof marketOrderResponseSchema>;

/** The 202 answer: the order waits. */
export const isPendingAnswer = (answer: MarketOrderResponse): answer is OrderResponse => 'order' in answer.data;

export const ordersResponseSchema = z.object({ orders: z.array(orderSchema) });
export type OrdersResponse = z.infer<typeof ordersResponseSchema>;

/**
 * What an order holds back while it is open: a buy reserves quantity × (limitPrice ?? stopPrice) of cash, a short 150 %
 * of that (margin.ts), a sell the shares. In cents, so client and server count the same.
 */
export function orderReservation(order: {
  side: 'buy' | 'sell' | 'short' | 'cover';
  quantity: number;
  limitPrice?: number | null;
  stopPrice?: number | null;
}): { cashCents: number; shares: number } {
  if (order.side === 'sell') return { cashCents: 0, shares: order.quantity };
  const priceCents = Math.round((order.limitPrice ?? order.stopPrice ?? 0) * 100);
  // A cover holds back its cash and the short shares it buys back.
  const cashCents = reservedCashCents(order.side, order.quantity, priceCents);
  return { cashCents, shares: order.side === 'cover' ? order.quantity : 0 };
}
