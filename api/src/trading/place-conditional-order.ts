import {
  commissionCents,
  ORDER_LIMITS,
  type OrderResponse,
  type PlaceOrderBody,
  type placeOrderBodySchema,
  reservedCashCents,
  stopSideProblem,
  type TimeInForce,
  trailingStopCents,
} from '@bullpen/contract';
import type { z } from 'zod';
import type { AppDeps } from '../app-deps';
import { requireContest } from '../contests/checks';
import type { ContestRow } from '../db/contests';
import type { Executor } from '../db/database';
import { requestHashOf, withIdempotency } from '../db/idempotency';
import { countOpenOrders, insertOrder } from '../db/orders';
import { lockPosition, type PriceLookup } from '../db/portfolios';
import type { UserRow } from '../db/users';
import { acceptsTrades, contestStatus } from '../domain/contest-status';
import { toCents } from '../domain/money';
import { formatDollars } from '../domain/orders';
import { opens } from '../domain/rules';
import type { TradeSide } from '../domain/trade';
import { badRequest, conflict, notFound } from '../lib/errors';
import { newId } from '../lib/ids';
import type { MarketService } from '../market/market-service';
import {
  freeBuyingPowerCents,
  loadAccount,
  notEnoughBuyingPower,
  requireSameDirection,
  requireSideAllowed,
  requireWithinCap,
} from './account';
import { orderAnswer } from './order-answer';
import { lockParticipant } from './participant';

export interface ParsedOrder {
  symbol: string;
  side: TradeSide;
  quantity: number;
  /** 'market': a market order that waits for its price (place-market-order.ts). */
  type: PlaceOrderBody['type'] | 'market';
  limitPriceCents: number | null;
  stopPriceCents: number | null;
  trailAmountCents: number | null;
  trailPercent: number | null;
  expiresAt: Date | null;
  timeInForce: TimeInForce;
  /** A waiting market order: the first price stamped at or after this fills it. */
  fillAfter?: Date;
  /** Why it waits, when it is a market order: "Waiting for the delayed price" or "Queued for the open". */
  reason?: string;
}

function parseOrder(body: {
  symbol: string;
  side: TradeSide;
  quantity: number;
  type: PlaceOrderBody['type'];
  limitPrice?: number | undefined;
  stopPrice?: number | undefined;
  trailAmount?: number | undefined;
  trailPercent?: number | undefined;
  expiresAt?: string | undefined;
  timeInForce?: TimeInForce | undefined;
}): ParsedOrder {
  return {
    symbol: body.symbol,
    side: body.side,
    quantity: body.quantity,
    type: body.type,
    limitPriceCents: body.limitPrice === undefined ? null : toCents(body.limitPrice),
    stopPriceCents: body.stopPrice === undefined ? null : toCents(body.stopPrice),
    trailAmountCents: body.trailAmount === undefined ? null : toCents(body.trailAmount),
    trailPercent: body.trailPercent ?? null,
    expiresAt: body.expiresAt === undefined ? null : new Date(body.expiresAt),
    timeInForce: body.timeInForce ?? 'gtc',
  };
}

/**
 * `POST /contest/orders`: one transaction that claims the Idempotency-Key (the same table as market orders), places
 * the order and answers it with the portfolio after it.
 */
export async function placeConditionalOrder(
  deps: Pick<AppDeps, 'db' | 'clock' | 'market'>,
  user: UserRow,
  body: z.output<typeof placeOrderBodySchema>,
  key: string | undefined,
): Promise<OrderResponse> {
  const order = parseOrder(body);
  // 'order' keeps a key used for a market order from matching a conditional order with the same fields. The
  // fields the third release added join the hash only when given, so a second-release retry hashes as it did.
  const added = [
    order.trailAmountCents,
    order.trailPercent,
    order.expiresAt?.toISOString() ?? null,
    ...(body.timeInForce === undefined ? [] : [body.timeInForce]),
  ];
  const requestHash = requestHashOf([
    'order',
    body.contestId,
    body.symbol,
    body.side,
    body.quantity,
    body.type,
    order.limitPriceCents,
    order.stopPriceCents,
    ...(added.some((value) => value !== null) ? added : []),
  ]);
  const now = deps.clock.now();
  return deps.db.transaction((tx) =>
    withIdempotency(tx, { userId: user.id, key, requestHash, now }, async (): Promise<OrderResponse> => {
      const { row: contest } = await requireContest(tx, body.contestId, null);
      const id = await placeUnderLock(tx, deps.market, contest, user.id, order, now);
      const participant = await lockParticipant(tx, contest.id, user.id);
      return orderAnswer(tx, contest, participant, id, deps.market.pricesOf);
    }),
  );
}

/**
 * Places a conditional order (API.md "Conditional orders", "Orders") under the participant lock: the contest's rules
 * as for a market order, at the order's price (limit, else stop; a trailing stop's first stop), and what it reserves
 * checked against what is free. Returns the new order's id.
 */
