import {
  commissionCents,
  type MarketOrderResponse,
  marketOrderWait,
  type OrderResponse,
  type TradeResponse,
  type tradeBodySchema,
} from '@bullpen/contract';
import type { z } from 'zod';
import type { AppDeps } from '../app-deps';
import type { ContestRow } from '../db/contests';
import type { Executor } from '../db/database';
import { requestHashOf, withIdempotency } from '../db/idempotency';
import { setParticipantCash } from '../db/participants';
import { insertTrade, lockPosition, tradeView, writePosition } from '../db/portfolios';
import type { UserRow } from '../db/users';
import { requireContest } from '../contests/checks';
import { acceptsTrades, contestStatus } from '../domain/contest-status';
import { formatDollars } from '../domain/orders';
import { opens } from '../domain/rules';
import { fill } from '../domain/trade';
import { ApiError, conflict, notFound } from '../lib/errors';
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
import { lockParticipant, portfolioAfterOrder } from './participant';
import { placeUnderLock } from './place-conditional-order';

type TradeBody = z.output<typeof tradeBodySchema>;
type Body = Pick<TradeBody, 'symbol' | 'side' | 'quantity'> & { side: NonNullable<TradeBody['side']> };

/**
 * `POST /contest/trading`: one transaction that claims the Idempotency-Key (a retry gets the stored answer, the same
 * key with another order 409), then runs the order: at once at the current price (200, a trade), or, with a delayed
 * feed or while the exchange is closed, as a waiting order (202, API.md "Market orders that wait") that the clock fills
 * at the first price stamped at or after it was placed (or at the open).
 */
export async function placeMarketOrder(
  deps: Pick<AppDeps, 'db' | 'clock' | 'market'>,
  user: UserRow,
  body: TradeBody,
  key: string | undefined,
): Promise<MarketOrderResponse> {
  // timeInForce joins the hash only when given, so a third-release retry hashes as it did.
  const requestHash = requestHashOf([
    body.contestId,
    body.symbol,
    body.side,
    body.quantity,
    ...(body.timeInForce === undefined ? [] : [body.timeInForce]),
  ]);
  const now = deps.clock.now();
  const { session } = deps.market;
  const wait = marketOrderWait(now.getTime(), {
    delayMinutes: session.delayMinutes,
    open: session.isOpen(now),
    nextOpenAt: session.nextOpenAfter(now),
  });
  return deps.db.transaction((tx) =>
    withIdempotency(tx, { userId: user.id, key, requestHash, now }, async (): Promise<MarketOrderResponse> => {
      const { row: contest } = await requireContest(tx, body.contestId, null);
      if (!wait) return executeMarketOrder(tx, deps.market, contest, user.id, body, now);
      return placeWaitingMarketOrder(tx, deps.market, contest, user.id, body, now, wait);
    }),
  );
}

/**
 * A market order that cannot fill at once: placed as an open order of type 'market' (shown as pending, with why it
 * waits), checked and holding back as a limit order at the last price would, under the same participant lock.
 */
async function placeWaitingMarketOrder(
  tx: Executor,
  market: Pick<MarketService, 'isKnown' | 'priceOf' | 'pricesOf' | 'session'>,
  contest: ContestRow,
  userId: string,
  body: Body & { timeInForce?: 'day' | 'gtc' | undefined },
  now: Date,
  wait: { fillAfter: number; reason: string },
): Promise<OrderResponse> {
  const id = await placeUnderLock(
    tx,
    market,
    contest,
    userId,
    {
      symbol: body.symbol,
      side: body.side,
      quantity: body.quantity,
      type: 'market',
      limitPriceCents: null,
      stopPriceCents: null,
      trailAmountCents: null,
      trailPercent: null,
      expiresAt: null,
      timeInForce: body.timeInForce ?? 'gtc',
      fillAfter: new Date(wait.fillAfter),
      reason: wait.reason,
    },
    now,
  );
  const participant = await lockParticipant(tx, contest.id, userId);
  return orderAnswer(tx, contest, participant, id, market.pricesOf);
}

