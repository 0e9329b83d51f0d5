import type { Trade } from '@bullpen/contract';
import type { AppDeps } from '../app-deps';
import { marginCallsAt } from '../db/portfolios';
import type { LiveBoard } from './boards';

/**
 * The trades margin calls made at the tick a live board shows, per player (API.md "Short selling"): what each player's
 * event stream sends them as `margin-call`. Only a live contest with short selling can have any, so no other board
 * costs a query.
 */
export async function marginCallsOfTick(deps: Pick<AppDeps, 'db'>, board: LiveBoard): Promise<Map<string, Trade[]>> {
  const asOf = board.row.standingsAsOf;
  if (!board.row.rules?.shortSelling || !asOf || board.status !== 'active') return new Map();
  return marginCallsAt(deps.db, board.contestId, asOf);
}
