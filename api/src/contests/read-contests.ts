import type {
  Contest,
  ContestWithResult,
  UpcomingContestsResponse,
  upcomingContestsQuerySchema,
} from '@bullpen/contract';
import type { z } from 'zod';
import type { AppDeps } from '../app-deps';
import { contestView, decodeUpcomingCursor, listUpcoming, listWithResults } from '../db/contests';
import type { UserRow } from '../db/users';
import { badRequest } from '../lib/errors';
import { requireContest } from './checks';

/** `POST /contest/get-contest`: any contest by id; `joined` only for a signed-in viewer. */
export async function getContest(
  deps: Pick<AppDeps, 'db'>,
  viewer: UserRow | null,
  contestId: string,
): Promise<Contest> {
  const { row, creatorTicker, participant } = await requireContest(deps.db, contestId, viewer?.id ?? null);
  return contestView(row, creatorTicker, viewer ? participant !== null : undefined);
}

/** `GET /contest/upcoming`: one page of the upcoming contests the caller may see; 400 for a cursor not of this list. */
export async function upcomingContests(
  deps: Pick<AppDeps, 'db'>,
  user: UserRow,
  { limit, cursor }: z.output<typeof upcomingContestsQuerySchema>,
): Promise<UpcomingContestsResponse> {
  const after = cursor === undefined ? null : decodeUpcomingCursor(cursor);
  if (cursor !== undefined && !after) {
    throw badRequest('Validation failed', [{ field: 'cursor', message: 'Not a cursor of this list' }]);
  }
  return listUpcoming(deps.db, user.id, { limit, after });
}

/** `GET /contest/active` and `GET /contest/completed`: the caller's live or completed contests (joined or created), with
 *  the caller's rank and return. */
export async function contestsWithResults(
  deps: Pick<AppDeps, 'db'>,
  user: UserRow,
  phase: 'active' | 'completed',
): Promise<ContestWithResult[]> {
  return listWithResults(deps.db, user.id, phase);
}
