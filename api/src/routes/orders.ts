import {
  cancelOrderBodySchema,
  ORDER_LIMITS,
  type OrderResponse,
  orderResponseSchema,
  ordersResponseSchema,
  placeOrderBodySchema,
} from '@bullpen/shared/schemas';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ContestRow, ParticipantRow } from '../db/contests';
import type { Executor } from '../db/database';
import { idempotencyKeySchema, requestHashOf, withIdempotency } from '../db/idempotency';
import { countOpenOrders, listOrders, loadOrderView } from '../db/orders';
import { reservationsOf } from '../db/reservations';
import { lockPosition, portfolioOf } from '../db/portfolios';
import { orders, participants } from '../db/schema';
import { acceptsTrades, contestStatus } from '../domain/contest-status';
import { toCents } from '../domain/money';
import { formatDollars, reservationOf } from '../domain/orders';
import { ApiError, conflict, forbidden, notFound } from '../lib/errors';
import { isWellFormedId, newId } from '../lib/ids';
import { contestIdParams, requireActiveUser, requireContest, requireUser } from './guards';

/**
 * Conditional orders (API.md "Conditional orders"): placed and cancelled here, filled by the clock
 * (clock/order-fills.ts). Every change locks the participant row first, as market orders and fills do, so what an order
 * reserves is always checked against the cash and shares that are really free.
 */
export default async function orderRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  async function lockParticipant(tx: Executor, contestId: string, userId: string): Promise<ParticipantRow> {
    const [participant] = await tx
      .select()
      .from(participants)
      .where(and(eq(participants.contestId, contestId), eq(participants.userId, userId)))
      .for('update');
    if (!participant) throw forbidden('You have not joined this contest');
    return participant;
  }

  async function answer(
    tx: Executor,
    contest: ContestRow,
    participant: ParticipantRow,
    orderId: string,
  ): Promise<OrderResponse> {
    const order = await loadOrderView(tx, orderId);
    if (!order) throw new ApiError(500, 'Order was not recorded');
    const portfolio = await portfolioOf(tx, contest, participant, deps.market.pricesOf);
    return {
      data: { order, portfolio: portfolio ?? { cash: 0, reservedCash: 0, positions: [], value: 0, returnPct: 0 } },
    };
  }

  app.post(
    '/contest/orders',
    {
      schema: {
        tags: ['trading'],
        body: placeOrderBodySchema,
        headers: z.looseObject({ 'idempotency-key': idempotencyKeySchema.optional() }),
        response: { 200: orderResponseSchema },
      },
    },
    async (request) => {
      const user = requireActiveUser(request);
      const body = request.body;
      const key = request.headers['idempotency-key'];
      const limitPriceCents = body.limitPrice === undefined ? null : toCents(body.limitPrice);
      const stopPriceCents = body.stopPrice === undefined ? null : toCents(body.stopPrice);
      // 'order' keeps a key used for a market order from matching a conditional order with the same fields.
      const requestHash = requestHashOf([
        'order',
        body.contestId,
        body.symbol,
        body.side,
        body.quantity,
        body.type,
        limitPriceCents,
        stopPriceCents,
      ]);
      const now = deps.clock.now();

      return deps.db.transaction((tx) =>
        withIdempotency(tx, { userId: user.id, key, requestHash, now }, async (): Promise<OrderResponse> => {
          const { row: contest } = await requireContest(tx, body.contestId, null);
          const participant = await lockParticipant(tx, contest.id, user.id);
          if (!acceptsTrades(contest, now) || participant.cashCents === null) {
            throw conflict(`Orders can be placed only while the contest is live (it is ${contestStatus(contest)})`);
          }
          if (!deps.market.isKnown(body.symbol)) throw notFound(`Unknown symbol ${body.symbol}`);
          const open = await countOpenOrders(tx, contest.id, user.id);
          if (open >= ORDER_LIMITS.openPerPlayer) {
            throw conflict(
              `You already have ${ORDER_LIMITS.openPerPlayer} open orders in this contest: cancel one first`,
            );
          }
          const reserved = await reservationsOf(tx, contest.id, user.id);
          const wanted = reservationOf({ side: body.side, quantity: body.quantity, limitPriceCents, stopPriceCents });
          if (body.side === 'buy') {
            const free = participant.cashCents - reserved.cashCents;
            if (wanted.cashCents > free) {
              throw conflict(
                `Not enough cash for this order: it reserves ${formatDollars(wanted.cashCents)} and ${formatDollars(Math.max(0, free))} is free`,
                [{ field: 'quantity', message: 'Not enough cash' }],
              );
            }
          } else {
            const held = await lockPosition(tx, contest.id, user.id, body.symbol);
            const free = (held?.quantity ?? 0) - (reserved.shares.get(body.symbol) ?? 0);
            if (wanted.shares > free) {
              throw conflict(
                `You cannot sell more shares than you hold: ${Math.max(0, free)} ${body.symbol} are free to sell`,
                [{ field: 'quantity', message: 'Not enough shares' }],
              );
            }
          }
          const id = newId();
          await tx.insert(orders).values({
            id,
            contestId: contest.id,
            userId: user.id,
            symbol: body.symbol,
            side: body.side,
            quantity: body.quantity,
            type: body.type,
            limitPriceCents,
            stopPriceCents,
            status: 'open',
            createdAt: now,
            updatedAt: now,
          });
          return answer(tx, contest, participant, id);
        }),
      );
    },
  );

  app.post(
    '/contest/orders/cancel',
    { schema: { tags: ['trading'], body: cancelOrderBodySchema, response: { 200: orderResponseSchema } } },
    async (request) => {
      const user = requireActiveUser(request);
      const { contestId, orderId } = request.body;
      const now = deps.clock.now();
      return deps.db.transaction(async (tx): Promise<OrderResponse> => {
        const { row: contest } = await requireContest(tx, contestId, null);
        // The same lock as fills take: a cancel and the clock's fill of one order never both happen.
        const participant = await lockParticipant(tx, contest.id, user.id);
        const [order] = isWellFormedId(orderId)
          ? await tx
              .select()
              .from(orders)
              .where(and(eq(orders.id, orderId), eq(orders.contestId, contest.id)))
              .for('update')
          : [];
        if (!order) throw notFound('Order not found');
        if (order.userId !== user.id) throw forbidden('This order is not yours');
        if (order.status !== 'open')
          throw conflict(`Only an open order can be cancelled (this one is ${order.status})`);
        await tx.update(orders).set({ status: 'cancelled', updatedAt: now }).where(eq(orders.id, order.id));
        return answer(tx, contest, participant, order.id);
      });
    },
  );

  app.get(
    '/contest/:id/orders',
    { schema: { tags: ['trading'], params: contestIdParams, response: { 200: ordersResponseSchema } } },
    async (request) => {
      const user = requireUser(request);
      const { row, participant } = await requireContest(deps.db, request.params.id, user.id);
      if (!participant) throw forbidden('You have not joined this contest');
      return { orders: await listOrders(deps.db, row.id, user.id) };
    },
  );
}
