import { Link, useParams } from '@bullpen/shared';
import { ContestActions, ContestChat, YourPlace } from '../../features/contest-detail';
import { formatDateTime } from '@bullpen/shared/format';
import { Callout, Card, Chips } from '@bullpen/shared/ui';
import {
  ContestFacts,
  ContestGate,
  ContestRules,
  contestPaths,
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
            <Callout tone="danger" title="This contest was cancelled">
              It was called off before the start (last change {formatDateTime(contest.updatedAt)}). Nobody plays and
              there are no standings.
            </Callout>
          ) : null}
          {contest.status === 'active' ? (
            <Callout tone="success" title="This contest is live">
              Ends {formatDateTime(contest.endsAt)}.
            </Callout>
          ) : null}
          <ContestActions contest={contest} contestUser={contestUser.data?.data} viewer={viewer} />
          <div className="bp-columns">
            <Card title="Your place">
              <YourPlace contest={contest} contestUser={contestUser.data?.data} error={contestUser.error} />
            </Card>
            <Card title="Details">
              <ContestFacts contest={contest} />
              {contest.status === 'upcoming' ? (
                <p className="bp-small">
                  <Link to={contestPaths.invitation(contest._id)}>Invitation and share link →</Link>
                </p>
              ) : null}
            </Card>
          </div>
          {contest.isTeamCollaboration ? (
            <Card title="Teams">
              <Chips label="Teams" items={contest.affiliations} />
            </Card>
          ) : null}
          <Card title="Rules">
            <ContestRules contest={contest} />
          </Card>
          <ContestChat contest={contest} />
        </>
      )}
    </ContestGate>
  );
}
