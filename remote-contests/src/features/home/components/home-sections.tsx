import type { Contest, ContestWithResult } from '@bullpen/contract';
import { ButtonLink, EmptyState } from '@bullpen/shared/ui';
import { ContestCard, type ContestList, ContestSection, contestPaths } from '../../contests';

/** Cards with the viewer's rank and return (when there is one yet: else when it started); `to` when they should open
 *  somewhere else than the contest's default. */
const withResults = (to?: (contest: ContestWithResult) => string) => (items: ContestWithResult[]) =>
  items.map((contest) => (
    <ContestCard
      key={contest._id}
      contest={contest}
      result={
        contest.rank === null && contest.returnPct === null
          ? undefined
          : { rank: contest.rank, returnPct: contest.returnPct }
      }
      to={to?.(contest)}
    />
  ));

export function LiveSection({ section }: { section: ContestList<ContestWithResult> }) {
  return (
    <ContestSection
      title={
        <>
          <span className="bp-trend--up" aria-hidden="true">
            ●
          </span>{' '}
          Live
        </>
      }
      list={section}
      what="live contests"
      empty="None of your contests is live right now."
    >
      {withResults((contest) => contestPaths.live(contest._id))}
    </ContestSection>
  );
}

export function UpcomingSection({ section }: { section: ContestList<Contest> }) {
  return (
    <ContestSection
      title="Upcoming"
      list={section}
      what="upcoming contests"
      empty="You have no upcoming contests. Join one that is open below, or create your own."
    >
      {(items) => items.map((contest) => <ContestCard key={contest._id} contest={contest} />)}
    </ContestSection>
  );
}

export function CompletedSection({ section }: { section: ContestList<ContestWithResult> }) {
  return (
    <ContestSection
      title="Completed"
      list={section}
      what="completed contests"
      empty="Your finished contests and final ranks will appear here."
    >
      {withResults()}
    </ContestSection>
  );
}

export function CreateContestCallToAction() {
  return (
    <EmptyState
      title="No contests yet"
      action={
        <ButtonLink to={contestPaths.create} variant="primary">
          Create your first contest
        </ButtonLink>
      }
    >
      Create a stock-picking contest, choose how many picks and how much virtual cash everyone starts with, and send the
      invitation link to your friends.
    </EmptyState>
  );
}
