import { ApiError } from '@bullpen/shared';
import type { Contest } from '@bullpen/contract';
import { isFull, statusAt } from '../../contests';

/** Why saving picks was refused for good (trying again cannot help), in terms of what the player can do next. */
export type Refusal =
  | { kind: 'closed'; status: 'active' | 'completed' | 'cancelled' }
  | { kind: 'full' }
  | { kind: 'joined' }
  | { kind: 'other'; message: string };

/** What the API's refusal says of the contest's state ("The contest is live; …", "The contest has started; …"). */
function statusSaid(message: string): 'active' | 'completed' | 'cancelled' | null {
  if (/\bhas started\b|\bis live\b/i.test(message)) return 'active';
  if (/\bis completed\b/i.test(message)) return 'completed';
  if (/\bis cancelled\b/i.test(message)) return 'cancelled';
  return null;
}

/**
 * A conflict (409) or a refusal (403) is the contest's state, not a glitch: the button would fail the same way every
 * time. `fresh` is the contest as it is now (re-read after the refusal), when that read has answered; until then the
 * contest the screen has and the API's words decide. Anything else (no answer, a server error, a validation error)
 * is null: the player may fix it or try again.
 */
export function refusalOf(
  error: unknown,
  contest: Contest,
  fresh: Contest | undefined,
  now = Date.now(),
): Refusal | null {
  if (!(error instanceof ApiError) || (error.statusCode !== 409 && error.statusCode !== 403)) return null;
  const current = fresh ?? contest;
  const byClock = statusAt(current, now);
  const status = byClock !== 'upcoming' ? byClock : statusSaid(error.message);
  if (status) return { kind: 'closed', status };
  if (/already joined/i.test(error.message)) return { kind: 'joined' };
  if (isFull(current) || /\bfull\b/i.test(error.message)) return { kind: 'full' };
  return { kind: 'other', message: error.message };
}
