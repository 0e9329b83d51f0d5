import { clearNextAddress } from '@bullpen/shared';

// When a session ends (a sign-out, or one that can no longer refresh), the page its user was on turns into the
// signed-out routes at the same address. That address is theirs, not "next" for whoever signs in after them on this
// tab: it is not remembered, and an older "next" is dropped with it.

let endedAt: string | null = null;

/** Called as a session ends: forget "next", and do not remember the address the page is on now. */
export function forgetAddressOfEndedSession(): void {
  clearNextAddress();
  endedAt = `${window.location.pathname}${window.location.search}${window.location.hash}`;
}

/** Whether `address` is where the last session ended (until the visitor moves on from it). */
export function isEndedSessionAddress(address: string): boolean {
  if (endedAt === null) return false;
  if (endedAt === address) return true;
  endedAt = null;
  return false;
}
