import type { Contest } from '@bullpen/contract';
import { ButtonLink, Callout, Card } from '@bullpen/shared/ui';
import type { ReactNode } from 'react';
import { contestPaths, isFull, useContestUser } from '../../contests';
import { ContestHero } from './contest-hero';

/**
 * The pages that invite someone into a contest: the contest's hero, the way to join first (beside the main card
 * from tablet width), then more about the contest.
 */
export function InvitationLayout({
  contest,
  eyebrow,
  join,
  main,
  more,
}: {
  contest: Contest;
  eyebrow: string;
  /** The Join card's content. */
  join: ReactNode;
  main: { title: string; body: ReactNode };
  more?: { title: string; body: ReactNode };
}) {
  return (
    <>
      <ContestHero contest={contest} eyebrow={eyebrow} />
      <div className="bp-columns bp-columns--aside-first">
        <Card title="Join">{join}</Card>
        <Card title={main.title}>{main.body}</Card>
      </div>
      {more ? <Card title={more.title}>{more.body}</Card> : null}
    </>
  );
}

/**
 * A signed-in viewer's way into an upcoming contest: `joined` once they are in, the full notice, or Join with its
 * `prompt` (what joining asks of them, which only someone who can still join needs to read).
 */
export function JoinAction({
  contest,
  joinLabel,
  joined,
  prompt,
}: {
  contest: Contest;
  joinLabel: string;
  joined: ReactNode;
  prompt?: ReactNode;
}) {
  const { data } = useContestUser(contest._id);
  if (data?.data.joined) return <>{joined}</>;
  if (isFull(contest)) return <Callout tone="warning" title="This contest is full" />;
  return (
    <>
      {prompt}
      <ButtonLink to={contestPaths.savePicks(contest._id)} variant="primary">
        {joinLabel}
      </ButtonLink>
    </>
  );
}