export async function placeUnderLock(
  tx: Executor,
  market: Pick<MarketService, 'isKnown' | 'priceOf' | 'pricesOf' | 'session'>,
  contest: ContestRow,
  userId: string,
  order: ParsedOrder,
  now: Date,
): Promise<string> {
  const participant = await lockParticipant(tx, contest.id, userId);
  if (!acceptsTrades(contest, now) || participant.cashCents === null) {
    throw conflict(
      order.type === 'market'
        ? `Trading is open only while the contest is live (it is ${contestStatus(contest)})`
        : `Orders can be placed only while the contest is live (it is ${contestStatus(contest)})`,
    );
  }
  if (!market.isKnown(order.symbol)) throw notFound(`Unknown symbol ${order.symbol}`);
  const open = await countOpenOrders(tx, contest.id, userId);
  if (open >= ORDER_LIMITS.openPerPlayer) {
    throw conflict(`You already have ${ORDER_LIMITS.openPerPlayer} open orders in this contest: cancel one first`);
  }
  if (order.expiresAt && order.expiresAt <= now) {
    throw badRequest('Validation failed', [{ field: 'expiresAt', message: 'Good until: a time in the future' }]);
  }
  let expiresAt = order.expiresAt && order.expiresAt < contest.endsAt ? order.expiresAt : contest.endsAt;
  // A day order ends with its session too (none with MARKET_HOURS=always: it lasts as a good-till-cancelled one).
  const dayEnds = order.timeInForce === 'day' ? market.session.dayOrderEnds(now) : null;
  if (dayEnds && dayEnds < expiresAt) expiresAt = dayEnds;
  let stopPriceCents = order.stopPriceCents;
  if ((order.type === 'stop' || order.type === 'stop-limit') && stopPriceCents !== null) {
    const priceCents = await market.priceOf(tx, order.symbol);
    if (priceCents === null) throw notFound(`Unknown symbol ${order.symbol}`);
    const problem = stopSideProblem(order.side, stopPriceCents, priceCents);
    if (problem) throw conflict(problem, [{ field: 'stopPrice', message: problem }]);
  }
  if (order.type === 'trailing-stop') {
    const priceCents = await market.priceOf(tx, order.symbol);
    if (priceCents === null) throw notFound(`Unknown symbol ${order.symbol}`);
    stopPriceCents = trailingStopCents(order.side, priceCents, order.trailAmountCents, order.trailPercent);
  }
  const account = await loadAccount(
    tx,
    contest,
    userId,
    participant.cashCents,
    market.pricesOf as PriceLookup,
    order.symbol,
  );
  requireSideAllowed(account.rules, order.side);
  const held = await lockPosition(tx, contest.id, userId, order.symbol);
  const heldQuantity = held?.quantity ?? 0;
  let reservePriceCents: number | null = null;
  if (order.type === 'market') {
    // It holds back as a limit at the last price would; the fill checks again at the price it fills at.
    reservePriceCents = await market.priceOf(tx, order.symbol);
    if (reservePriceCents === null) throw notFound(`Unknown symbol ${order.symbol}`);
  }
  const priceCents = order.limitPriceCents ?? stopPriceCents ?? reservePriceCents ?? 0;
  if (order.side === 'sell') {
    const free = heldQuantity - (account.reserved.shares.get(order.symbol) ?? 0);
    if (order.quantity > free) {
      throw conflict(
        `You cannot sell more shares than you hold: ${Math.max(0, free)} ${order.symbol} are free to sell`,
        [{ field: 'quantity', message: 'Not enough shares' }],
      );
    }
  } else {
    requireSameDirection(order.side, heldQuantity, order.symbol);
    if (order.side === 'cover') {
      const free = -heldQuantity - (account.reserved.shares.get(order.symbol) ?? 0);
      if (order.quantity > free) {
        throw conflict(
          `You cannot cover more shares than you are short: ${Math.max(0, free)} ${order.symbol} are free to cover`,
          [{ field: 'quantity', message: 'Not enough shares' }],
        );
      }
    }
    const wanted = reservedCashCents(order.side, order.quantity, priceCents);
    const commission = commissionCents(account.rules, order.quantity);
    const free = freeBuyingPowerCents(account);
    const longOnly = !account.rules.shortSelling && commission === 0;
    if (longOnly && wanted > free) {
      // A long-only contest without commission keeps the second release's words.
      throw conflict(
        `Not enough cash for this order: it reserves ${formatDollars(wanted)} and ${formatDollars(Math.max(0, free))} is free`,
        [{ field: 'quantity', message: 'Not enough cash' }],
      );
    }
    if (!longOnly && wanted + commission > free) throw notEnoughBuyingPower(wanted + commission, free);
    if (opens(order.side)) requireWithinCap(account, order.symbol, order.side, order.quantity, priceCents, commission);
  }
  const id = newId();
  await insertOrder(tx, {
    id,
    contestId: contest.id,
    userId,
    symbol: order.symbol,
    side: order.side,
    quantity: order.quantity,
    type: order.type,
    limitPriceCents: order.limitPriceCents,
    stopPriceCents,
    trailAmountCents: order.trailAmountCents,
    trailPercent: order.trailPercent,
    expiresAt,
    timeInForce: order.timeInForce,
    reservePriceCents,
    fillAfter: order.fillAfter ?? null,
    reason: order.reason ?? null,
    status: 'open',
    createdAt: now,
    updatedAt: now,
  });
  return id;
}
