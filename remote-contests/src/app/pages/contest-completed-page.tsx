import { Link, useParams, useSearchParams } from '@bullpen/shared';
import { EmptyState, PageError, PageHeader, PageLoader } from '@bullpen/shared/ui';
import { formatNumber } from '@bullpen/shared/format';
import { StandingsBoard, TeamStandingsTable } from '@bullpen/shared/boards';
import type { Standing } from '@bullpen/shared/schemas';
import { useEffect, useRef } from 'react';
import {
  ButtonLink,
  contestPaths,
  formatDateTime,
  formatReturn,
  Notice,
  Panel,
  Screen,
  SimulatedPrices,
  StatusBadge,
  Trend,
  useCompletedBoard,
  useContest,
  useErrorToast,
  useViewer,
} from '../../features/contests';
import {
  lastReturn,
  PlayerResults,
  RESULTS_CSS,
  ShareResult,
  TeamContributions,
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
      <Screen label="Final standings">
        {notCompleted ? (
          <>
            <PageHeader eyebrow="Final standings" title={cancelled ? 'Cancelled' : 'Not finished yet'} />
            {cancelled ? (
              <Notice tone="warning" title="This contest was cancelled">
                It was cancelled before it started, so it has no standings.
              </Notice>
            ) : (
              <Notice tone="warning" title="This contest has not completed">
                Final standings appear when the contest ends.
              </Notice>
            )}
            <div className="bpc-row">
              <ButtonLink to={contestPaths.detail(contestId)} variant="primary">
                Go to the contest
              </ButtonLink>
            </div>
          </>
        ) : (
          <PageError
            title="The standings could not be loaded"
            message={(error as Error).message}
            onRetry={() => void mutate()}
          />
        )}
      </Screen>
    );
  }
  if (!data) {
    return (
      <Screen label="Final standings">
        <PageLoader label="Loading the final standings…" />
      </Screen>
    );
  }

  const { contest, standings, teams, total } = data;
  const mine = standings.find((row) => row.userId === viewer.id) ?? null;
  const marketPct = benchmark.data ? lastReturn(benchmark.data.points) : null;
  const otherName =
    otherResult.data?.player.ticker ?? standings.find((row) => row.userId === other)?.ticker ?? 'Player';
  return (
    <Screen label="Final standings">
      <style href="bullpen-results" precedence="default">
        {RESULTS_CSS}
      </style>
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
        <Panel>
          <div className="bpc-stack">
            <div className="bpc-row bpc-between">
              <span>
                <span className="bpc-muted">You finished </span>
                <span className="bpc-big">#{mine.rank}</span>
                <span className="bpc-muted"> of {formatNumber(total)}</span>
              </span>
              <span className="bpc-big">
                <Trend value={mine.returnPct}>{formatReturn(mine.returnPct)}</Trend>
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
        </Panel>
      ) : null}
      {standings.length === 0 ? (
        <Panel>
          <EmptyState title="Nobody played">
            This contest started with no participants, so there are no standings.
          </EmptyState>
        </Panel>
      ) : (
        <>
          {benchmark.error && !benchmark.data ? (
            <Notice tone="warning" title="The market's line could not be loaded">
              {benchmark.error.message}
            </Notice>
          ) : null}
          {mine ? (
            <section className="bpc-panel" aria-labelledby="your-results" id="your-results-panel">
              <h2 id="your-results">Your contest</h2>
              <PlayerResults
                contest={contest}
                userId={mine.userId}
                benchmark={benchmark.data}
                total={total}
                who="You"
              />
            </section>
          ) : null}
          <Panel title="Podium">
            <Podium standings={standings} myUserId={viewer.id} />
          </Panel>
          {contest.isTeamCollaboration && teams.length > 0 ? (
            <Panel title="Teams">
              <div className="bpc-stack">
                <TeamStandingsTable teams={teams} myTeam={mine?.affiliation ?? null} />
                <h3 style={{ margin: 0 }}>Member contributions</h3>
                <TeamContributions teams={teams} rows={standings} myTeam={mine?.affiliation ?? null} />
              </div>
            </Panel>
          ) : null}
          {other ? (
            <section className="bpc-panel bpc-player-panel" aria-labelledby="player-results">
              <div className="bpc-row bpc-between">
                <h2 id="player-results" ref={playerHeading} tabIndex={-1} style={{ margin: 0 }}>
                  {otherName}'s portfolio
                </h2>
                <ButtonLink to={contestPaths.completed(contest._id)} small variant="ghost">
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
                <p className="bpc-small" style={{ margin: 0 }}>
                  <Link to={contestPaths.profile(other)}>{otherName}'s profile</Link>
                </p>
              ) : null}
            </section>
          ) : null}
          <Panel title="Players" actions={<SimulatedPrices />}>
            <StandingsBoard
              contestId={contest._id}
              standings={standings}
              total={total}
              myUserId={viewer.id}
              teams={contest.isTeamCollaboration}
              startingCash={contest.startingCash}
              playerHref={(row) => (row.userId === viewer.id ? '#your-results-panel' : playerHref(contest._id, row))}
            />
          </Panel>
        </>
      )}
    </Screen>
  );
}
