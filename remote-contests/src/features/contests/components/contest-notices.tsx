import type { Contest } from '@bullpen/contract';
import { ButtonLink, Callout, type CalloutTone, PageHeader } from '@bullpen/shared/ui';
import type { ReactNode } from 'react';
import { STATUS_LABEL } from '../lib/contest-status';

/**
 * A contest screen this viewer cannot use now (not theirs to edit, picks locked, not over yet): the page's header,
 * why, and the one way on.
 */
export function ContestBlocked({
  eyebrow,
  title,
  notice,
  reason,
  tone = 'warning',
  action,
}: {
  eyebrow: string;
  /** The page's h1: the contest's name, or what the page would have been. */
  title: string;
  notice: string;
  reason?: ReactNode;
  tone?: CalloutTone;
  action: { to: string; label: string };
}) {
  return (
    <>
      <PageHeader eyebrow={eyebrow} title={title} />
      <Callout tone={tone} title={notice}>
        {reason}
      </Callout>
      <div className="bp-row">
        <ButtonLink to={action.to} variant="primary">
          {action.label}
        </ButtonLink>
      </div>
    </>
  );
}

/** Why a contest that is no longer upcoming cannot be joined; `closed` says when joining closed. */
export function JoiningClosed({ contest, closed }: { contest: Contest; closed: string }) {
  return (
    <Callout
      tone={contest.status === 'cancelled' ? 'danger' : 'warning'}
      title={`This contest is ${STATUS_LABEL[contest.status].toLowerCase()}`}
    >
      {contest.status === 'cancelled' ? 'It was cancelled by its organiser.' : closed}
    </Callout>
  );
}
