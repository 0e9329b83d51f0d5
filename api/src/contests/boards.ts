import type { StandingsPageResponse, standingsPageQuerySchema } from '@bullpen/contract';
import type { z } from 'zod';
import type { AppDeps } from '../app-deps';
import type { UserRow } from '../db/users';
import { badRequest, conflict, notFound } from '../lib/errors';
import { boardResponseJson } from '../live/boards';

/**
 * `GET /contest/active|completed/{id}`: the bounded board (the top rows plus the caller's own) as JSON text, served
 * from the tick's board in memory and assembled from parts serialized once per tick.
 */
export async function boardJson(
  deps: Pick<AppDeps, 'boards'>,
  user: UserRow,
  contestId: string,
  phase: 'active' | 'completed',
): Promise<string> {
  const board = await deps.boards.get(contestId);
  if (!board) throw notFound('Contest not found');
  const { status } = board;
  if (status !== phase)
    throw conflict(
      phase === 'active'
        ? `The contest is not live (it is ${status})`
        : `The contest is not completed (it is ${status})`,
    );
  return boardResponseJson(board, user.id);
}

/** `GET /contest/{id}/standings`: one page of a live or completed board, or the page around the caller's row. */
export async function standingsPage(
  deps: Pick<AppDeps, 'boards'>,
  user: UserRow,
  contestId: string,
  query: z.output<typeof standingsPageQuerySchema>,
): Promise<StandingsPageResponse> {
  const board = await deps.boards.get(contestId);
  if (!board) throw notFound('Contest not found');
  if (board.status !== 'active' && board.status !== 'completed') {
    throw conflict(`The contest is ${board.status}; standings exist once it is live`);
  }
  const { limit, around } = query;
  let { offset } = query;
  if (around === 'me') {
    const index = board.indexOf.get(user.id);
    if (index === undefined) {
      throw badRequest('You are not on this board', [
        { field: 'around', message: 'Only a participant can page around their own row' },
      ]);
    }
    offset = Math.max(0, Math.min(index - Math.floor((limit - 1) / 2), board.total - limit));
  }
  return { standings: board.rows.slice(offset, offset + limit), total: board.total, offset, asOf: board.asOf };
}
