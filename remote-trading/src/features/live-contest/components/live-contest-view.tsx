import { useUserStore } from '@bullpen/shared';
import { AnalyticsPanel } from '@bullpen/shared/analytics';
import { LiveChat } from './live-chat';
import { StandingsBoard, TeamStandingsTable } from '@bullpen/shared/boards';
import type { Contest } from '@bullpen/contract';
import { ButtonLink, Card, ErrorState, PageLoader } from '@bullpen/shared/ui';
import { useMemo } from 'react';
import { useBenchmark } from '../api/benchmark-api';
import { useBoard, useContestUser, usePortfolioHistory } from '../api/live-contest-api';
import { useLiveUpdates } from '../hooks/use-live-updates';
import { useRankToast } from '../hooks/use-rank-toast';
import { LiveHeader } from './live-header';
import { PortfolioSummary, PositionsTable } from './portfolio';
import { ValueChart } from './value-chart';
import '@bullpen/shared/ui/parts.css';

export function LiveContestView({ contest }: { contest: Contest }) {
  const me = useUserStore((state) => state.user?.id ?? null);
  const mode = useLiveUpdates(contest._id, true);
  const polling = mode !== 'stream';
  const board = useBoard(contest._id, true, polling);
  const mine = useContestUser(contest._id, polling);
  const joined = mine.data?.data.joined ?? false;
  const history = usePortfolioHistory(contest._id, joined);
  const portfolio = mine.data?.data.portfolio ?? null;
  // The benchmark beside my value: the index's return applied to the same starting cash, on the same ticks.
  const benchmark = useBenchmark(contest._id, joined);
  const benchmarkPoints = benchmark.data?.points;
  const marketLine = useMemo(
    () =>
      benchmarkPoints
        ? benchmarkPoints.map((p) => ({
            t: p.t,
            value: Math.round(contest.startingCash * (1 + p.returnPct) * 100) / 100,
          }))
        : null,
    [benchmarkPoints, contest.startingCash],
  );
  const marketPct = benchmarkPoints ? (benchmarkPoints.at(-1)?.returnPct ?? null) : null;
  const myRow = board.data?.standings.find((row) => row.userId === me);
  useRankToast(joined ? myRow?.rank : null, board.data?.asOf);

  return (
    <div className="bp-stack">
      <LiveHeader
        contest={contest}
        mode={mode}
        title="Leaderboard"
        actions={
          joined ? (
            <ButtonLink variant="primary" to={`/trading/${contest._id}`}>
              Trade
            </ButtonLink>
          ) : null
        }
      />
      {mine.data && !joined ? (
        <p className="bp-note" role="note">
          You are not playing in this contest, so this is a read-only view of its leaderboard.
        </p>
      ) : null}
      <div className="bp-columns bp-columns--even">
        {joined && portfolio ? (
          <Card className="bp-span bp-stack" title="My portfolio" aria-label="My portfolio">
            <PortfolioSummary
              portfolio={portfolio}
              rank={mine.data?.data.rank ?? null}
              endsAt={contest.endsAt}
              marketPct={marketPct}
            />
            <ValueChart
              label="Portfolio value over the contest"
              points={(history.data?.points ?? []).map((p) => ({ t: p.t, value: p.value }))}
              lineLabel="My value"
              startingValue={contest.startingCash}
              compare={
                benchmark.data && marketLine
                  ? { label: `${benchmark.data.name}, from the same starting cash`, points: marketLine }
                  : null
              }
            />
          </Card>
        ) : null}
        {/* A team board has one more column: it takes the whole width, the teams and positions share the row below. */}
        <Card className={contest.isTeamCollaboration ? 'bp-span' : undefined} title="Standings" aria-label="Standings">
          {board.error ? (
            <ErrorState title="Could not load the standings" error={board.error} onRetry={() => void board.mutate()} />
          ) : board.data ? (
            <StandingsBoard
              contestId={contest._id}
              standings={board.data.standings}
              total={board.data.total}
              asOf={board.data.asOf}
              myUserId={me}
              teams={contest.isTeamCollaboration}
              startingCash={board.data.contest.startingCash}
            />
          ) : (
            <PageLoader label="Loading standings…" />
          )}
        </Card>
        {contest.isTeamCollaboration && board.data ? (
          <Card title="Teams" aria-label="Teams">
            <TeamStandingsTable teams={board.data.teams} myTeam={myRow?.affiliation ?? null} />
          </Card>
        ) : null}
        {joined && portfolio ? (
          <Card title="My positions" aria-label="My positions">
            <PositionsTable portfolio={portfolio} />
          </Card>
        ) : null}
        {joined && me ? (
          // Re-read with each board the screen receives, so the figures move with the standings.
          <Card title="My analytics" aria-label="My analytics">
            <AnalyticsPanel
              contestId={contest._id}
              userId={me}
              title="Skill figures so far"
              refreshOn={board.data?.asOf}
            />
          </Card>
        ) : null}
        <LiveChat contest={contest} />
      </div>
    </div>
  );
}
