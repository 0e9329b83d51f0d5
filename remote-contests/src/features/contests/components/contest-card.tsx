import type { Contest } from '@bullpen/contract';
import { Link } from '@bullpen/shared';
import { formatMoney, formatNumber, formatShortDateTime } from '@bullpen/shared/format';
import { Badge, Countdown, Trend } from '@bullpen/shared/ui';
import { useState } from 'react';
import { contestPaths, statusAt } from '../lib/contest-status';
import { StatusBadge } from './status-badge';

type Result = { rank: number | null; returnPct: number | null };

/** When an upcoming contest starts (or started before this list was fetched): its countdown, or when it began. */
function StartLine({ contest, onStart }: { contest: Contest; onStart: () => void }) {
  const status = statusAt(contest);
  if (status === 'upcoming') {
    return (
      <span>
        <span className="bp-muted bp-small">Starts in </span>
        <strong>
          <Countdown to={contest.startsAt} onDone={onStart} />
        </strong>
      </span>
    );
  }
  const [label, at] = status === 'completed' ? ['Ended', contest.endsAt] : ['Started', contest.startsAt];
  return (
    <span>
      <span className="bp-muted bp-small">{label} </span>
      <strong>
        <time dateTime={at}>{formatShortDateTime(at)}</time>
      </strong>
    </span>
  );
}

export function ContestCard({ contest, result, to }: { contest: Contest; result?: Result; to?: string }) {
  // Re-renders the card when its countdown reaches the start, so its badge and line follow the clock.
  const [, setStarted] = useState(false);
  const status = statusAt(contest);
  const href = to ?? (status === 'completed' ? contestPaths.completed(contest._id) : contestPaths.detail(contest._id));
  return (
    <Link to={href} className="bp-card bp-card--tile">
      <div className="bp-row bp-row--between bp-row--top">
        <h3 className="bp-card__heading">{contest.name}</h3>
        <div className="bp-row bp-row--tight">
          {contest.joined ? <Badge tone="success">Joined</Badge> : null}
          {contest.isTeamCollaboration ? <Badge tone="warning">Teams</Badge> : null}
          <StatusBadge status={status} />
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
          <StartLine contest={contest} onStart={() => setStarted(true)} />
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
