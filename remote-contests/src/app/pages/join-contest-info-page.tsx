import { Link, useLocation, useParams } from '@bullpen/shared';
import {
  ButtonLink,
  ContestFacts,
  ContestGate,
  ContestRules,
  contestPaths,
  isFull,
  Notice,
  Panel,
  STATUS_LABEL,
  useContestUser,
  useViewer,
} from '../../features/contests';
import { ContestHero, rememberReturnAddress } from '../../features/invitation';
import type { Contest } from '@bullpen/shared/schemas';

function SignedInJoin({ contest }: { contest: Contest }) {
  const { data } = useContestUser(contest._id);
  if (data?.data.joined) {
    return (
      <div className="bpc-stack">
        <Notice tone="gain" title="You’ve joined this contest" />
        <ButtonLink to={contestPaths.detail(contest._id)} variant="primary">
          View contest
        </ButtonLink>
      </div>
    );
  }
  if (isFull(contest)) return <Notice tone="warning" title="This contest is full" />;
  return (
    <ButtonLink to={contestPaths.savePicks(contest._id)} variant="primary">
      Join
    </ButtonLink>
  );
}

function SignedOutJoin() {
  const location = useLocation();
  // The full address, as the host saves it (SPEC §2): origin, path and query.
  const here = `${window.location.origin}${location.pathname}${location.search}`;
  return (
    <div className="bpc-stack">
      <p style={{ margin: 0 }}>
        Create a free account with your phone number, then you’ll come straight back here to join.
      </p>
      <Link to={contestPaths.auth} className="bpc-btn bpc-primary" onClick={() => rememberReturnAddress(here)}>
        Sign up to join
      </Link>
      <span className="bpc-small bpc-muted">Already have an account? Choose Sign In on the next screen.</span>
    </div>
  );
}

export default function JoinContestInfoPage() {
  const { contestId = '' } = useParams();
  const viewer = useViewer();
  const signedIn = viewer.id !== null;
  return (
    <ContestGate contestId={contestId} label="Join contest">
      {(contest) => (
        <>
          <ContestHero contest={contest} eyebrow="You’re invited to a Bullpen contest" />
          <div className="bpc-two bpc-two--action-first">
            <Panel title="Join">
              {contest.status !== 'upcoming' ? (
                <Notice
                  tone={contest.status === 'cancelled' ? 'loss' : 'warning'}
                  title={`This contest is ${STATUS_LABEL[contest.status].toLowerCase()}`}
                >
                  {contest.status === 'cancelled'
                    ? 'It was cancelled by its organiser.'
                    : 'Joining closed when it started.'}
                </Notice>
              ) : signedIn ? (
                <SignedInJoin contest={contest} />
              ) : (
                <SignedOutJoin />
              )}
              <p className="bpc-small bpc-muted" style={{ marginBottom: 0 }} data-testid="participants-count">
                {contest.participantsCount} of {contest.maxParticipants} places taken
              </p>
            </Panel>
            <Panel title="How it works">
              <ContestRules contest={contest} />
            </Panel>
          </div>
          <Panel title="At a glance">
            <ContestFacts contest={contest} />
          </Panel>
        </>
      )}
    </ContestGate>
  );
}