/**
 * A market order (API.md `POST /contest/trading`) at the current price, in the caller's transaction: the participant
 * lock first, then the contest's rules (side allowed, one direction per symbol, buying power with what open orders
 * hold back, the position cap), then the trade, its commission, the holding and the cash.
 */
async function executeMarketOrder(
  tx: Executor,
  market: Pick<MarketService, 'isKnown' | 'priceOf' | 'pricesOf'>,
  contest: ContestRow,
  userId: string,
  body: Body,
  now: Date,
): Promise<TradeResponse> {
  const participant = await lockParticipant(tx, contest.id, userId);
  if (!acceptsTrades(contest, now) || participant.cashCents === null) {
    throw conflict(`Trading is open only while the contest is live (it is ${contestStatus(contest)})`);
  }
  if (!market.isKnown(body.symbol)) throw notFound(`Unknown symbol ${body.symbol}`);
  const priceCents = await market.priceOf(tx, body.symbol);
  if (priceCents === null) throw notFound(`Unknown symbol ${body.symbol}`);
  const held = await lockPosition(tx, contest.id, userId, body.symbol);
  const account = await loadAccount(tx, contest, userId, participant.cashCents, market.pricesOf, body.symbol);
  requireSideAllowed(account.rules, body.side);
  const heldQuantity = held?.quantity ?? 0;
  const reservedShares = account.reserved.shares.get(body.symbol) ?? 0;
  const commission = commissionCents(account.rules, body.quantity);
  const amountCents = body.quantity * priceCents;

  if (opens(body.side)) {
    requireSameDirection(body.side, heldQuantity, body.symbol);
    const free = freeBuyingPowerCents(account);
    if (amountCents + commission > free) {
      if (body.side === 'short' || commission > 0 || account.positions.some((p) => p.quantity < 0)) {
        throw notEnoughBuyingPower(amountCents + commission, free);
      }
      // A long-only contest without commission keeps the second release's words.
      throw conflict(
        account.reserved.cashCents > 0
          ? `Not enough cash for this order: ${formatDollars(account.reserved.cashCents)} is held by your open orders`
          : 'Not enough cash for this order',
        [{ field: 'quantity', message: 'Not enough cash' }],
      );
    }
    requireWithinCap(account, body.symbol, body.side, body.quantity, priceCents, commission);
  } else if (body.side === 'cover') {
    requireSameDirection('cover', heldQuantity, body.symbol);
    if (body.quantity > -heldQuantity - reservedShares) {
      throw conflict(
        reservedShares > 0
          ? `You cannot cover more shares than you are short: ${reservedShares} ${body.symbol} are held by your open orders`
          : 'You cannot cover more shares than you are short',
        [{ field: 'quantity', message: 'Not enough shares' }],
      );
    }
  } else if (body.quantity > Math.max(0, heldQuantity) - reservedShares) {
    throw conflict(
      reservedShares > 0
        ? `You cannot sell more shares than you hold: ${reservedShares} ${body.symbol} are held by your open orders`
        : 'You cannot sell more shares than you hold',
      [{ field: 'quantity', message: 'Not enough shares' }],
    );
  }

  const outcome = fill(held, body.side, body.quantity, priceCents, commission);
  if (!outcome.ok) throw conflict('This order does not apply to what you hold');
  const cashCents = participant.cashCents + outcome.cashDeltaCents;
  await setParticipantCash(tx, contest.id, userId, cashCents);
  await writePosition(tx, contest.id, userId, body.symbol, outcome);
  const trade = await insertTrade(tx, {
    id: newId(),
    contestId: contest.id,
    userId,
    symbol: body.symbol,
    side: body.side,
    quantity: body.quantity,
    priceCents,
    amountCents: outcome.amountCents,
    commissionCents: commission,
    executedAt: now,
    orderId: null,
  });
  if (!trade) throw new ApiError(500, 'Trade was not recorded');
  const portfolio = await portfolioAfterOrder(tx, contest, { ...participant, cashCents }, market.pricesOf);
  return { data: { trade: tradeView(trade), portfolio } };
}
