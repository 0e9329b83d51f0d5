import { Link } from '@bullpen/shared';
import { formatDate, formatPercent, percentTrend } from '@bullpen/shared/format';
import type { ContestStatus, UserProfile } from '@bullpen/contract';
import {
  Badge,
  type BadgeTone,
  ButtonLink,
  Card,
  type Column,
  DataTable,
  EmptyState,
  PageLoader,
  ReadError,
  Stat,
  StatGroup,
} from '@bullpen/shared/ui';
import { useUserProfile } from '../api/profile-api';
import { NotificationPreferences } from './notification-preferences';
import '@bullpen/shared/ui/parts.css';

type RecentContest = UserProfile['recentContests'][number];

const STATUS: Record<ContestStatus, { label: string; tone: BadgeTone }> = {
  upcoming: { label: 'Upcoming', tone: 'neutral' },
  active: { label: 'Live', tone: 'live' },
  completed: { label: 'Completed', tone: 'neutral' },
  cancelled: { label: 'Cancelled', tone: 'danger' },
};

function contestLink(contest: RecentContest) {
  if (contest.status === 'completed') return `/contest-completed/${contest.contestId}`;
  if (contest.status === 'active') return `/live-contest/${contest.contestId}`;
  return `/contest-detail/${contest.contestId}`;
}

const percent = (value: number | null) => (value === null ? '—' : formatPercent(value));
const tone = (value: number | null) => (value === null ? undefined : percentTrend(value));

function StatusBadge({ status }: { status: ContestStatus }) {
  return <Badge tone={STATUS[status].tone}>{STATUS[status].label}</Badge>;
}

const COLUMNS: Column<RecentContest>[] = [
  {
    key: 'contest',
    header: 'Contest',
    cell: (contest) => (
      <>
        <Link to={contestLink(contest)} className="bp-wrap-anywhere">
          {contest.name}
        </Link>
        {/* On phones the Status column is left out: the status goes under the name instead. */}
        <span className="bp-table__narrow">
          <StatusBadge status={contest.status} />
        </span>
      </>
    ),
  },
  { key: 'status', header: 'Status', hideNarrow: true, cell: (contest) => <StatusBadge status={contest.status} /> },
  {
    key: 'rank',
    header: 'Rank',
    align: 'end',
    className: 'bp-table__num',
    cell: (contest) => (contest.rank === null ? '—' : `#${contest.rank}`),
  },
  {
    key: 'return',
    header: 'Return',
    align: 'end',
    className: 'bp-table__num',
    cell: (contest) => (
      <span className={`bp-trend--${tone(contest.returnPct) ?? 'flat'}`}>{percent(contest.returnPct)}</span>
    ),
  },
];

function RecentContests({ contests, own }: { contests: RecentContest[]; own: boolean }) {
  if (contests.length === 0) {
    return (
      <EmptyState
        title={own ? 'You have not joined a contest yet.' : 'No contests yet.'}
        action={
          own ? (
            <ButtonLink variant="primary" to="/home">
              Find a contest
            </ButtonLink>
          ) : null
        }
      />
    );
  }
  return (
    <DataTable
      caption="Recent contests"
      hideCaption
      columns={COLUMNS}
      rows={contests}
      rowKey={(contest) => contest.contestId}
    />
  );
}

export function ProfileView({ userId, own }: { userId: string; own: boolean }) {
  const { data, error, isLoading, mutate } = useUserProfile(userId);

  if (isLoading || (!data && !error)) {
    return <PageLoader label="Loading profile…" />;
  }
  if (error) {
    return (
      <ReadError
        error={error}
        title="Could not load this profile"
        notFound={{
          title: 'Player not found',
          message: 'This player does not exist or has not chosen a call sign yet.',
        }}
        onRetry={() => void mutate()}
      />
    );
  }
  const profile = (data as NonNullable<typeof data>).userProfile;
  const { stats } = profile;
  return (
    <article className="bp-stack bp-narrow" aria-labelledby="pv-call-sign">
      <header className="bp-card bp-identity">
        <div className="bp-avatar" aria-hidden="true">
          {profile.ticker.slice(0, 2)}
        </div>
        <div className="bp-identity__text">
          <h1 id="pv-call-sign" className="bp-identity__title">
            {profile.ticker}
          </h1>
          <p className="bp-identity__name">{profile.displayName}</p>
          <p className="bp-muted">Member since {formatDate(profile.createdAt)}</p>
        </div>
        {own ? <ButtonLink to="/edit-profile">Edit profile</ButtonLink> : null}
      </header>
      {profile.bio ? <p className="bp-card bp-prewrap">{profile.bio}</p> : null}
      <Card title="Stats" aria-label="Stats">
        <StatGroup>
          <Stat label="Contests joined" value={stats.contestsJoined} />
          <Stat label="Completed" value={stats.contestsCompleted} />
          <Stat label="Wins" value={stats.wins} />
          <Stat label="Best return" value={percent(stats.bestReturnPct)} trend={tone(stats.bestReturnPct)} />
          <Stat label="Average return" value={percent(stats.averageReturnPct)} trend={tone(stats.averageReturnPct)} />
        </StatGroup>
      </Card>
      <Card title="Recent contests" aria-label="Recent contests">
        <RecentContests contests={profile.recentContests} own={own} />
      </Card>
      {own ? <NotificationPreferences /> : null}
    </article>
  );
}
