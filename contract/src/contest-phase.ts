import type { ContestStatus } from './models';

// DESIGN §5: a contest's status follows the clock, upcoming until its start, live until its end, then completed. One
// rule, used by the API (what the clock moves a contest to, whether it takes picks or trades now) and by the contest
// screens (a list kept from earlier may still say "upcoming" for a contest that has started since). No zod here: the
// screens import it into the page.

/** The statuses the clock moves a contest through; cancelling is a person's act, not the clock's. */
export type ContestPhase = Exclude<ContestStatus, 'cancelled'>;

/** An instant as either side holds it: a Date on the server, an ISO string from the API, or milliseconds. */
type Instant = Date | string | number;

const msOf = (instant: Instant) =>
  typeof instant === 'number' ? instant : typeof instant === 'string' ? Date.parse(instant) : instant.getTime();

/**
 * Where the clock puts a contest at `now`: completed from its end, active from its start, upcoming before. An instant
 * that is not a date (NaN) reaches neither, so the contest stays upcoming rather than ending by mistake.
 */
export function contestPhaseAt(timing: { startsAt: Instant; endsAt: Instant }, now: Instant): ContestPhase {
  const at = msOf(now);
  if (at >= msOf(timing.endsAt)) return 'completed';
  if (at >= msOf(timing.startsAt)) return 'active';
  return 'upcoming';
}
