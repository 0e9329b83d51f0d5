import { formatNumber } from '@bullpen/shared/format';
import { PageLoader } from '@bullpen/shared/ui';
import type { Contest, LiveContest } from '@bullpen/shared/schemas';
import type { ReactNode } from 'react';
import {
  Badge,
  Button,
  ButtonLink,
  contestPaths,
  formatDateTime,
  formatDuration,
  formatReturn,
  formatWholeMoney,
  isFull,
  Trend,
} from '../../contests';
import { RESULTS_CSS } from './results-css';

type Section<T> = { data: T[] | undefined; error: unknown; isLoading: boolean; retry: () => void };

function Body<T>({
  section,
  what,
  empty,
  render,
}: {
  section: Section<T>;
  what: string;
  empty: ReactNode;
  render: (items: T[]) => ReactNode;
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
  if (section.data.length === 0) return <>{empty}</>;
  return <div className="bpc-grid">{render(section.data)}</div>;
}

function EmptyWithCreate({ children }: { children: ReactNode }) {
  return (
    <div className="bpc-row bpc-between">
      <p className="bpc-muted" style={{ margin: 0 }}>
        {children}
      </p>
      <ButtonLink to={contestPaths.create} small>
        Create a contest
      </ButtonLink>
    </div>
  );
}

function CardFacts({ items }: { items: { label: string; value: ReactNode }[] }) {
  return (
    <dl className="bpc-card-facts">
      {items.map((item) => (
        <div key={item.label}>
          <dt>{item.label}</dt>
          <dd>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A public upcoming contest the viewer has not joined: its facts and Join. */
function OpenContestCard({ contest }: { contest: Contest }) {
  const full = isFull(contest);
  return (
    <article className="bpc-card" aria-labelledby={`open-${contest._id}`}>
      <div className="bpc-row bpc-between" style={{ alignItems: 'flex-start' }}>
        <h3 id={`open-${contest._id}`}>{contest.name}</h3>
        {contest.isTeamCollaboration ? <Badge tone="warning">Teams</Badge> : null}
      </div>
      <CardFacts
        items={[
          { label: 'Starts', value: formatDateTime(contest.startsAt) },
          { label: 'Length', value: formatDuration(contest.startsAt, contest.endsAt) },
          { label: 'Picks', value: formatNumber(contest.picksCount) },
          { label: 'Cash', value: formatWholeMoney(contest.startingCash) },
          {
            label: 'Players',
            value: `${formatNumber(contest.participantsCount)} / ${formatNumber(contest.maxParticipants)}`,
          },
        ]}
      />
      <div className="bpc-card-foot">
        <span>by {contest.createdBy.ticker}</span>
        <span className="bpc-card-actions">
          <ButtonLink
            to={contestPaths.detail(contest._id)}
            small
            variant="ghost"
            aria-label={`Details of ${contest.name}`}
          >
            Details
          </ButtonLink>
          {full ? (
            <Badge tone="loss">Full</Badge>
          ) : (
            <ButtonLink
              to={contestPaths.savePicks(contest._id)}
              small
              variant="primary"
              aria-label={`Join ${contest.name}`}
            >
              Join
            </ButtonLink>
          )}
        </span>
      </div>
    </article>
  );
}

export function OpenToJoinSection({ section }: { section: Section<Contest> }) {
  return (
    <section className="bpc-panel" aria-labelledby="home-open">
      <style href="bullpen-results" precedence="default">
        {RESULTS_CSS}
      </style>
      <h2 id="home-open">Open to join</h2>
      <Body
        section={section}
        what="contests open to join"
        empty={
          <EmptyWithCreate>
            No public contest is open to join right now. Start one and invite your friends.
          </EmptyWithCreate>
        }
        render={(items) => items.map((contest) => <OpenContestCard key={contest._id} contest={contest} />)}
      />
    </section>
  );
}

/** A public live contest anyone can watch: its leader, players and the way to its read-only live screen. */
function LiveNowCard({ contest }: { contest: LiveContest }) {
  return (
    <article className="bpc-card" aria-labelledby={`livenow-${contest._id}`}>
      <div className="bpc-row bpc-between" style={{ alignItems: 'flex-start' }}>
        <h3 id={`livenow-${contest._id}`}>{contest.name}</h3>
        <div className="bpc-row" style={{ gap: 6 }}>
          {contest.joined ? <Badge tone="primary">Joined</Badge> : null}
          {contest.isTeamCollaboration ? <Badge tone="warning">Teams</Badge> : null}
        </div>
      </div>
      <CardFacts
        items={[
          { label: 'Players', value: formatNumber(contest.participantsCount) },
          {
            label: 'Leader',
            value: contest.leader ? (
              <>
                {contest.leader.ticker}{' '}
                <Trend value={contest.leader.returnPct}>{formatReturn(contest.leader.returnPct)}</Trend>
              </>
            ) : (
              '—'
            ),
          },
          { label: 'Ends', value: formatDateTime(contest.endsAt) },
        ]}
      />
      <div className="bpc-card-foot">
        <span>by {contest.createdBy.ticker}</span>
        <ButtonLink to={contestPaths.live(contest._id)} small variant="primary" aria-label={`Watch ${contest.name}`}>
          Watch
        </ButtonLink>
      </div>
    </article>
  );
}

export function LiveNowSection({ section }: { section: Section<LiveContest> }) {
  return (
    <section className="bpc-panel" aria-labelledby="home-live-now">
      <style href="bullpen-results" precedence="default">
        {RESULTS_CSS}
      </style>
      <h2 id="home-live-now">Live now</h2>
      <Body
        section={section}
        what="contests you can watch"
        empty={<EmptyWithCreate>No public contest is live right now.</EmptyWithCreate>}
        render={(items) => items.map((contest) => <LiveNowCard key={contest._id} contest={contest} />)}
      />
    </section>
  );
}
