import { useUserStore } from '@bullpen/shared';
import { ChatPanel } from '@bullpen/shared/chat';
import type { Contest } from '@bullpen/contract';

/** The contest's chat on its detail page: players and the creator plan before the start, and it stays afterwards. */
export function ContestChat({ contest }: { contest: Contest }) {
  const me = useUserStore((state) => state.user?.id ?? null);
  return <ChatPanel contestId={contest._id} isTeamCollaboration={contest.isTeamCollaboration} myUserId={me} />;
}
