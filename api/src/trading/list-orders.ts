import type { Order } from '@bullpen/contract';
import type { AppDeps } from '../app-deps';
import { requireContest } from '../contests/checks';
import { listOrders } from '../db/orders';
import type { UserRow } from '../db/users';
import { forbidden } from '../lib/errors';

/** `GET /contest/{id}/orders`: the participant's own orders in one contest. */
export async function ordersOf(deps: Pick<AppDeps, 'db'>, user: UserRow, contestId: string): Promise<Order[]> {
  const { row, participant } = await requireContest(deps.db, contestId, user.id);
  if (!participant) throw forbidden('You have not joined this contest');
  return listOrders(deps.db, row.id, user.id);
}
