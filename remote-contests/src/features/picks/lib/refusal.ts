import { ApiError } from '@bullpen/shared';
import type { Contest } from '@bullpen/shared/schemas';
import { isFull, statusAt } from '../../contests';

/** Why saving picks was refused for good (trying again cannot help), in terms of what the player can do next. */
export type Refusal =
  | { kind: 'started'; contest: Contest }
  | { kind: 'full' }
  | { kind: 'joined' }
  | { kind: 'other'; message: string };

/**
 * A conflict (409) or a refusal (403) is the contest's state, not a glitch: the button would fail the same way every
 * time. `fresh` is the contest as it is now (re-read after the refusal), when that read worked. Anything else (no
 * answer, a server error, a validation error) is null: the player may fix it or try again.
 */
export function refusalOf(
  error: unknown,
  contest: Contest,
  fresh: Contest | undefined,
  now = Date.now(),
): Refusal | null {
  if (!(error instanceof ApiError) || (error.statusCode !== 409 && error.statusCode !== 403)) return null;
  const current = fresh ?? contest;
  if (statusAt(current, now) !== 'upcoming') return { kind: 'started', contest: current };
  if (/already joined/i.test(error.message)) return { kind: 'joined' };
  if (isFull(current) || /full/i.test(error.message)) return { kind: 'full' };
  return { kind: 'other', message: error.message };
}
