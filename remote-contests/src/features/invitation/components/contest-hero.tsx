import type { Contest } from '@bullpen/contract';
import './invitation.css';
import { Badge, Countdown, PageHeader } from '@bullpen/shared/ui';
import { StatusBadge, useContestCache } from '../../contests';

/** The contest's name, status and creator, with the start countdown while upcoming. */
export function ContestHero({ contest, eyebrow }: { contest: Contest; eyebrow: string }) {
  const { refreshContest } = useContestCache();
  return (
    <div className="bp-card bp-stack">
      <PageHeader
        eyebrow={eyebrow}
        title={contest.name}
        actions={
          <>
            {contest.isTeamCollaboration ? <Badge tone="warning">Teams</Badge> : <Badge>Solo</Badge>}
            <StatusBadge status={contest.status} />
          </>
        }
      />
      {contest.description ? <p className="contest-hero__description">{contest.description}</p> : null}
      <div className="bp-row bp-row--between bp-small">
        <span className="bp-muted">
          Created by <strong className="contest-hero__creator">{contest.createdBy.ticker}</strong>
        </span>
        {contest.status === 'upcoming' ? (
          <span>
            <span className="bp-muted">Starts in </span>
            <strong className="bp-text-primary">
              <Countdown to={contest.startsAt} onDone={() => void refreshContest(contest._id)} />
            </strong>
          </span>
        ) : null}
      </div>
    </div>
  );
}
