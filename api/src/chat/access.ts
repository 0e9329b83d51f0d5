import type { ChatChannel, ChatViewer } from '@bullpen/contract';
import type { LoadedContest } from '../db/contests';
import type { UserRow } from '../db/users';
import { contestStatus } from '../domain/contest-status';
import { badRequest, conflict, forbidden } from '../lib/errors';

/**
 * Who may read and write which chat (API.md "Chat"). The contest's channel is read by whoever may see the contest: a
 * public one by any signed-in user, a private one by whoever holds its link (DESIGN §5; the id is the link, as on the
 * contest's detail and boards). A team's channel is read by that team's members only. Players and the creator write,
 * while the contest is upcoming or live.
 */
export interface ChatAccess {
  contest: LoadedContest;
  user: UserRow;
  isCreator: boolean;
  canModerate: boolean;
  /** The caller's team in a team collaboration, or null. */
  team: string | null;
}

export function chatAccess(contest: LoadedContest, user: UserRow): ChatAccess {
  const isCreator = contest.row.createdBy === user.id;
  const team = contest.row.affiliations.length > 0 ? (contest.participant?.affiliation ?? null) : null;
  return { contest, user, isCreator, canModerate: isCreator || user.role === 'admin', team };
}

/** The team whose channel this is (null: the contest's); 400 or 403 when the caller cannot read it. */
export function readableTeam(access: ChatAccess, channel: ChatChannel): string | null {
  if (channel === 'contest') return null;
  if (access.contest.row.affiliations.length === 0) {
    throw badRequest('Validation failed', [{ field: 'channel', message: 'This contest has no teams' }]);
  }
  if (access.team === null) throw forbidden("Only a team's members read its channel");
  return access.team;
}

const isOver = (access: ChatAccess) => {
  const status = contestStatus(access.contest.row);
  return status === 'completed' || status === 'cancelled';
};

/** Why the caller cannot post in this channel (with the status the refusal carries), or null when they can. */
function postRefusal(
  access: ChatAccess,
  channel: ChatChannel,
  muted: boolean,
): { status: 403 | 409; reason: string } | null {
  if (isOver(access)) return { status: 409, reason: 'The contest is over: its chat is read-only' };
  const isPlayer = access.contest.participant !== null;
  if (channel === 'team' ? !isPlayer : !isPlayer && !access.isCreator) {
    return {
      status: 403,
      reason:
        channel === 'team'
          ? "Only the team's members post here"
          : "Only the contest's players and its creator post here",
    };
  }
  if (muted) return { status: 403, reason: "The contest's creator has muted you in this chat" };
  return null;
}

export function viewerOf(access: ChatAccess, channel: ChatChannel, muted: boolean): ChatViewer {
  const refusal = postRefusal(access, channel, muted);
  return {
    canPost: refusal === null,
    reason: refusal?.reason ?? null,
    muted,
    canModerate: access.canModerate,
    team: access.team,
  };
}

/** 409 once the contest is over, 403 for anyone who may not post here (muted players included). */
export function requireCanPost(access: ChatAccess, channel: ChatChannel, muted: boolean) {
  const refusal = postRefusal(access, channel, muted);
  if (!refusal) return;
  throw refusal.status === 409 ? conflict(refusal.reason) : forbidden(refusal.reason);
}
