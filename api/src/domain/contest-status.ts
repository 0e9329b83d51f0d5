import { type ContestPhase, type ContestStatus, contestPhaseAt } from '@bullpen/contract';

export type Phase = ContestPhase;

export interface ContestTiming {
  startsAt: Date;
  endsAt: Date;
  phase: Phase;
  cancelledAt: Date | null;
}

/** Where the clock should have the contest at `now` (DESIGN §5): the contract's rule, the one the screens apply too. */
export function phaseAt(timing: { startsAt: Date; endsAt: Date }, now: Date): Phase {
  return contestPhaseAt(timing, now);
}

/** The status the API shows: cancellation wins; otherwise the phase the clock has moved the contest to. */
export function contestStatus(contest: Pick<ContestTiming, 'phase' | 'cancelledAt'>): ContestStatus {
  return contest.cancelledAt ? 'cancelled' : contest.phase;
}

/** Joining, leaving and changing picks need an upcoming contest whose start has not passed (the clock may lag by a tick). */
export function acceptsPicks(contest: ContestTiming, now: Date): boolean {
  return contestStatus(contest) === 'upcoming' && phaseAt(contest, now) === 'upcoming';
}

/** Trading needs a live contest whose end has not passed. */
export function acceptsTrades(contest: ContestTiming, now: Date): boolean {
  return contestStatus(contest) === 'active' && phaseAt(contest, now) !== 'completed';
}
