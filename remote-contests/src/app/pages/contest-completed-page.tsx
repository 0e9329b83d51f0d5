import { formatNumber, useParams } from '@bullpen/shared';
import {
  ButtonLink,
  contestPaths,
  Empty,
  ErrorPanel,
  formatDateTime,
  formatReturn,
  Loading,
  Notice,
  PageTitle,
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
import { FinalBoard, Podium, TeamStandingsTable } from '../../features/standings';

export default function ContestCompletedPage() {
  const { contestId = '' } = useParams();
  const viewer = useViewer();
  const { data, error, mutate } = useCompletedBoard(contestId);
  const notCompleted = (error as { statusCode?: number } | undefined)?.statusCode === 409;
  // A 409 is not a failure to report: the contest is simply not over (or was cancelled), which the screen says.
  useErrorToast(notCompleted ? undefined : error, !data);
  const pending = useContest(notCompleted ? contestId : undefined).data?.contest;

  if (error && !data) {
    const cancelled = pending?.status === 'cancelled';
    return (
      <Screen label="Final standings">
        {notCompleted ? (
          <>
            <PageTitle eyebrow="Final standings" title={cancelled ? 'Cancelled' : 'Not finished yet'} />
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
          <ErrorPanel
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
        <Loading label="Loading the final standings…" />
      </Screen>
    );
  }

  const { contest, standings, teams, total } = data;
  const mine = standings.find((row) => row.userId === viewer.id) ?? null;
  return (
    <Screen label="Final standings">
      <PageTitle
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
        </Panel>
      ) : null}
      {standings.length === 0 ? (
        <Panel>
          <Empty title="Nobody played">This contest started with no participants, so there are no standings.</Empty>
        </Panel>
      ) : (
        <>
          <Panel title="Podium">
            <Podium standings={standings} myUserId={viewer.id} />
          </Panel>
          {contest.isTeamCollaboration && teams.length > 0 ? (
            <Panel title="Teams">
              <TeamStandingsTable teams={teams} myTeam={mine?.affiliation ?? null} />
            </Panel>
          ) : null}
          <Panel title="Players" actions={<SimulatedPrices />}>
            <FinalBoard
              contestId={contest._id}
              standings={standings}
              total={total}
              myUserId={viewer.id}
              showTeams={contest.isTeamCollaboration}
            />
          </Panel>
        </>
      )}
    </Screen>
  );
}
