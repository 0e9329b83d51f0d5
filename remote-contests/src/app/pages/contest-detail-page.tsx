import { Link, useParams } from '@bullpen/shared';
import { ContestActions, YourPlace } from '../../features/contest-detail';
import {
  ContestFacts,
  ContestGate,
  ContestRules,
  contestPaths,
  formatDateTime,
  Notice,
  Panel,
  useContestUser,
  useErrorToast,
  useViewer,
} from '../../features/contests';
import { ContestHero } from '../../features/invitation';

export default function ContestDetailPage() {
  const { contestId = '' } = useParams();
  const viewer = useViewer();
  const contestUser = useContestUser(contestId);
  useErrorToast(contestUser.error, !contestUser.data);
  return (
    <ContestGate contestId={contestId} label="Contest detail">
      {(contest) => (
        <>
          <ContestHero contest={contest} eyebrow="Contest" />
          {contest.status === 'cancelled' ? (
            <Notice tone="loss" title="This contest was cancelled">
              It was called off before the start (last change {formatDateTime(contest.updatedAt)}). Nobody plays and
              there are no standings.
            </Notice>
          ) : null}
          {contest.status === 'active' ? (
            <Notice tone="gain" title="This contest is live">
              Ends {formatDateTime(contest.endsAt)}.
            </Notice>
          ) : null}
          <ContestActions contest={contest} contestUser={contestUser.data?.data} viewer={viewer} />
          <div className="bpc-two">
            <Panel title="Your place">
              <YourPlace contest={contest} contestUser={contestUser.data?.data} error={contestUser.error} />
            </Panel>
            <Panel title="Details">
              <ContestFacts contest={contest} />
              {contest.status === 'upcoming' ? (
                <p className="bpc-small" style={{ marginBottom: 0 }}>
                  <Link to={contestPaths.invitation(contest._id)}>Invitation and share link →</Link>
                </p>
              ) : null}
            </Panel>
          </div>
          {contest.isTeamCollaboration ? (
            <Panel title="Teams">
              <ul className="bpc-row" style={{ listStyle: 'none', padding: 0, margin: 0, gap: 8 }} aria-label="Teams">
                {contest.affiliations.map((team) => (
                  <li key={team} className="bpc-chip" style={{ paddingRight: 12 }}>
                    <span>{team}</span>
                  </li>
                ))}
              </ul>
            </Panel>
          ) : null}
          <Panel title="Rules">
            <ContestRules contest={contest} />
          </Panel>
        </>
      )}
    </ContestGate>
  );
}
