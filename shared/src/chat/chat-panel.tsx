import '../ui/ui.css';
import './chat.css';
import { errorMessage } from '@bullpen/shared';
import { CHAT_LIMITS, type ChatChannel, type ChatMessage } from '@bullpen/contract';
import { type FormEvent, type KeyboardEvent, type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useSWRConfig } from 'swr';
import { Button } from '../ui/button';
import { Spinner } from '../ui/spinner';
import { ErrorState } from '../ui/states';
import { trapTab } from '../ui/trap-tab';
import { ChatText } from './chat-text';
import {
  type ChatLive,
  chatKey,
  useChatEvents,
  useChatMessages,
  useDeleteChat,
  useMuteChat,
  usePostChat,
} from './use-chat';

/** From this width the chat is a panel beside the page's other cards; below it, a sheet behind a "Chat" button. */
const WIDE_QUERY = '(min-width: 992px)';

function useWide(): boolean {
  const query = typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(WIDE_QUERY) : null;
  const [wide, setWide] = useState(() => query?.matches ?? true);
  useEffect(() => {
    if (!query) return;
    const onChange = () => setWide(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, [query]);
  return wide;
}

const timeOf = (iso: string) => new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });

export interface ChatPanelProps {
  contestId: string;
  /** The contest has teams: a viewer with a team also gets the "Team" tab. */
  isTeamCollaboration: boolean;
  /** The signed-in viewer, to tell their own messages from others'. */
  myUserId: string | null;
}

/** How many messages from others came in on a channel, by the live stream's count. */
const othersIn = (live: ChatLive, channel: ChatChannel, me: string | null) =>
  live.messages.filter((message) => message.channel === channel && message.userId !== me).length;

/**
 * A contest's chat (and its team's, in a team collaboration): a side panel on wide screens, a sheet opened by a
 * "Chat" button with the unread count on phones. New messages arrive over the chat stream and are announced politely.
 */
export function ChatPanel({ contestId, isTeamCollaboration, myUserId }: ChatPanelProps) {
  const wide = useWide();
  const [open, setOpen] = useState(false);
  const [channel, setChannel] = useState<ChatChannel>('contest');
  const toggle = useRef<HTMLButtonElement>(null);

  // The contest's page tells whether the viewer has a team; the stream then carries the team's channel too.
  const { mutate } = useSWRConfig();
  const contestProbe = useChatMessages(contestId, 'contest', true);
  const team = isTeamCollaboration ? (contestProbe.viewer?.team ?? null) : null;
  const live = useChatEvents(contestId, {
    enabled: contestProbe.data !== undefined,
    team: team !== null,
    // After a reconnection, the newest pages again: messages sent while the stream was down were missed.
    onReady: () => {
      void mutate(chatKey(contestId, 'contest'));
      void mutate(chatKey(contestId, 'team'));
    },
  });
  const visible = wide || open;

  // Unread: messages from others that came in while their channel was not on screen.
  const [seen, setSeen] = useState<Record<ChatChannel, number>>({ contest: 0, team: 0 });
  const counts = { contest: othersIn(live, 'contest', myUserId), team: othersIn(live, 'team', myUserId) };
  const unread = {
    contest: Math.max(0, counts.contest - seen.contest),
    team: team ? Math.max(0, counts.team - seen.team) : 0,
  };
  const current = counts[channel];
  useEffect(() => {
    if (visible) setSeen((was) => (was[channel] === current ? was : { ...was, [channel]: current }));
  }, [visible, channel, current]);

  const close = () => {
    setOpen(false);
    toggle.current?.focus();
  };

  const body = (
    <ChatBody
      contestId={contestId}
      channel={team ? channel : 'contest'}
      onChannel={setChannel}
      team={team}
      unread={unread}
      live={live}
      myUserId={myUserId}
    />
  );

  if (wide) {
    return (
      <section className="bp-card bp-chat" aria-label="Chat">
        <header className="bp-card__header">
          <h2 className="bp-card__title">Chat</h2>
        </header>
        {body}
      </section>
    );
  }
  const total = unread.contest + unread.team;
  return (
    <>
      <div className="bp-chat__dock">
        <Button
          ref={toggle}
          className="bp-chat__toggle"
          variant="primary"
          aria-expanded={open}
          onClick={() => setOpen(true)}
        >
          Chat
          {total > 0 ? (
            <span className="bp-chat__count">
              {total}
              <span className="visually-hidden"> unread</span>
            </span>
          ) : null}
        </Button>
      </div>
      {/* Outside the dock: the dock's stacking order would hold the sheet under the page's cards. */}
      {open ? <ChatSheet onClose={close}>{body}</ChatSheet> : null}
    </>
  );
}

