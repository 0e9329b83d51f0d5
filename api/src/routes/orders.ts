import {
  cancelOrderBodySchema,
  orderResponseSchema,
  ordersResponseSchema,
  placeOrderBodySchema,
} from '@bullpen/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cancelOrder } from '../trading/cancel-order';
import { ordersOf } from '../trading/list-orders';
import { placeConditionalOrder } from '../trading/place-conditional-order';
import { contestIdParams, requireActiveUser, requireUser } from './guards';
import { idempotencyKeySchema } from './idempotency-key';
import { API_ROUTES } from '@bullpen/contract/paths';

/**
 * Conditional orders (API.md "Conditional orders"): placed and cancelled here, filled by the clock
 * (clock/order-fills.ts).
 */
export default async function orderRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

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
    async (request) =>
      placeConditionalOrder(deps, requireActiveUser(request), request.body, request.headers['idempotency-key']),
  );

  app.post(
    API_ROUTES.cancelOrder,
    { schema: { tags: ['trading'], body: cancelOrderBodySchema, response: { 200: orderResponseSchema } } },
    async (request) => cancelOrder(deps, requireActiveUser(request), request.body),
  );

  app.get(
    API_ROUTES.contestOrders,
    { schema: { tags: ['trading'], params: contestIdParams, response: { 200: ordersResponseSchema } } },
    async (request) => ({ orders: await ordersOf(deps, requireUser(request), request.params.id) }),
  );
}
