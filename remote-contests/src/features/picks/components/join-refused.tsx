import { ButtonLink, Callout } from '@bullpen/shared/ui';
import { useEffect, useRef } from 'react';
import { contestPaths } from '../../contests';
import type { PicksMode } from '../lib/picks-draft';
import type { Refusal } from '../lib/refusal';

/**
 * In place of the confirm button once the API has refused the picks for good: what happened, said where the player is
 * looking (a toast would cover the buttons on a phone and vanish), and the ways on.
 */
export function JoinRefused({ refusal, contestId, mode }: { refusal: Refusal; contestId: string; mode: PicksMode }) {
  const box = useRef<HTMLDivElement>(null);
  // It replaces the button the player just pressed, at the foot of the page: brought into view whole (on a phone it
  // is taller than the button was) and focused, so the ways on are where they look and next for the keyboard.
  useEffect(() => {
    box.current?.scrollIntoView?.({ block: 'end', behavior: 'smooth' });
    box.current?.focus({ preventScroll: true });
  }, []);
  const back = { to: contestPaths.detail(contestId), label: 'Back to the contest' };
  let title: string;
  let text: string;
  let primary = back;
  let secondary: typeof back | null = null;
  if (refusal.kind === 'closed' && refusal.status === 'active') {
    title = 'The contest has started: picks are locked';
    text =
      mode === 'join'
        ? 'It started before you joined, so you are not playing in it. You can still watch it live.'
        : 'It started before your new picks were saved: your earlier picks stand.';
    primary = { to: contestPaths.live(contestId), label: mode === 'join' ? 'Watch it live' : 'Go to the live contest' };
    secondary = back;
  } else if (refusal.kind === 'closed') {
    title = refusal.status === 'cancelled' ? 'This contest was cancelled' : 'This contest is over';
    text = mode === 'join' ? 'It can no longer be joined.' : 'Picks can no longer be changed.';
  } else if (refusal.kind === 'full') {
    title = 'This contest is full';
    text = 'Every place was taken before you confirmed, so you could not join.';
    primary = { to: contestPaths.home, label: 'Find another contest' };
    secondary = back;
  } else if (refusal.kind === 'joined') {
    title = 'You have already joined this contest';
    text = 'Your picks are on the contest page, where you can change them until the start.';
    primary = { to: contestPaths.detail(contestId), label: 'Go to the contest' };
  } else {
    title = mode === 'join' ? 'You could not join this contest' : 'Your picks could not be saved';
    text = refusal.message;
  }
  return (
    <div ref={box} className="bp-stack join-refused" role="alert" tabIndex={-1}>
      <Callout tone="danger" title={title}>
        {text}
      </Callout>
      <div className="bp-row bp-row--end">
        {secondary ? (
          <ButtonLink to={secondary.to} variant="ghost">
            {secondary.label}
          </ButtonLink>
        ) : null}
        <ButtonLink to={primary.to} variant="primary">
          {primary.label}
        </ButtonLink>
      </div>
    </div>
  );
}
