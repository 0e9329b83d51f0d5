import { CHAT_LIMITS, type ChatChannel, type ChatMessage, type ChatPageResponse } from '@bullpen/contract';
import type { AppDeps } from '../app-deps';
import { requireContest } from '../contests/checks';
import {
  type ChatCursor,
  channelMessagesSince,
  chatMessageView,
  chatPage,
  deleteChatMessage,
  findChatMessage,
  insertChatMessage,
  isMuted,
  lockUserChatBudget,
  setMuted,
  teamOfRow,
  userMessagesSince,
} from '../db/chat';
import type { Executor } from '../db/database';
import { notifyMentions } from '../db/notification-producers';
import type { UserRow } from '../db/users';
import { ApiError, badRequest, forbidden, notFound } from '../lib/errors';
import { isWellFormedId, newId } from '../lib/ids';
import { chatAccess, readableTeam, requireCanPost, viewerOf } from './access';
import { type ChatNotice, publishChatNotice } from './hub';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'database'>;

/** A 429 whose Retry-After the route sets: how long until the oldest message of the full window leaves it. */
export class ChatBudgetSpent extends ApiError {
  constructor(
    readonly retryAfterMs: number,
    message: string,
  ) {
    super(429, message);
  }
}

function encodeCursor(cursor: ChatCursor): string {
  return Buffer.from(JSON.stringify([cursor.createdAt.toISOString(), cursor.id])).toString('base64url');
}

/** The position a cursor names, or null when it is not one this chat issued. */
function decodeCursor(text: string): ChatCursor | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (!Array.isArray(value) || value.length !== 2) return null;
    const [createdAt, id] = value;
    if (typeof createdAt !== 'string' || !isWellFormedId(id)) return null;
    const time = Date.parse(createdAt);
    if (Number.isNaN(time) || new Date(time).toISOString() !== createdAt) return null;
    return { createdAt: new Date(time), id };
  } catch {
    return null;
  }
}

async function accessOf(executor: Executor, contestId: string, user: UserRow) {
  return chatAccess(await requireContest(executor, contestId, user.id), user);
}

/** `GET /contest/{id}/chat`: one page of a channel the caller may read, newest first, and what the caller may do there. */
export async function readChat(
  deps: Deps,
  user: UserRow,
  contestId: string,
  query: { channel: ChatChannel; before?: string | undefined; limit: number },
): Promise<ChatPageResponse> {
  const access = await accessOf(deps.db, contestId, user);
  const team = readableTeam(access, query.channel);
  let before: ChatCursor | null = null;
  if (query.before !== undefined) {
    before = decodeCursor(query.before);
    if (!before) throw badRequest('Validation failed', [{ field: 'before', message: 'Not a cursor of this chat' }]);
  }
  const [page, muted] = await Promise.all([
    chatPage(deps.db, access.contest.row.id, team, before, query.limit),
    isMuted(deps.db, access.contest.row.id, user.id),
  ]);
  return {
    messages: page.messages,
    next: page.next ? encodeCursor(page.next) : null,
    viewer: viewerOf(access, query.channel, muted),
  };
}

/**
 * Checks the two budgets: the caller's (across every chat) and the channel's (everyone in it together). Under a lock
 * per caller, so two posts at once on two instances cannot both take the last place.
 */
async function requireBudget(tx: Executor, userId: string, contestId: string, team: string | null, now: Date) {
  await lockUserChatBudget(tx, userId);
  const windowMs = CHAT_LIMITS.windowSeconds * 1000;
  const since = new Date(now.getTime() - windowMs);
  const retryAfter = (oldest: Date | null) => Math.max(1000, (oldest ?? now).getTime() + windowMs - now.getTime());
  const own = await userMessagesSince(tx, userId, since);
  if (own.count >= CHAT_LIMITS.perUser) {
    throw new ChatBudgetSpent(
      retryAfter(own.oldest),
      `At most ${CHAT_LIMITS.perUser} messages a minute. Wait a moment and try again.`,
    );
  }
  const channel = await channelMessagesSince(tx, contestId, team, since);
  if (channel.count >= CHAT_LIMITS.perContest) {
    throw new ChatBudgetSpent(retryAfter(channel.oldest), 'This chat is very busy. Wait a moment and try again.');
  }
}

