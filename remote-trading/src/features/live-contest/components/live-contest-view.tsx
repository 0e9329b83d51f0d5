import { errorMessage, Link, useUserStore } from '@bullpen/shared';
import { StandingsBoard, TeamStandingsTable } from '@bullpen/shared/boards';
import type { Contest } from '@bullpen/shared/schemas';
import { useMemo } from 'react';
import { useBenchmark } from '../api/benchmark-api';
import { useBoard, useContestUser, usePortfolioHistory } from '../api/live-contest-api';
import { useLiveUpdates } from '../hooks/use-live-updates';
import { useRankToast } from '../hooks/use-rank-toast';
import { LiveHeader } from './live-header';
import { PortfolioSummary, PositionsTable } from './portfolio';
import { ValueChart } from './value-chart';
import './live-contest.css';

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
    <div className="lc-page">
      <LiveHeader
        contest={contest}
        mode={mode}
        title="Leaderboard"
        actions={
          joined ? (
            <Link className="lc-button lc-button--primary" to={`/trading/${contest._id}`}>
              Trade
            </Link>
          ) : null
        }
      />
      {mine.data && !joined ? (
        <p className="lc-note" role="note">
          You are not playing in this contest, so this is a read-only view of its leaderboard.
        </p>
      ) : null}
      <div className="lc-grid">
        {joined && portfolio ? (
          <section className="lc-card lc-span" aria-labelledby="lc-mine">
            <h2 id="lc-mine">My portfolio</h2>
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
              compare={
                benchmark.data && marketLine
                  ? { label: `${benchmark.data.name}, from the same starting cash`, points: marketLine }
                  : null
              }
            />
          </section>
        ) : null}
        {/* A team board has one more column: it takes the whole width, the teams and positions share the row below. */}
        <section className={contest.isTeamCollaboration ? 'lc-card lc-span' : 'lc-card'} aria-labelledby="lc-board">
          <h2 id="lc-board">Standings</h2>
          {board.error ? (
            <p role="alert">{errorMessage(board.error)}</p>
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
            <p className="lc-muted" role="status">
              Loading standings…
            </p>
          )}
        </section>
        {contest.isTeamCollaboration && board.data ? (
          <section className="lc-card" aria-labelledby="lc-teams">
            <h2 id="lc-teams">Teams</h2>
            <TeamStandingsTable teams={board.data.teams} myTeam={myRow?.affiliation ?? null} />
          </section>
        ) : null}
        {joined && portfolio ? (
          <section className="lc-card" aria-labelledby="lc-positions">
            <h2 id="lc-positions">My positions</h2>
            <PositionsTable portfolio={portfolio} />
          </section>
        ) : null}
      </div>
    </div>
  );
}
