import { type ApiError, apiGet, apiPost, useApiGet } from '@bullpen/shared';
import {
  API_PATHS,
  type ChatChannel,
  type ChatDeletedEvent,
  type ChatMessage,
  type ChatPageResponse,
} from '@bullpen/contract';
import { useCallback, useMemo, useState } from 'react';
import { useEventStream } from '../streams/use-event-stream';

/** The SWR key of a chat's newest page (API.md "Chat"). */
export const chatKey = (contestId: string, channel: ChatChannel) => API_PATHS.chat(contestId, { channel });

/** Newest first, by time and then id, as the API pages them. */
const newestFirst = (a: ChatMessage, b: ChatMessage) =>
  a.createdAt === b.createdAt ? (a._id < b._id ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1;

/** What the stream has brought since the newest page was read: new messages, and deletions of any message. */
export interface ChatLive {
  messages: ChatMessage[];
  deleted: Map<string, string>;
}

const EMPTY_LIVE: ChatLive = { messages: [], deleted: new Map() };

/**
 * `GET /contest/{id}/chat`: the newest page of a channel, older pages on demand ("Load earlier"), and what the stream
 * has brought since, merged into one list, oldest first as a chat reads. A deleted message keeps its place, without
 * its text.
 */
export function useChatMessages(
  contestId: string,
  channel: ChatChannel,
  enabled: boolean,
  live: ChatLive = EMPTY_LIVE,
) {
  const newest = useApiGet(enabled ? chatKey(contestId, channel) : null, { revalidateOnFocus: false });
  const [older, setOlder] = useState<{ messages: ChatMessage[]; next: string | null } | null>(null);
  const [loadingEarlier, setLoadingEarlier] = useState(false);
  const [earlierError, setEarlierError] = useState<ApiError | null>(null);

  const next = older ? older.next : (newest.data?.next ?? null);
  const loadEarlier = useCallback(async () => {
    if (!next) return;
    setLoadingEarlier(true);
    setEarlierError(null);
    try {
      const page = await apiGet(API_PATHS.chat(contestId, { channel, before: next }));
      setOlder((current) => ({ messages: [...(current?.messages ?? []), ...page.messages], next: page.next }));
    } catch (error) {
      setEarlierError(error as ApiError);
    } finally {
      setLoadingEarlier(false);
    }
  }, [contestId, channel, next]);

  const messages = useMemo(() => {
    const byId = new Map<string, ChatMessage>();
    for (const message of [...(older?.messages ?? []), ...(newest.data?.messages ?? [])])
      byId.set(message._id, message);
    for (const message of live.messages) if (message.channel === channel) byId.set(message._id, message);
    return [...byId.values()]
      .map((message) => {
        const deletedAt = live.deleted.get(message._id);
        return deletedAt && !message.deletedAt ? { ...message, text: '', deletedAt } : message;
      })
      .sort(newestFirst)
      .reverse();
  }, [older, newest.data, live, channel]);

  return {
    messages,
    viewer: newest.data?.viewer ?? null,
    loading: enabled && !newest.data && !newest.error,
    error: newest.error ?? null,
    retry: () => void newest.mutate(),
    hasEarlier: next !== null,
    loadEarlier,
    loadingEarlier,
    earlierError,
    /** Reads the newest page again (after the stream was down: messages sent meanwhile were missed). */
    refresh: () => void newest.mutate(),
    data: newest.data as ChatPageResponse | undefined,
  };
}

/** `POST /contest/{id}/chat`: sends a message; the answer is the stored message (the stream brings it to others). */
export function usePostChat(contestId: string) {
  return useCallback(
    (text: string, channel: ChatChannel) => apiPost(API_PATHS.chat(contestId), { text, channel }),
    [contestId],
  );
}

/** `POST /contest/{id}/chat/delete`. */
export function useDeleteChat(contestId: string) {
  return useCallback((messageId: string) => apiPost(API_PATHS.deleteChat(contestId), { messageId }), [contestId]);
}

/** `POST /contest/{id}/chat/mute`: the creator mutes or unmutes a player. */
export function useMuteChat(contestId: string) {
  return useCallback(
    (userId: string, muted: boolean) => apiPost(API_PATHS.muteChat(contestId), { userId, muted }),
    [contestId],
  );
}

/**
 * `GET /contest/{id}/chat/events`: messages and deletions as they happen, for the contest's channel and (with `team`)
 * the caller's team's, and a word when the caller is muted or unmuted. Reconnects with backoff; each (re)connection calls `onReady`, after which the caller reads the
 * newest page again so nothing sent before the stream was registered is missed.
 */
export function useChatEvents(
  contestId: string,
  { enabled, team, onReady }: { enabled: boolean; team: boolean; onReady?: () => void },
): ChatLive {
  const [live, setLive] = useState<ChatLive>(EMPTY_LIVE);
  useEventStream(enabled ? `${API_PATHS.chatEvents(contestId)}${team ? '?channel=team' : ''}` : null, {
    onEvent: ({ event, data }) => {
      if (event === 'ready' || event === 'reset' || event === 'viewer') {
        // Messages stored between the page read and this stream's registration (or while it was away) reach no
        // stream: the newest page is read again now that nothing newer can be missed. `viewer`: the creator muted or
        // unmuted this reader, and the page's answer carries what they may do now.
        onReady?.();
      } else if (event === 'message') {
        const message = (data as { message?: ChatMessage }).message;
        if (message) setLive((current) => ({ ...current, messages: [...current.messages, message] }));
      } else if (event === 'deleted') {
        const { messageId, deletedAt } = data as ChatDeletedEvent;
        setLive((current) => ({ ...current, deleted: new Map(current.deleted).set(messageId, deletedAt) }));
      }
    },
  });
  return live;
}
