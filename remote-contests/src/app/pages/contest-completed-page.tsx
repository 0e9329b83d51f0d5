import { Link, useParams, useSearchParams } from '@bullpen/shared';
import {
  ButtonLink,
  Callout,
  Card,
  EmptyState,
  Page,
  PageError,
  PageHeader,
  PageLoader,
  Trend,
} from '@bullpen/shared/ui';
import { formatDateTime, formatNumber } from '@bullpen/shared/format';
import { StandingsBoard, TeamStandingsTable } from '@bullpen/shared/boards';
import type { Standing } from '@bullpen/contract';
import { useEffect, useRef } from 'react';
import {
  ContestBlocked,
  contestPaths,
  PriceSource,
  StatusBadge,
  useCompletedBoard,
  useContest,
  useErrorToast,
  useViewer,
} from '../../features/contests';
import {
  lastReturn,
  PlayerResults,
  ShareResult,
  SkillAnalytics,
  TeamContributions,
  UnfilledOrders,
  useBenchmark,
  useCompletedPlayer,
} from '../../features/results';
import { Podium } from '../../features/standings';

const playerHref = (contestId: string, row: Standing) =>
  `${contestPaths.completed(contestId)}?player=${encodeURIComponent(row.userId)}`;

export default function ContestCompletedPage() {
  const { contestId = '' } = useParams();
  const [search] = useSearchParams();
  const viewer = useViewer();
  const { data, error, mutate } = useCompletedBoard(contestId);
  const notCompleted = (error as { statusCode?: number } | undefined)?.statusCode === 409;
  // A 409 is not a failure to report: the contest is simply not over (or was cancelled), which the screen says.
  useErrorToast(notCompleted ? undefined : error, !data);
  const pending = useContest(notCompleted ? contestId : undefined).data?.contest;
  const benchmark = useBenchmark(data && data.standings.length > 0 ? contestId : undefined);
  const opened = search.get('player');
  const other = opened && opened !== viewer.id ? opened : null;
  const otherResult = useCompletedPlayer(data ? contestId : undefined, other);
  const playerHeading = useRef<HTMLHeadingElement>(null);

  // Opening a player's portfolio from the board brings it into view and moves the focus to it.
  useEffect(() => {
    if (!opened || opened === viewer.id || !playerHeading.current) return;
    playerHeading.current.focus();
    playerHeading.current.scrollIntoView?.({ block: 'start' });
  }, [opened, viewer.id, data]);

  if (error && !data) {
    const cancelled = pending?.status === 'cancelled';
    return (
      <Page label="Final standings">
        {notCompleted ? (
          <ContestBlocked
            eyebrow="Final standings"
            title={cancelled ? 'Cancelled' : 'Not finished yet'}
            notice={cancelled ? 'This contest was cancelled' : 'This contest has not completed'}
            reason={
              cancelled
                ? 'It was cancelled before it started, so it has no standings.'
                : 'Final standings appear when the contest ends.'
            }
            action={{ to: contestPaths.detail(contestId), label: 'Go to the contest' }}
          />
        ) : (
          <PageError
            title="The standings could not be loaded"
            message={(error as Error).message}
            onRetry={() => void mutate()}
          />
        )}
      </Page>
    );
  }
  if (!data) {
    return (
      <Page label="Final standings">
        <PageLoader label="Loading the final standings…" />
      </Page>
    );
  }

  const { contest, standings, teams, total } = data;
  const mine = standings.find((row) => row.userId === viewer.id) ?? null;
  const marketPct = benchmark.data ? lastReturn(benchmark.data.points) : null;
  const otherName =
    otherResult.data?.player.ticker ?? standings.find((row) => row.userId === other)?.ticker ?? 'Player';
  return (
    <Page label="Final standings">
      <PageHeader
        eyebrow="Final standings"
        title={contest.name}
        subtitle={`Ended ${formatDateTime(contest.endsAt)} · ${formatNumber(total)} player${total === 1 ? '' : 's'}`}
        actions={
          <>
            <StatusBadge status={contest.status} />
            <ButtonLink to={contestPaths.detail(contest._id)} variant="ghost">
              Contest details
            </ButtonLink>
          </>
        }
      />
      {mine ? (
        <Card>
          <div className="bp-stack">
            <div className="bp-row bp-row--between">
              <span>
                <span className="bp-muted">You finished </span>
                <span className="bp-figure">#{mine.rank}</span>
                <span className="bp-muted"> of {formatNumber(total)}</span>
              </span>
              <span className="bp-figure">
                <Trend value={mine.returnPct} />
              </span>
            </div>
            <ShareResult
              contestId={contest._id}
              rank={mine.rank}
              total={total}
              name={contest.name}
              returnPct={mine.returnPct}
              marketPct={marketPct}
            />
          </div>
        </Card>
      ) : null}
      {standings.length === 0 ? (
        <EmptyState title="Nobody played">
          This contest started with no participants, so there are no standings.
        </EmptyState>
      ) : (
        <>
          {benchmark.error && !benchmark.data ? (
            <Callout tone="warning" title="The market's line could not be loaded">
              {benchmark.error.message}
            </Callout>
          ) : null}
          {mine ? (
            <Card title="Your contest" id="your-results-panel">
              <div className="bp-stack">
                <PlayerResults
                  contest={contest}
                  userId={mine.userId}
                  benchmark={benchmark.data}
                  total={total}
                  who="You"
                />
                <UnfilledOrders contestId={contest._id} />
              </div>
            </Card>
          ) : null}
          <SkillAnalytics
            contestId={contest._id}
            myUserId={mine?.userId ?? null}
            other={other ? { userId: other, name: otherName } : null}
          />
          <Card title="Podium">
            <Podium standings={standings} myUserId={viewer.id} />
          </Card>
          {contest.isTeamCollaboration && teams.length > 0 ? (
            <Card title="Teams">
              <div className="bp-stack">
                <TeamStandingsTable teams={teams} myTeam={mine?.affiliation ?? null} />
                <h3>Member contributions</h3>
                <TeamContributions teams={teams} rows={standings} myTeam={mine?.affiliation ?? null} />
              </div>
            </Card>
          ) : null}
          {other ? (
            <section className="bp-card bp-card--accent bp-stack" aria-labelledby="player-results">
              <div className="bp-row bp-row--between">
                <h2 id="player-results" ref={playerHeading} tabIndex={-1}>
                  {otherName}'s portfolio
                </h2>
                <ButtonLink to={contestPaths.completed(contest._id)} size="small" variant="ghost">
                  Close
                </ButtonLink>
              </div>
              <PlayerResults
                contest={contest}
                userId={other}
                benchmark={benchmark.data}
                total={total}
                who={otherName}
              />
              {otherResult.data ? (
                <p className="bp-small">
                  <Link to={contestPaths.profile(other)}>{otherName}'s profile</Link>
                </p>
              ) : null}
            </section>
          ) : null}
          <Card title="Players" actions={<PriceSource />}>
            <StandingsBoard
              contestId={contest._id}
              standings={standings}
              total={total}
              myUserId={viewer.id}
              teams={contest.isTeamCollaboration}
              startingCash={contest.startingCash}
              playerHref={(row) => (row.userId === viewer.id ? '#your-results-panel' : playerHref(contest._id, row))}
            />
          </Card>
        </>
      )}
    </Page>
  );
}
