import { formatDateTime, formatDuration, formatMoney, formatNumber } from '@bullpen/shared/format';
import { Badge, ButtonLink, Facts, Trend } from '@bullpen/shared/ui';
import type { Contest, LiveContest } from '@bullpen/shared/schemas';
import { type ContestList, ContestSection, contestPaths, isFull } from '../../contests';

const createAction = (
  <ButtonLink to={contestPaths.create} size="small">
    Create a contest
  </ButtonLink>
);

/** A public upcoming contest the viewer has not joined: its facts and Join. */
function OpenContestCard({ contest }: { contest: Contest }) {
  const full = isFull(contest);
  return (
    <article className="bp-card bp-card--tile" aria-labelledby={`open-${contest._id}`}>
      <div className="bp-row bp-row--between bp-row--top">
        <h3 id={`open-${contest._id}`}>{contest.name}</h3>
        {contest.isTeamCollaboration ? <Badge tone="warning">Teams</Badge> : null}
      </div>
      <Facts
        variant="inline"
        items={[
          { label: 'Starts', value: formatDateTime(contest.startsAt) },
          { label: 'Length', value: formatDuration(contest.startsAt, contest.endsAt) },
          { label: 'Picks', value: formatNumber(contest.picksCount) },
          { label: 'Cash', value: formatMoney(contest.startingCash, { whole: true }) },
          {
            label: 'Players',
            value: `${formatNumber(contest.participantsCount)} / ${formatNumber(contest.maxParticipants)}`,
          },
        ]}
      />
      <div className="bp-card__foot">
        <span>by {contest.createdBy.ticker}</span>
        <span className="bp-row bp-row--tight">
          <ButtonLink
            to={contestPaths.detail(contest._id)}
            size="small"
            variant="ghost"
            aria-label={`Details of ${contest.name}`}
          >
            Details
          </ButtonLink>
          {full ? (
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
        </span>
      </div>
    </article>
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
    <article className="bp-card bp-card--tile" aria-labelledby={`livenow-${contest._id}`}>
      <div className="bp-row bp-row--between bp-row--top">
        <h3 id={`livenow-${contest._id}`}>{contest.name}</h3>
        <div className="bp-row bp-row--tight">
          {contest.joined ? <Badge tone="success">Joined</Badge> : null}
          {contest.isTeamCollaboration ? <Badge tone="warning">Teams</Badge> : null}
        </div>
      </div>
      <Facts
        variant="inline"
        items={[
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
      />
      <div className="bp-card__foot">
        <span>by {contest.createdBy.ticker}</span>
        <ButtonLink
          to={contestPaths.live(contest._id)}
          size="small"
          variant="primary"
          aria-label={`Watch ${contest.name}`}
        >
          Watch
        </ButtonLink>
      </div>
    </article>
  );
}

export function LiveNowSection({ section }: { section: ContestList<LiveContest> }) {
  return (
    <ContestSection
      title="Live now"
      list={section}
      what="contests you can watch"
      empty="No public contest is live right now."
      emptyAction={createAction}
    >
      {(items) => items.map((contest) => <LiveNowCard key={contest._id} contest={contest} />)}
    </ContestSection>
  );
}
