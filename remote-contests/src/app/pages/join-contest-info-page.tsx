import { useLocation, useParams } from '@bullpen/shared';
import type { ContestStatus } from '@bullpen/contract';
import { ButtonLink, Callout } from '@bullpen/shared/ui';
import {
  ContestFacts,
  ContestGate,
  ContestRules,
  contestPaths,
  JoiningClosed,
  useViewer,
} from '../../features/contests';
import { InvitationLayout, JoinAction, rememberReturnAddress } from '../../features/invitation';

function SignedOutJoin() {
  const location = useLocation();
  // The full address, as the host saves it (SPEC §2): origin, path and query.
  const here = `${window.location.origin}${location.pathname}${location.search}`;
  return (
    <div className="bp-stack">
      <p>Create a free account with your phone number, then you’ll come straight back here to join.</p>
      <ButtonLink to={contestPaths.auth} variant="primary" onClick={() => rememberReturnAddress(here)}>
        Sign up to join
      </ButtonLink>
      <span className="bp-small bp-muted">Already have an account? Choose Sign In on the next screen.</span>
    </div>
  );
}

/** The public page's headline, for the moment the visitor opens it: an invitation only while joining is open. */
const EYEBROW: Record<ContestStatus, string> = {
  upcoming: 'You’re invited to a Bullpen contest',
  active: 'A Bullpen contest, live now',
  completed: 'A finished Bullpen contest',
  cancelled: 'A cancelled Bullpen contest',
};

export default function JoinContestInfoPage() {
  const { contestId = '' } = useParams();
  const viewer = useViewer();
  const signedIn = viewer.id !== null;
  return (
    <ContestGate contestId={contestId} label="Join contest">
      {(contest) => (
        <InvitationLayout
          contest={contest}
          eyebrow={EYEBROW[contest.status]}
          join={
            <div className="bp-stack">
              {contest.status !== 'upcoming' ? (
                <JoiningClosed contest={contest} closed="Joining closed when it started." />
              ) : signedIn ? (
                <JoinAction
                  contest={contest}
                  joinLabel="Join"
                  joined={
                    <div className="bp-stack">
                      <Callout tone="success" title="You’ve joined this contest" />
                      <ButtonLink to={contestPaths.detail(contest._id)} variant="primary">
                        View contest
                      </ButtonLink>
                    </div>
                  }
                />
              ) : (
                <SignedOutJoin />
              )}
              {contest.status === 'upcoming' ? (
                <p className="bp-small bp-muted" data-testid="participants-count">
                  {contest.participantsCount} of {contest.maxParticipants} places taken
                </p>
              ) : null}
            </div>
          }
          main={{ title: 'How it works', body: <ContestRules contest={contest} /> }}
          more={{ title: 'At a glance', body: <ContestFacts contest={contest} /> }}
        />
      )}
    </ContestGate>
  );
}
