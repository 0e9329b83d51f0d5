import type { Contest } from '@bullpen/shared/schemas';
import { Link } from '@bullpen/shared';
import { formatMoney, formatNumber } from '@bullpen/shared/format';
import { Badge, Countdown, Trend } from '@bullpen/shared/ui';
import { contestPaths } from '../lib/contest-status';
import { StatusBadge } from './status-badge';

type Result = { rank: number | null; returnPct: number | null };

export function ContestCard({ contest, result, to }: { contest: Contest; result?: Result; to?: string }) {
  const href =
    to ?? (contest.status === 'completed' ? contestPaths.completed(contest._id) : contestPaths.detail(contest._id));
  return (
    <Link to={href} className="bp-card bp-card--tile">
      <div className="bp-row bp-row--between bp-row--top">
        <h3 className="bp-card__heading">{contest.name}</h3>
        <div className="bp-row bp-row--tight">
          {contest.joined ? <Badge tone="success">Joined</Badge> : null}
          {contest.isTeamCollaboration ? <Badge tone="warning">Teams</Badge> : null}
          <StatusBadge status={contest.status} />
        </div>
      </div>
      {result ? (
        <div className="bp-row bp-row--between">
          <span>
            <span className="bp-muted bp-small">Rank </span>
            <span className="bp-figure">{result.rank !== null ? `#${result.rank}` : '—'}</span>
          </span>
          <span className="bp-figure">
            <Trend value={result.returnPct} />
          </span>
        </div>
      ) : (
        <div className="bp-row bp-row--between">
          <span>
            <span className="bp-muted bp-small">Starts in </span>
            <strong>
              <Countdown to={contest.startsAt} />
            </strong>
          </span>
          <span className="bp-small">
            {contest.picksCount} picks · {formatMoney(contest.startingCash, { whole: true })}
          </span>
        </div>
      )}
      <div className="bp-card__foot">
        <span>
          {formatNumber(contest.participantsCount)} / {formatNumber(contest.maxParticipants)} participants
        </span>
        <span>by {contest.createdBy.ticker}</span>
      </div>
    </Link>
  );
}
