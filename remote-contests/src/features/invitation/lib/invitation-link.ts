import { saveNextAddress } from '@bullpen/shared';
import type { Contest } from '@bullpen/contract';

/** The public join page of DESIGN §5, as an absolute link on the app's own origin. */
export function invitationUrl(contestId: string, origin: string = window.location.origin): string {
  return `${origin}/join-contest-info/${encodeURIComponent(contestId)}`;
}

export function shareText(contest: Contest, url: string): string {
  const picks = `${contest.picksCount} stock${contest.picksCount === 1 ? '' : 's'}`;
  const cash = contest.startingCash.toLocaleString('en-US', {
    style: 'currency',
    currency: 'USD',
    maximumFractionDigits: 0,
  });
  const start = new Date(contest.startsAt).toLocaleString('en-US', {
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  });
  const team = contest.isTeamCollaboration ? ` Teams: ${contest.affiliations.join(', ')}.` : '';
  return `Join my Bullpen contest “${contest.name}”: pick ${picks} with ${cash} of virtual cash. Starts ${start}.${team} ${url}`;
}

/**
 * The host keeps the signed-out address as "next" (SPEC §2); leaving for /auth must not lose it, so the join page
 * saves its own address the same way before going.
 */
export function rememberReturnAddress(path: string): void {
  saveNextAddress(path);
}
