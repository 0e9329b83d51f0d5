import type { Contest } from '@bullpen/shared/schemas';
import { Link } from '@bullpen/shared';
import { contestPaths } from '../lib/contest-status';
import { formatInteger, formatReturn, formatWholeMoney } from '../lib/format';
import { Badge, Countdown, StatusBadge, Trend } from './ui';

type Result = { rank: number | null; returnPct: number | null };

export function ContestCard({ contest, result, to }: { contest: Contest; result?: Result; to?: string }) {
  const href =
    to ?? (contest.status === 'completed' ? contestPaths.completed(contest._id) : contestPaths.detail(contest._id));
  return (
    <Link to={href} className="bpc-card">
      <div className="bpc-row bpc-between" style={{ alignItems: 'flex-start' }}>
        <h3>{contest.name}</h3>
        <div className="bpc-row" style={{ gap: 6 }}>
          {contest.joined ? <Badge tone="primary">Joined</Badge> : null}
          {contest.isTeamCollaboration ? <Badge tone="warning">Teams</Badge> : null}
          <StatusBadge status={contest.status} />
        </div>
      </div>
      {result ? (
        <div className="bpc-row bpc-between">
          <span>
            <span className="bpc-muted bpc-small">Rank </span>
            <span className="bpc-big">{result.rank !== null ? `#${result.rank}` : '—'}</span>
          </span>
          <span className="bpc-big">
            <Trend value={result.returnPct}>{formatReturn(result.returnPct)}</Trend>
          </span>
        </div>
      ) : (
        <div className="bpc-row bpc-between">
          <span>
            <span className="bpc-muted bpc-small">Starts in </span>
            <strong>
              <Countdown to={contest.startsAt} />
            </strong>
          </span>
          <span className="bpc-small">
            {contest.picksCount} picks · {formatWholeMoney(contest.startingCash)}
          </span>
        </div>
      )}
      <div className="bpc-card-foot">
        <span>
          {formatInteger(contest.participantsCount)} / {formatInteger(contest.maxParticipants)} participants
        </span>
        <span>by {contest.createdBy.ticker}</span>
      </div>
    </Link>
  );
}