/** `POST /contest/{id}/chat`: a message from a player or the creator, stored, then sent to every open reader. */
export async function postChat(
  deps: Deps & Pick<AppDeps, 'notifier'>,
  user: UserRow,
  contestId: string,
  body: { text: string; channel: ChatChannel },
): Promise<ChatMessage> {
  const now = deps.clock.now();
  const { message, team, mentions } = await deps.db.transaction(async (tx) => {
    const access = await accessOf(tx, contestId, user);
    const team = readableTeam(access, body.channel);
    requireCanPost(access, body.channel, await isMuted(tx, access.contest.row.id, user.id));
    await requireBudget(tx, user.id, access.contest.row.id, team, now);
    const row = {
      id: newId(),
      contestId: access.contest.row.id,
      team: team ?? '',
      userId: user.id,
      text: body.text,
      createdAt: now,
      deletedAt: null,
    };
    await insertChatMessage(tx, row);
    // Each @CALLSIGN of someone who reads this channel hears of it, in the message's own transaction.
    const mentions = await notifyMentions(
      tx,
      { contestId: row.contestId, messageId: row.id, authorId: user.id, text: row.text, team },
      now,
    );
    return { message: chatMessageView(row, user.ticker), team, mentions };
  });
  await notify(deps, { type: 'message', contestId: message.contestId, team, message });
  await deps.notifier.announce([mentions], now);
  return message;
}

/** `POST /contest/{id}/chat/delete`: its author, the contest's creator or an admin; the text is gone for everyone. */
export async function deleteChat(
  deps: Deps,
  user: UserRow,
  contestId: string,
  messageId: string,
): Promise<ChatMessage> {
  const access = await accessOf(deps.db, contestId, user);
  const found = isWellFormedId(messageId) ? await findChatMessage(deps.db, access.contest.row.id, messageId) : null;
  if (!found) throw notFound('Message not found');
  const { row, ticker } = found;
  const team = teamOfRow(row);
  if (team !== null && team !== access.team && !access.canModerate) {
    throw forbidden("Only a team's members read its channel");
  }
  if (row.userId !== user.id && !access.canModerate) {
    throw forbidden("Only the message's author, the contest's creator or an admin can delete it");
  }
  // Deleting twice answers the message as it is: deleted, with no text, and tells nobody again.
  const deleted = row.deletedAt ? null : await deleteChatMessage(deps.db, row.id, deps.clock.now());
  // Another request may have deleted it between the read and the update: read it again rather than show the old text.
  const current = deleted ?? (await findChatMessage(deps.db, row.contestId, row.id))?.row ?? row;
  const message = chatMessageView(current, ticker);
  if (deleted && message.deletedAt) {
    await notify(deps, {
      type: 'deleted',
      contestId: message.contestId,
      team,
      event: {
        contestId: message.contestId,
        channel: message.channel,
        messageId: message._id,
        deletedAt: message.deletedAt,
      },
    });
  }
  return message;
}

/** `POST /contest/{id}/chat/mute`: the creator mutes (or unmutes) one of the contest's players in its chats. */
export async function muteInChat(
  deps: Deps,
  user: UserRow,
  contestId: string,
  body: { userId: string; muted: boolean },
): Promise<{ userId: string; muted: boolean }> {
  const access = await accessOf(deps.db, contestId, user);
  if (!access.isCreator) throw forbidden("Only the contest's creator can mute players in its chat");
  if (body.userId === user.id) {
    throw badRequest('Validation failed', [{ field: 'userId', message: 'You cannot mute yourself' }]);
  }
  const target = isWellFormedId(body.userId) ? await requireContest(deps.db, contestId, body.userId) : null;
  if (!target?.participant) throw notFound('No such player in this contest');
  await setMuted(deps.db, access.contest.row.id, body.userId, body.muted, deps.clock.now());
  // The player's open chat learns of it at once (its box closes or opens again) rather than at their next send.
  await notify(deps, {
    type: 'viewer',
    contestId: access.contest.row.id,
    userId: body.userId,
    event: { contestId: access.contest.row.id, muted: body.muted },
  });
  return { userId: body.userId, muted: body.muted };
}

/** A stored change reaches readers on every instance; if the notice fails, the message is stored all the same. */
async function notify(deps: Deps, notice: ChatNotice) {
  await publishChatNotice(deps.database, notice).catch(() => undefined);
}
