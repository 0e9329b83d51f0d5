import { Navigate, useParams, useUserStore } from '@bullpen/shared';
import { ButtonLink, Callout, Card } from '@bullpen/shared/ui';
import { ContestFacts, ContestGate, contestPaths } from '../../features/contests';
import { ContestHero, InvitationShare } from '../../features/invitation';

/** The creator's next step after creating a contest; anyone else, or a contest no longer upcoming, gets its details. */
export default function ContestConfirmedPage() {
  const { contestId = '' } = useParams();
  const me = useUserStore((state) => state.user);
  return (
    <ContestGate contestId={contestId} label="Contest created">
      {(contest) =>
        contest.createdBy._id !== me?.id || contest.status !== 'upcoming' ? (
          <Navigate to={contestPaths.detail(contest._id)} replace />
        ) : (
          <>
            <Callout tone="success" title="Your contest is ready">
              Share the invitation link below. Anyone with it can read the rules and join before the start.
            </Callout>
            <ContestHero contest={contest} eyebrow="Contest created" />
            <div className="bp-columns">
              <Card title="Invite players">
                <InvitationShare contest={contest} />
              </Card>
              <Card title="Next step">
                <div className="bp-stack">
                  <p>
                    Creating a contest does not enter you in it. Save your {contest.picksCount} pick
                    {contest.picksCount === 1 ? '' : 's'} to join.
                  </p>
                  <ButtonLink to={contestPaths.savePicks(contest._id)} variant="primary">
                    Save your picks
                  </ButtonLink>
                  <ButtonLink to={contestPaths.detail(contest._id)} variant="ghost">
                    View contest
                  </ButtonLink>
                </div>
              </Card>
            </div>
            <Card title="Details">
              <ContestFacts contest={contest} />
            </Card>
          </>
        )
      }
    </ContestGate>
  );
}
