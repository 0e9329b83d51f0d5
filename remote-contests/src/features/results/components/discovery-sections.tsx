import { formatDateTime, formatDuration, formatMoney, formatNumber } from '@bullpen/shared/format';
import { Badge, ButtonLink, type Fact, Facts, Trend } from '@bullpen/shared/ui';
import type { ReactNode } from 'react';
import type { Contest, LiveContest } from '@bullpen/contract';
import { type ContestList, ContestSection, contestPaths, isFull } from '../../contests';

const createAction = (
  <ButtonLink to={contestPaths.create} size="small">
    Create a contest
  </ButtonLink>
);

/** A public contest's card on the discovery lists: name and badges, its facts in one line, creator and actions. */
function DiscoveryCard({
  id,
  name,
  badges,
  facts,
  creator,
  actions,
}: {
  id: string;
  name: string;
  badges: ReactNode;
  facts: Fact[];
  creator: string;
  actions: ReactNode;
}) {
  return (
    <article className="bp-card bp-card--tile" aria-labelledby={id}>
      <div className="bp-row bp-row--between bp-row--top">
        <h3 id={id} className="bp-card__heading">
          {name}
        </h3>
        <div className="bp-row bp-row--tight">{badges}</div>
      </div>
      <Facts variant="inline" items={facts} />
      <div className="bp-card__foot">
        <span>by {creator}</span>
        <span className="bp-row bp-row--tight">{actions}</span>
      </div>
    </article>
  );
}

/** A public upcoming contest the viewer has not joined: its facts and Join. */
function OpenContestCard({ contest }: { contest: Contest }) {
  return (
    <DiscoveryCard
      id={`open-${contest._id}`}
      name={contest.name}
      badges={contest.isTeamCollaboration ? <Badge tone="warning">Teams</Badge> : null}
      facts={[
        { label: 'Starts', value: formatDateTime(contest.startsAt) },
        { label: 'Length', value: formatDuration(contest.startsAt, contest.endsAt) },
        { label: 'Picks', value: formatNumber(contest.picksCount) },
        { label: 'Cash', value: formatMoney(contest.startingCash, { whole: true }) },
        {
          label: 'Players',
          value: `${formatNumber(contest.participantsCount)} / ${formatNumber(contest.maxParticipants)}`,
        },
      ]}
      creator={contest.createdBy.ticker}
      actions={
        <>
          <ButtonLink
            to={contestPaths.detail(contest._id)}
            size="small"
            variant="ghost"
            aria-label={`Details of ${contest.name}`}
          >
            Details
          </ButtonLink>
          {isFull(contest) ? (
            <Badge tone="danger">Full</Badge>
          ) : (
            <ButtonLink
              to={contestPaths.savePicks(contest._id)}
              size="small"
              variant="primary"
              aria-label={`Join ${contest.name}`}
            >
              Join
            </ButtonLink>
          )}
        </>
      }
    />
  );
}

export function OpenToJoinSection({ section }: { section: ContestList<Contest> }) {
  return (
    <ContestSection
      title="Open to join"
      list={section}
      what="contests open to join"
      empty="No public contest is open to join right now. Start one and invite your friends."
      emptyAction={createAction}
    >
      {(items) => items.map((contest) => <OpenContestCard key={contest._id} contest={contest} />)}
    </ContestSection>
  );
}

/** A public live contest anyone can watch: its leader, players and the way to its read-only live screen. */
function LiveNowCard({ contest }: { contest: LiveContest }) {
  return (
    <DiscoveryCard
      id={`livenow-${contest._id}`}
      name={contest.name}
      badges={
        <>
          {contest.joined ? <Badge tone="success">Joined</Badge> : null}
          {contest.isTeamCollaboration ? <Badge tone="warning">Teams</Badge> : null}
        </>
      }
      facts={[
        { label: 'Players', value: formatNumber(contest.participantsCount) },
        {
          label: 'Leader',
          value: contest.leader ? (
            <>
              {contest.leader.ticker} <Trend value={contest.leader.returnPct} />
            </>
          ) : (
            '—'
          ),
        },
        { label: 'Ends', value: formatDateTime(contest.endsAt) },
      ]}
      creator={contest.createdBy.ticker}
      actions={
        <ButtonLink
          to={contestPaths.live(contest._id)}
          size="small"
          variant="primary"
          aria-label={`Watch ${contest.name}`}
        >
          Watch
        </ButtonLink>
      }
    />
  );
}

/**
 * Every public live contest (GET /contest/live-public) but the ones the viewer plays in, which their own Live list
 * shows; when those are all there are, the section says so rather than that nothing is live.
 */
export function LiveNowSection({ section }: { section: ContestList<LiveContest> }) {
  const playing = section.data?.filter((contest) => contest.joined).length ?? 0;
  const watchable = { ...section, data: section.data?.filter((contest) => !contest.joined) };
  return (
    <ContestSection
      title="Live now"
      list={watchable}
      what="contests you can watch"
      empty={
        playing === 0
          ? 'No public contest is live right now.'
          : playing === 1
            ? 'The only public contest live right now is one you play in: it is in your Live list.'
            : `The ${playing} public contests live right now are ones you play in: they are in your Live list.`
      }
      emptyAction={createAction}
    >
      {(items) => items.map((contest) => <LiveNowCard key={contest._id} contest={contest} />)}
    </ContestSection>
  );
}
