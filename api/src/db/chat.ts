import type { ChatMessage } from '@bullpen/contract';
import { and, count, desc, eq, gt, isNull, lt, min, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from './database';
import { chatMessages, chatMutes, users } from './schema';

export type ChatMessageRow = typeof chatMessages.$inferSelect;

/** The team whose channel a stored message is in; null for the contest's channel (stored as ''). */
export const teamOfRow = (row: Pick<ChatMessageRow, 'team'>): string | null => (row.team === '' ? null : row.team);

/** A message as readers get it: a deleted one never carries its text. */
export function chatMessageView(row: ChatMessageRow, ticker: string | null): ChatMessage {
  return {
    _id: row.id,
    contestId: row.contestId,
    channel: row.team === '' ? 'contest' : 'team',
    userId: row.userId,
    ticker: ticker ?? '',
    text: row.deletedAt ? '' : row.text,
    createdAt: row.createdAt.toISOString(),
    deletedAt: row.deletedAt ? row.deletedAt.toISOString() : null,
  };
}

/** Where a page stops: the last message's time and id (the page's order), opaque to clients. */
export interface ChatCursor {
  createdAt: Date;
  id: string;
}

const channelOf = (contestId: string, team: string | null): SQL | undefined =>
  and(eq(chatMessages.contestId, contestId), eq(chatMessages.team, team ?? ''));

/**
 * One page of one channel, newest first, from before the cursor: a single scan of chat_messages_channel_idx (the
 * writers' call signs joined by primary key), whatever the size of the contest. One row more than the page tells
 * whether older messages remain.
 */
export async function chatPage(
  executor: Executor,
  contestId: string,
  team: string | null,
  before: ChatCursor | null,
  limit: number,
): Promise<{ messages: ChatMessage[]; next: ChatCursor | null }> {
  const rows = await chatPageQuery(executor, contestId, team, before, limit);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    messages: page.map((row) => chatMessageView(row.message, row.ticker)),
    next: rows.length > limit && last ? { createdAt: last.message.createdAt, id: last.message.id } : null,
  };
}

/** The statement of `chatPage` (its plan is checked in test/chat.test.ts). */
export function chatPageQuery(
  executor: Executor,
  contestId: string,
  team: string | null,
  before: ChatCursor | null,
  limit: number,
) {
  return executor
    .select({ message: chatMessages, ticker: users.ticker })
    .from(chatMessages)
    .innerJoin(users, eq(users.id, chatMessages.userId))
    .where(
      and(
        channelOf(contestId, team),
        before
          ? or(
              lt(chatMessages.createdAt, before.createdAt),
              and(eq(chatMessages.createdAt, before.createdAt), lt(chatMessages.id, before.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
    .limit(limit + 1);
}

export async function insertChatMessage(executor: Executor, row: ChatMessageRow): Promise<void> {
  await executor.insert(chatMessages).values(row);
}

/** One message of a contest with its writer's call sign. */
export async function findChatMessage(
  executor: Executor,
  contestId: string,
  messageId: string,
): Promise<{ row: ChatMessageRow; ticker: string | null } | null> {
  const [found] = await executor
    .select({ row: chatMessages, ticker: users.ticker })
    .from(chatMessages)
    .innerJoin(users, eq(users.id, chatMessages.userId))
    .where(and(eq(chatMessages.contestId, contestId), eq(chatMessages.id, messageId)));
  return found ?? null;
}

/** Clears the text with the mark, so the words are gone from the database too; an already deleted message stays as it is. */
export async function deleteChatMessage(
  executor: Executor,
  messageId: string,
  now: Date,
): Promise<ChatMessageRow | null> {
  const [row] = await executor
    .update(chatMessages)
    .set({ text: '', deletedAt: now })
    .where(and(eq(chatMessages.id, messageId), isNull(chatMessages.deletedAt)))
    .returning();
  return row ?? null;
}

/** How many messages match since `since`, and the oldest of them (when the window frees up again). */
async function windowCount(
  executor: Executor,
  where: SQL | undefined,
): Promise<{ count: number; oldest: Date | null }> {
  const [row] = await executor
    .select({ count: count(), oldest: min(chatMessages.createdAt) })
    .from(chatMessages)
    .where(where);
  return { count: row?.count ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null };
}

/** Held until the transaction ends: one post at a time per user, so two at once cannot both take a budget's last place. */
export async function lockUserChatBudget(executor: Executor, userId: string): Promise<void> {
  await executor.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`chat:${userId}`}, 0))`);
}

/** The caller's messages in any chat since `since` (chat_messages_user_idx). */
export const userMessagesSince = (executor: Executor, userId: string, since: Date) =>
  windowCount(executor, and(eq(chatMessages.userId, userId), gt(chatMessages.createdAt, since)));

/** Everyone's messages in one channel since `since` (the page's index, chat_messages_channel_idx). */
export const channelMessagesSince = (executor: Executor, contestId: string, team: string | null, since: Date) =>
  windowCount(executor, and(channelOf(contestId, team), gt(chatMessages.createdAt, since)));

export async function isMuted(executor: Executor, contestId: string, userId: string): Promise<boolean> {
  const [row] = await executor
    .select({ userId: chatMutes.userId })
    .from(chatMutes)
    .where(and(eq(chatMutes.contestId, contestId), eq(chatMutes.userId, userId)));
  return row !== undefined;
}

export async function setMuted(
  executor: Executor,
  contestId: string,
  userId: string,
  muted: boolean,
  now: Date,
): Promise<void> {
  if (muted) {
    await executor.insert(chatMutes).values({ contestId, userId, mutedAt: now }).onConflictDoNothing();
  } else {
    await executor.delete(chatMutes).where(and(eq(chatMutes.contestId, contestId), eq(chatMutes.userId, userId)));
  }
}
