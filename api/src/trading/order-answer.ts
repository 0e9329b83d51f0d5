import type { OrderResponse } from '@bullpen/contract';
import type { ContestRow, ParticipantRow } from '../db/contests';
import type { Executor } from '../db/database';
import { loadOrderView } from '../db/orders';
import type { PriceLookup } from '../db/portfolios';
import { ApiError } from '../lib/errors';
import { portfolioAfterOrder } from './participant';

/** What placing or cancelling a conditional order answers: the order as stored and the portfolio after it. */
export async function orderAnswer(
  tx: Executor,
  contest: ContestRow,
  participant: ParticipantRow,
  orderId: string,
  prices: PriceLookup,
): Promise<OrderResponse> {
  const order = await loadOrderView(tx, orderId);
  if (!order) throw new ApiError(500, 'Order was not recorded');
  return { data: { order, portfolio: await portfolioAfterOrder(tx, contest, participant, prices) } };
}
