import { useParams } from '@bullpen/shared';
import {
  ButtonLink,
  ContestFacts,
  ContestGate,
  contestPaths,
  isFull,
  Notice,
  Panel,
  STATUS_LABEL,
  useContestUser,
} from '../../features/contests';
import { ContestHero, InvitationShare } from '../../features/invitation';

function JoinAction({ contestId, full }: { contestId: string; full: boolean }) {
  const { data } = useContestUser(contestId);
  if (data?.data.joined) {
    return (
      <ButtonLink to={contestPaths.detail(contestId)} variant="primary">
        You’re in — view contest
      </ButtonLink>
    );
  }
  if (full) return <Notice tone="warning" title="This contest is full" />;
  return (
    <ButtonLink to={contestPaths.savePicks(contestId)} variant="primary">
      Join — choose your picks
    </ButtonLink>
  );
}

export default function InvitationPage() {
  const { contestId = '' } = useParams();
  return (
    <ContestGate contestId={contestId} label="Invitation">
      {(contest) => (
        <>
          <ContestHero contest={contest} eyebrow={`${contest.createdBy.ticker} invites you`} />
          <div className="bpc-two bpc-two--action-first">
            <Panel title="Join">
              {contest.status === 'upcoming' ? (
                <div className="bpc-stack">
                  <p style={{ margin: 0 }}>Pick {contest.picksCount} stocks before the start to take part.</p>
                  <JoinAction contestId={contest._id} full={isFull(contest)} />
                </div>
              ) : (
                <div className="bpc-stack">
                  <Notice
                    tone={contest.status === 'cancelled' ? 'loss' : 'warning'}
                    title={`This contest is ${STATUS_LABEL[contest.status].toLowerCase()}`}
                  >
                    {contest.status === 'cancelled'
                      ? 'It was cancelled by its organiser.'
                      : 'Joining closed at the start.'}
                  </Notice>
                  <ButtonLink to={contestPaths.detail(contest._id)}>View contest</ButtonLink>
                </div>
              )}
            </Panel>
            <Panel title="About this contest">
              <ContestFacts contest={contest} />
            </Panel>
          </div>
          {/* An invitation to join is only worth passing on while joining is open. */}
          {contest.status === 'upcoming' ? (
            <Panel title="Pass it on">
              <InvitationShare contest={contest} />
            </Panel>
          ) : null}
        </>
      )}
    </ContestGate>
  );
}
