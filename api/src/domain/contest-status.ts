import type { ContestStatus } from '@bullpen/contract';

export type Phase = 'upcoming' | 'active' | 'completed';

export interface ContestTiming {
  startsAt: Date;
  endsAt: Date;
  phase: Phase;
  cancelledAt: Date | null;
}

/** Where the clock should have the contest at `now` (DESIGN §5): before the start upcoming, until the end active, then completed. */
export function phaseAt(timing: { startsAt: Date; endsAt: Date }, now: Date): Phase {
  if (now.getTime() < timing.startsAt.getTime()) return 'upcoming';
  if (now.getTime() < timing.endsAt.getTime()) return 'active';
  return 'completed';
}

/** The status the API shows: cancellation wins; otherwise the phase the clock has moved the contest to. */
export function contestStatus(contest: Pick<ContestTiming, 'phase' | 'cancelledAt'>): ContestStatus {
  return contest.cancelledAt ? 'cancelled' : contest.phase;
}

/** Joining, leaving and changing picks need an upcoming contest whose start has not passed (the clock may lag by a tick). */
export function acceptsPicks(contest: ContestTiming, now: Date): boolean {
  return contestStatus(contest) === 'upcoming' && now.getTime() < contest.startsAt.getTime();
}

/** Trading needs a live contest whose end has not passed. */
export function acceptsTrades(contest: ContestTiming, now: Date): boolean {
  return contestStatus(contest) === 'active' && now.getTime() < contest.endsAt.getTime();
}
