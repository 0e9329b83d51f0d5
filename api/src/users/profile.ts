import type { editProfileBodySchema, UserProfile } from '@bullpen/contract';
import type { z } from 'zod';
import type { AppDeps } from '../app-deps';
import type { Executor } from '../db/database';
import { profileContests } from '../db/profiles';
import { findUser, type UserRow } from '../db/users';
import { contestStatus } from '../domain/contest-status';
import { roundRatio } from '../domain/money';
import { notFound } from '../lib/errors';
import { writeProfile } from './call-sign';

const RECENT = 10;

async function profileOf(executor: Executor, user: UserRow, viewerId: string): Promise<UserProfile> {
  const rows = await profileContests(executor, user.id, viewerId);
  const completed = rows.filter((r) => contestStatus(r) === 'completed' && r.returnPct !== null);
  const returns = completed.map((r) => r.returnPct as number);
  return {
    userId: user.id,
    ticker: user.ticker ?? '',
    displayName: user.displayName,
    bio: user.bio,
    createdAt: user.createdAt.toISOString(),
    stats: {
      // Every contest the player joined, the ones later cancelled included: the count of what the recent contests
      // list (cancelled ones with their status), so the two never disagree.
      contestsJoined: rows.length,
      contestsCompleted: completed.length,
      wins: completed.filter((r) => r.rank === 1).length,
      bestReturnPct: returns.length ? roundRatio(Math.max(...returns)) : null,
      averageReturnPct: returns.length ? roundRatio(returns.reduce((a, b) => a + b, 0) / returns.length) : null,
    },
    recentContests: rows.slice(0, RECENT).map((r) => {
      const status = contestStatus(r);
      const scored = status === 'active' || status === 'completed';
      return {
        contestId: r.contestId,
        name: r.name,
        status,
        rank: scored ? r.rank : null,
        returnPct: scored && r.returnPct !== null ? roundRatio(r.returnPct) : null,
      };
    }),
  };
}

/** `POST /user-profile/get-user-profile`: an onboarded user's profile as the viewer may see it. */
export async function getUserProfile(deps: Pick<AppDeps, 'db'>, viewer: UserRow, userId: string): Promise<UserProfile> {
  const target = await findUser(deps.db, userId);
  if (target?.status !== 'active') throw notFound('User not found');
  return profileOf(deps.db, target, viewer.id);
}

/** `POST /user-profile/edit-profile`: the caller's own call sign, display name and bio. */
export async function editProfile(
  deps: Pick<AppDeps, 'db' | 'clock' | 'users' | 'boards'>,
  user: UserRow,
  { callSign, displayName, bio }: z.output<typeof editProfileBodySchema>,
): Promise<UserProfile> {
  const updated = await writeProfile(deps, user, { ticker: callSign, displayName, bio, updatedAt: deps.clock.now() });
  // Boards show call signs as they are now (DESIGN §5): this instance's boards are read again at once, other
  // instances' at their next tick.
  if (updated.ticker !== user.ticker) deps.boards.invalidate();
  return profileOf(deps.db, updated, user.id);
}
