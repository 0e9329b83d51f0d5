import {
  cancelOrderBodySchema,
  type OrderResponse,
  orderResponseSchema,
  ordersResponseSchema,
  placeOrderBodySchema,
} from '@bullpen/contract';
import { API_ROUTES } from '@bullpen/contract/paths';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ContestRow, ParticipantRow } from '../db/contests';
import type { Executor } from '../db/database';
import { idempotencyKeySchema, requestHashOf, withIdempotency } from '../db/idempotency';
import { listOrders, loadOrderView } from '../db/orders';
import { portfolioOf } from '../db/portfolios';
import { orders } from '../db/schema';
import { ApiError, conflict, forbidden, notFound } from '../lib/errors';
import { isWellFormedId } from '../lib/ids';
import { parseOrder, placeConditionalOrder } from '../trading/conditional-order';
import { EMPTY_PORTFOLIO, lockParticipant } from '../trading/participant';
import { contestIdParams, requireActiveUser, requireContest, requireUser } from './guards';

/**
 * Conditional orders (API.md "Conditional orders"): placed and cancelled here, filled by the clock
 * (clock/order-fills.ts). Every change locks the participant row first, as market orders and fills do, so what an order
 * reserves is always checked against the cash and shares that are really free.
 */
export default async function orderRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

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
      data: { order, portfolio: portfolio ?? EMPTY_PORTFOLIO },
    };
  }

  app.post(
    API_ROUTES.placeOrder,
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
      const order = parseOrder(body);
      // 'order' keeps a key used for a market order from matching a conditional order with the same fields. The
      // fields the third release added join the hash only when given, so a second-release retry hashes as it did.
      const added = [order.trailAmountCents, order.trailPercent, order.expiresAt?.toISOString() ?? null];
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
          const id = await placeConditionalOrder(tx, deps.market, contest, user.id, order, now);
          const participant = await lockParticipant(tx, contest.id, user.id);
          return answer(tx, contest, participant, id);
        }),
      );
    },
  );

  app.post(
    API_ROUTES.cancelOrder,
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
    API_ROUTES.contestOrders,
    { schema: { tags: ['trading'], params: contestIdParams, response: { 200: ordersResponseSchema } } },
    async (request) => {
      const user = requireUser(request);
      const { row, participant } = await requireContest(deps.db, request.params.id, user.id);
      if (!participant) throw forbidden('You have not joined this contest');
      return { orders: await listOrders(deps.db, row.id, user.id) };
    },
  );
}
