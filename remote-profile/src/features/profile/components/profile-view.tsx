import { ApiError, errorMessage, Link } from '@bullpen/shared';
import { PageError, PageLoader } from '@bullpen/shared/ui';
import { formatDate, formatPercent, trend } from '@bullpen/shared/format';
import type { ContestStatus, UserProfile } from '@bullpen/shared/schemas';
import { useUserProfile } from '../api/profile-api';
import './profile.css';

const STATUS_LABEL: Record<ContestStatus, string> = {
  upcoming: 'Upcoming',
  active: 'Live',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

function contestLink(contest: UserProfile['recentContests'][number]) {
  if (contest.status === 'completed') return `/contest-completed/${contest.contestId}`;
  if (contest.status === 'active') return `/live-contest/${contest.contestId}`;
  return `/contest-detail/${contest.contestId}`;
}

function Return({ value }: { value: number | null }) {
  if (value === null) return <span className="pv-muted">—</span>;
  return <span className={`pv-num pv-${trend(value)}`}>{formatPercent(value)}</span>;
}

function Stats({ stats }: { stats: UserProfile['stats'] }) {
  const items = [
    { label: 'Contests joined', value: <span className="pv-num">{stats.contestsJoined}</span> },
    { label: 'Completed', value: <span className="pv-num">{stats.contestsCompleted}</span> },
    { label: 'Wins', value: <span className="pv-num">{stats.wins}</span> },
    { label: 'Best return', value: <Return value={stats.bestReturnPct} /> },
    { label: 'Average return', value: <Return value={stats.averageReturnPct} /> },
  ];
  return (
    <dl className="pv-stats">
      {items.map((item) => (
        <div key={item.label} className="pv-stat">
          <dt>{item.label}</dt>
          <dd>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

function RecentContests({ contests, own }: { contests: UserProfile['recentContests']; own: boolean }) {
  if (contests.length === 0) {
    return (
      <div className="pv-empty">
        <p>{own ? 'You have not joined a contest yet.' : 'No contests yet.'}</p>
        {own ? (
          <Link className="pv-button pv-button--primary" to="/home">
            Find a contest
          </Link>
        ) : null}
      </div>
    );
  }
  return (
    <table className="pv-table">
      <thead>
        <tr>
          <th scope="col">Contest</th>
          <th scope="col">Status</th>
          <th scope="col" className="pv-right">
            Rank
          </th>
          <th scope="col" className="pv-right">
            Return
          </th>
        </tr>
      </thead>
      <tbody>
        {contests.map((contest) => (
          <tr key={contest.contestId}>
            <td>
              <Link to={contestLink(contest)}>{contest.name}</Link>
              {/* On phones the Status column is hidden: the status goes under the name instead. */}
              <span className={`pv-badge pv-badge--${contest.status} pv-show-small`}>
                {STATUS_LABEL[contest.status]}
              </span>
            </td>
            <td>
              <span className={`pv-badge pv-badge--${contest.status}`}>{STATUS_LABEL[contest.status]}</span>
            </td>
            <td className="pv-right pv-num">{contest.rank === null ? '—' : `#${contest.rank}`}</td>
            <td className="pv-right">
              <Return value={contest.returnPct} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function ProfileView({ userId, own }: { userId: string; own: boolean }) {
  const { data, error, isLoading, mutate } = useUserProfile(userId);

  if (isLoading || (!data && !error)) {
    return <PageLoader label="Loading profile…" />;
  }
  if (error) {
    const missing = error instanceof ApiError && error.statusCode === 404;
    return (
      <PageError
        title={missing ? 'Player not found' : 'Could not load this profile'}
        message={missing ? 'This player does not exist or has not chosen a call sign yet.' : errorMessage(error)}
        onRetry={missing ? undefined : () => void mutate()}
      />
    );
  }
  const profile = (data as NonNullable<typeof data>).userProfile;
  return (
    <article className="pv-page" aria-labelledby="pv-call-sign">
      <header className="pv-card pv-header">
        <div className="pv-avatar" aria-hidden="true">
          {profile.ticker.slice(0, 2)}
        </div>
        <div className="pv-identity">
          <h1 id="pv-call-sign" className="pv-call-sign">
            {profile.ticker}
          </h1>
          <p className="pv-name">{profile.displayName}</p>
          <p className="pv-muted">Member since {formatDate(profile.createdAt)}</p>
        </div>
        {own ? (
          <Link className="pv-button" to="/edit-profile">
            Edit profile
          </Link>
        ) : null}
      </header>
      {profile.bio ? <p className="pv-card pv-bio">{profile.bio}</p> : null}
      <section className="pv-card" aria-labelledby="pv-stats-title">
        <h2 id="pv-stats-title">Stats</h2>
        <Stats stats={profile.stats} />
      </section>
      <section className="pv-card" aria-labelledby="pv-recent-title">
        <h2 id="pv-recent-title">Recent contests</h2>
        <RecentContests contests={profile.recentContests} own={own} />
      </section>
    </article>
  );
}
