import type { Contest } from '@bullpen/shared/schemas';
import { Badge, Countdown, StatusBadge, useContestCache } from '../../contests';

/** The contest's name, status and creator, with the start countdown while upcoming. */
export function ContestHero({ contest, eyebrow }: { contest: Contest; eyebrow: string }) {
  const { refreshContest } = useContestCache();
  return (
    <header className="bpc-panel bpc-stack" style={{ gap: 10 }}>
      <p className="bpc-eyebrow" style={{ margin: 0 }}>
        {eyebrow}
      </p>
      <div className="bpc-row bpc-between" style={{ alignItems: 'flex-start' }}>
        <h1 style={{ margin: 0, fontSize: '1.6rem', overflowWrap: 'anywhere', minWidth: 0 }}>{contest.name}</h1>
        <div className="bpc-row" style={{ gap: 6 }}>
          {contest.isTeamCollaboration ? <Badge tone="warning">Teams</Badge> : <Badge>Solo</Badge>}
          <StatusBadge status={contest.status} />
        </div>
      </div>
      {contest.description ? <p style={{ margin: 0, whiteSpace: 'pre-line' }}>{contest.description}</p> : null}
      <div className="bpc-row bpc-between bpc-small">
        <span className="bpc-muted">
          Created by <strong style={{ color: 'var(--bpc-text)' }}>{contest.createdBy.ticker}</strong>
        </span>
        {contest.status === 'upcoming' ? (
          <span>
            <span className="bpc-muted">Starts in </span>
            <strong className="bpc-tone-primary">
              <Countdown to={contest.startsAt} onDone={() => void refreshContest(contest._id)} />
            </strong>
          </span>
        ) : null}
      </div>
    </header>
  );
}
