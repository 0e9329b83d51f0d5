import { type Contest, type createContestBodySchema, DEFAULT_CONTEST_RULES } from '@bullpen/contract';
import type { z } from 'zod';
import type { AppDeps } from '../app-deps';
import { contestView, insertWithinCreatorBudget } from '../db/contests';
import type { UserRow } from '../db/users';
import { toCents } from '../domain/money';
import { conflict } from '../lib/errors';
import { newId } from '../lib/ids';
import { requireTiming } from './checks';

/** `POST /contest/create-contest`: a new upcoming contest, within its creator's budget of upcoming contests. */
export async function createContest(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  user: UserRow,
  body: z.output<typeof createContestBodySchema>,
): Promise<Contest> {
  const settings = deps.config.contest;
  requireTiming(body, settings, deps.clock.now());
  const now = deps.clock.now();
  const row = await insertWithinCreatorBudget(
    deps.db,
    {
      id: newId(),
      name: body.name,
      description: body.description,
      startsAt: new Date(body.startsAt),
      endsAt: new Date(body.endsAt),
      picksCount: body.picksCount,
      startingCashCents: toCents(body.startingCash),
      maxParticipants: body.maxParticipants,
      visibility: body.visibility,
      affiliations: body.affiliations,
      rules: body.rules ?? DEFAULT_CONTEST_RULES,
      createdBy: user.id,
      createdAt: now,
      updatedAt: now,
    },
    settings.maxUpcomingPerCreator,
  );
  if (!row) {
    throw conflict(
      `You already have ${settings.maxUpcomingPerCreator} upcoming contests. Cancel one, or wait until one starts, to create another.`,
    );
  }
  return contestView(row, user.ticker, false);
}
