import type { LiveContest } from '@bullpen/contract';
import type { AppDeps } from '../app-deps';
import { listLivePublic } from '../db/results';
import type { UserRow } from '../db/users';

/** `GET /contest/live-public`: public live contests, most players first, each with its leader; `joined` for the caller. */
export async function livePublic(deps: Pick<AppDeps, 'db'>, user: UserRow): Promise<LiveContest[]> {
  return listLivePublic(deps.db, user.id);
}
