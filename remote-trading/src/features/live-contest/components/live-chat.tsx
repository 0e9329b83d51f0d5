import { useUserStore } from '@bullpen/shared';
import { ChatPanel } from '@bullpen/shared/chat';
import type { Contest } from '@bullpen/contract';

/** The contest's chat beside the board and the ticket: the same panel as on the contest's detail page. */
export function LiveChat({ contest }: { contest: Contest }) {
  const me = useUserStore((state) => state.user?.id ?? null);
  return <ChatPanel contestId={contest._id} isTeamCollaboration={contest.isTeamCollaboration} myUserId={me} />;
}
