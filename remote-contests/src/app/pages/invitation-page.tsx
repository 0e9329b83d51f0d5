import { useParams } from '@bullpen/shared';
import { ButtonLink } from '@bullpen/shared/ui';
import { ContestFacts, ContestGate, contestPaths, JoiningClosed, picksRule } from '../../features/contests';
import { InvitationLayout, InvitationShare, JoinAction } from '../../features/invitation';

export default function InvitationPage() {
  const { contestId = '' } = useParams();
  return (
    <ContestGate contestId={contestId} label="Invitation">
      {(contest) => (
        <InvitationLayout
          contest={contest}
          eyebrow={`${contest.createdBy.ticker} invites you`}
          join={
            contest.status === 'upcoming' ? (
              <div className="bp-stack">
                <JoinAction
                  contest={contest}
                  prompt={<p>{picksRule(contest.picksCount)} before the start to take part.</p>}
                  joinLabel="Join — choose your picks"
                  joined={
                    <ButtonLink to={contestPaths.detail(contest._id)} variant="primary">
                      You’re in — view contest
                    </ButtonLink>
                  }
                />
              </div>
            ) : (
              <div className="bp-stack">
                <JoiningClosed contest={contest} closed="Joining closed at the start." />
                <ButtonLink to={contestPaths.detail(contest._id)}>View contest</ButtonLink>
              </div>
            )
          }
          main={{ title: 'About this contest', body: <ContestFacts contest={contest} /> }}
          // An invitation to join is only worth passing on while joining is open.
          more={
            contest.status === 'upcoming'
              ? { title: 'Pass it on', body: <InvitationShare contest={contest} /> }
              : undefined
          }
        />
      )}
    </ContestGate>
  );
}
