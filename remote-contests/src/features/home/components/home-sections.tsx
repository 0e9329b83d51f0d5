import type { Contest, ContestWithResult } from '@bullpen/shared/schemas';
import { PageLoader } from '@bullpen/shared/ui';
import type { ReactNode } from 'react';
import { Button, ButtonLink, ContestCard, contestPaths } from '../../contests';

type Section<T> = { data: T[] | undefined; error: unknown; isLoading: boolean; retry: () => void };

function SectionBody<T>({
  section,
  empty,
  render,
  what,
}: {
  section: Section<T>;
  empty: ReactNode;
  render: (items: T[]) => ReactNode;
  what: string;
}) {
  if (section.error && !section.data) {
    return (
      <div className="bpc-row bpc-between" role="alert">
        <span className="bpc-tone-loss">Could not load {what}.</span>
        <Button small onClick={section.retry}>
          Try again
        </Button>
      </div>
    );
  }
  if (!section.data) return <PageLoader label={`Loading ${what}…`} />;
  if (section.data.length === 0)
    return (
      <p className="bpc-muted" style={{ margin: 0 }}>
        {empty}
      </p>
    );
  return <div className="bpc-grid">{render(section.data)}</div>;
}

export function LiveSection({ section }: { section: Section<ContestWithResult> }) {
  return (
    <section className="bpc-panel" aria-labelledby="home-live">
      <h2 id="home-live">
        <span className="bpc-tone-gain" aria-hidden="true">
          ●
        </span>{' '}
        Live
      </h2>
      <SectionBody
        section={section}
        what="live contests"
        empty="None of your contests is live right now."
        render={(items) =>
          items.map((contest) => (
            <ContestCard
              key={contest._id}
              contest={contest}
              result={{ rank: contest.rank, returnPct: contest.returnPct }}
              to={contestPaths.detail(contest._id)}
            />
          ))
        }
      />
    </section>
  );
}

export function UpcomingSection({ section }: { section: Section<Contest> }) {
  return (
    <section className="bpc-panel" aria-labelledby="home-upcoming">
      <h2 id="home-upcoming">Upcoming</h2>
      <SectionBody
        section={section}
        what="upcoming contests"
        empty="You have no upcoming contests. Join one that is open below, or create your own."
        render={(items) => items.map((contest) => <ContestCard key={contest._id} contest={contest} />)}
      />
    </section>
  );
}

export function CompletedSection({ section }: { section: Section<ContestWithResult> }) {
  return (
    <section className="bpc-panel" aria-labelledby="home-completed">
      <h2 id="home-completed">Completed</h2>
      <SectionBody
        section={section}
        what="completed contests"
        empty="Your finished contests and final ranks will appear here."
        render={(items) =>
          items.map((contest) => (
            <ContestCard
              key={contest._id}
              contest={contest}
              result={{ rank: contest.rank, returnPct: contest.returnPct }}
            />
          ))
        }
      />
    </section>
  );
}

export function CreateContestCallToAction() {
  return (
    <section className="bpc-panel bpc-state" aria-labelledby="home-empty">
      <h2 id="home-empty" style={{ margin: 0 }}>
        No contests yet
      </h2>
      <p className="bpc-muted">
        Create a stock-picking contest, choose how many picks and how much virtual cash everyone starts with, and send
        the invitation link to your friends.
      </p>
      <ButtonLink to={contestPaths.create} variant="primary">
        Create your first contest
      </ButtonLink>
    </section>
  );
}
