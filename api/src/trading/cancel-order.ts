import type { OrderResponse } from '@bullpen/contract';
import type { AppDeps } from '../app-deps';
import { requireContest } from '../contests/checks';
import { lockOrder, markOrderCancelled } from '../db/orders';
import type { UserRow } from '../db/users';
import { conflict, forbidden, notFound } from '../lib/errors';
import { isWellFormedId } from '../lib/ids';
import { orderAnswer } from './order-answer';
import { lockParticipant } from './participant';

/** `POST /contest/orders/cancel`: the caller's open order, cancelled under the participant lock. */
export async function cancelOrder(
  deps: Pick<AppDeps, 'db' | 'clock' | 'market'>,
  user: UserRow,
  { contestId, orderId }: { contestId: string; orderId: string },
): Promise<OrderResponse> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const { row: contest } = await requireContest(tx, contestId, null);
    // The same lock as fills take: a cancel and the clock's fill of one order never both happen.
    const participant = await lockParticipant(tx, contest.id, user.id);
    const order = isWellFormedId(orderId) ? await lockOrder(tx, contest.id, orderId) : undefined;
    if (!order) throw notFound('Order not found');
    if (order.userId !== user.id) throw forbidden('This order is not yours');
    if (order.status !== 'open') throw conflict(`Only an open order can be cancelled (this one is ${order.status})`);
    await markOrderCancelled(tx, order.id, now);
    return orderAnswer(tx, contest, participant, order.id, deps.market.pricesOf);
  });
}
