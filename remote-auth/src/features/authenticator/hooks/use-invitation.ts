import { peekNextPath } from '@bullpen/shared';
import { useContest } from '@bullpen/shared/reads';
import { useState } from 'react';

// Both addresses an invitation is shared by: the public join page and the signed-in invitation page, which sends a
// signed-out visitor here (SPEC §2) with itself as "next".
const JOIN_PATH = /^\/(?:join-contest-info|invitation)\/([^/?#]+)/;

/** The contest of the invitation a signed-out visitor followed here ("next" is its join or invitation page), or null. */
export function invitationContestId(nextPath: string | null = peekNextPath()): string | null {
  const match = nextPath ? JOIN_PATH.exec(nextPath) : null;
  if (!match?.[1]) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return null;
  }
}

/**
 * A visitor who follows an invitation arrives to create an account: which contest it is for, read once at
 * mount from "next" (the join page saved it before coming here), with its name from the public contest view. A read
 * that fails for a moment is retried as every read is (a 404 is an answer, never retried): until it answers, the
 * heading names "this contest".
 */
export function useInvitation(): { contestId: string; name: string | null } | null {
  const [contestId] = useState(() => invitationContestId());
  const { data } = useContest(contestId ?? undefined, { revalidateOnFocus: false });
  if (!contestId) return null;
  return { contestId, name: data?.contest.name ?? null };
}