/** The phone's sheet: a modal dialog over the page's lower part; Escape or Close returns to the "Chat" button. */
function ChatSheet({ onClose, children }: { onClose: () => void; children: ReactNode }) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  useEffect(() => {
    const box = panel.current?.querySelector<HTMLElement>('textarea') ?? panel.current?.querySelector('button');
    box?.focus();
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') closeRef.current();
      // Keep Tab inside the sheet while it is open (it is modal).
      trapTab(event, panel.current);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  return (
    <div className="bp-chat-sheet">
      <div className="bp-chat-sheet__backdrop" aria-hidden="true" onClick={onClose} />
      <div className="bp-chat-sheet__panel" role="dialog" aria-modal="true" aria-labelledby={titleId} ref={panel}>
        <header className="bp-chat-sheet__header">
          <h2 className="bp-chat-sheet__title" id={titleId}>
            Chat
          </h2>
          <Button size="small" variant="ghost" onClick={onClose}>
            Close
          </Button>
        </header>
        {children}
      </div>
    </div>
  );
}

interface ChatBodyProps {
  contestId: string;
  channel: ChatChannel;
  onChannel: (channel: ChatChannel) => void;
  team: string | null;
  unread: Record<ChatChannel, number>;
  live: ChatLive;
  myUserId: string | null;
}

function ChatBody({ contestId, channel, onChannel, team, unread, live, myUserId }: ChatBodyProps) {
  const chat = useChatMessages(contestId, channel, true, live);
  const panelId = useId();
  const tabs: { channel: ChatChannel; label: string }[] = [
    { channel: 'contest', label: 'Contest' },
    { channel: 'team', label: 'Team' },
  ];
  return (
    <div className="bp-chat__body">
      {team ? (
        <div className="bp-chat__tabs" role="tablist" aria-label="Channels">
          {tabs.map((tab) => (
            <button
              key={tab.channel}
              type="button"
              role="tab"
              id={`${panelId}-${tab.channel}`}
              aria-selected={channel === tab.channel}
              aria-controls={panelId}
              className="bp-chat__tab"
              onClick={() => onChannel(tab.channel)}
            >
              {tab.label}
              {tab.channel === 'team' ? <span className="visually-hidden"> ({team})</span> : null}
              {unread[tab.channel] > 0 && channel !== tab.channel ? (
                <span className="bp-chat__count">
                  {unread[tab.channel]}
                  <span className="visually-hidden"> unread</span>
                </span>
              ) : null}
            </button>
          ))}
        </div>
      ) : null}
      <div
        className="bp-chat__channel"
        id={panelId}
        {...(team ? { role: 'tabpanel', 'aria-labelledby': `${panelId}-${channel}` } : {})}
      >
        <Messages chat={chat} contestId={contestId} myUserId={myUserId} live={live} channel={channel} />
        {chat.viewer ? (
          chat.viewer.canPost ? (
            <Composer contestId={contestId} channel={channel} onSent={chat.refresh} />
          ) : (
            <p className="bp-chat__note" role="note">
              {chat.viewer.reason}
            </p>
          )
        ) : null}
      </div>
    </div>
  );
}

type ChatRead = ReturnType<typeof useChatMessages>;

function Messages({
  chat,
  contestId,
  myUserId,
  live,
  channel,
}: {
  chat: ChatRead;
  contestId: string;
  myUserId: string | null;
  live: ChatLive;
  channel: ChatChannel;
}) {
  const list = useRef<HTMLOListElement>(null);
  const lastId = chat.messages.at(-1)?._id;
  const deleteChat = useDeleteChat(contestId);
  const muteChat = useMuteChat(contestId);
  const [muted, setMuted] = useState<Set<string>>(new Set());
  const [actionError, setActionError] = useState<string | null>(null);

  // The newest message stays in view as messages arrive (loading earlier ones keeps the place).
  useEffect(() => {
    if (lastId && list.current) list.current.scrollTop = list.current.scrollHeight;
  }, [lastId]);

  // What the polite live region says: the newest message from someone else that the stream brought on this channel.
  const announcement = useMemo(() => {
    const latest = live.messages.filter((m) => m.channel === channel && m.userId !== myUserId).at(-1);
    return latest ? `New message from ${latest.ticker}: ${latest.text}` : '';
  }, [live, channel, myUserId]);

  if (chat.error) {
    return <ErrorState title="Could not load the chat" error={chat.error} onRetry={chat.retry} />;
  }
  if (chat.loading) {
    return (
      <p className="bp-chat__status">
        <Spinner /> Loading chat…
      </p>
    );
  }

  const remove = async (message: ChatMessage) => {
    setActionError(null);
    try {
      await deleteChat(message._id);
      chat.refresh();
    } catch (error) {
      setActionError(errorMessage(error));
    }
  };
  const toggleMute = async (userId: string) => {
    setActionError(null);
    const mute = !muted.has(userId);
    try {
      await muteChat(userId, mute);
      setMuted((was) => {
        const next = new Set(was);
        if (mute) next.add(userId);
        else next.delete(userId);
        return next;
      });
    } catch (error) {
      setActionError(errorMessage(error));
    }
  };
  const moderator = chat.viewer?.canModerate ?? false;

  return (
    <>
      <div className="visually-hidden" aria-live="polite" aria-atomic="true">
        {announcement}
      </div>
      {chat.hasEarlier ? (
        <div className="bp-chat__earlier">
          <Button
            size="small"
            variant="ghost"
            onClick={() => void chat.loadEarlier()}
            loading={chat.loadingEarlier}
            loadingText="Loading…"
          >
            Load earlier
          </Button>
          {chat.earlierError ? <span role="alert">{errorMessage(chat.earlierError)}</span> : null}
        </div>
      ) : null}
      {actionError ? (
        <p className="bp-chat__error" role="alert">
          {actionError}
        </p>
      ) : null}
      {chat.messages.length === 0 ? (
        <p className="bp-chat__empty">Say hello to the other players</p>
      ) : (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the list scrolls, so keyboard users must be able to reach it.
        <ol className="bp-chat__list" ref={list} tabIndex={0} aria-label="Messages">
          {chat.messages.map((message) => {
            const mine = message.userId === myUserId;
            const deleted = message.deletedAt !== null;
            return (
              <li key={message._id} className={`bp-chat__message${mine ? ' bp-chat__message--mine' : ''}`}>
                <div className="bp-chat__meta">
                  <span className="bp-chat__ticker">{message.ticker}</span>
                  <time className="bp-chat__time" dateTime={message.createdAt}>
                    {timeOf(message.createdAt)}
                  </time>
                  {!deleted && (mine || moderator) ? (
                    <button
                      type="button"
                      className="bp-chat__action"
                      onClick={() => void remove(message)}
                      aria-label={`Delete message from ${message.ticker} at ${timeOf(message.createdAt)}`}
                    >
                      Delete
                    </button>
                  ) : null}
                  {moderator && !mine ? (
                    <button type="button" className="bp-chat__action" onClick={() => void toggleMute(message.userId)}>
                      {muted.has(message.userId) ? `Unmute ${message.ticker}` : `Mute ${message.ticker}`}
                    </button>
                  ) : null}
                </div>
                {deleted ? (
                  <p className="bp-chat__text bp-chat__text--deleted">message deleted</p>
                ) : (
                  <p className="bp-chat__text">
                    <ChatText text={message.text} />
                  </p>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </>
  );
}

/** The message box: Enter sends, Shift+Enter starts a new line; the server's refusal (too fast, muted…) shows below. */
function Composer({ contestId, channel, onSent }: { contestId: string; channel: ChatChannel; onSent: () => void }) {
  const postChat = usePostChat(contestId);
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const length = text.trim().length;
  const tooLong = length > CHAT_LIMITS.text.max;

  const send = async (event?: FormEvent) => {
    event?.preventDefault();
    if (sending || length === 0 || tooLong) return;
    setSending(true);
    setError(null);
    try {
      await postChat(text, channel);
      setText('');
      onSent();
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setSending(false);
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  };

  return (
    <form className="bp-chat__composer" onSubmit={(event) => void send(event)}>
      <label className="visually-hidden" htmlFor={inputId}>
        {channel === 'team' ? 'Message your team' : 'Message the contest'}
      </label>
      <textarea
        id={inputId}
        className="bp-chat__input"
        rows={2}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        aria-invalid={tooLong || undefined}
        placeholder="Write a message"
      />
      <div className="bp-chat__composer-row">
        <span id={hintId} className={`bp-chat__hint${tooLong ? ' bp-chat__hint--over' : ''}`}>
          {length}/{CHAT_LIMITS.text.max} · Enter sends, Shift+Enter for a new line
        </span>
        <Button
          type="submit"
          size="small"
          variant="primary"
          loading={sending}
          loadingText="Sending…"
          disabled={length === 0 || tooLong}
        >
          Send
        </Button>
      </div>
      {error ? (
        <p id={errorId} className="bp-chat__error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}
