import type { Notification, NotificationsResponse } from '@bullpen/contract';
import { API_PATHS } from '@bullpen/contract/paths';
import { apiGet, apiPost, Link } from '@bullpen/shared';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { getState, subscribe, updateState } from '../api/unread-store';

export interface NotificationPanelProps {
  /** A notification's link was followed: the panel closes. */
  onNavigate: () => void;
}

type Read = { status: 'loading' } | { status: 'error' } | { status: 'ready'; page: NotificationsResponse };

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** "2 min ago" within the hour, "3 h ago" within the day, else the date and time. */
function when(iso: string, now: number): string {
  const ms = now - Date.parse(iso);
  if (ms < 60_000) return 'just now';
  if (ms < 3_600_000) return `${Math.floor(ms / 60_000)} min ago`;
  if (ms < 86_400_000) return `${Math.floor(ms / 3_600_000)} h ago`;
  return timeFormat.format(new Date(iso));
}

/** The latest notifications, newest first, with those the live stream brought since merged in. Loaded on first open. */
export function NotificationPanel({ onNavigate }: NotificationPanelProps) {
  const [read, setRead] = useState<Read>({ status: 'loading' });
  const [readIds, setReadIds] = useState<ReadonlySet<string>>(new Set());
  const [allRead, setAllRead] = useState<string | null>(null);
  const [marking, setMarking] = useState(false);
  const [markFailed, setMarkFailed] = useState(false);
  const { arrived, unread } = useSyncExternalStore(subscribe, getState, getState);

  const load = useCallback(() => {
    setRead({ status: 'loading' });
    apiGet(API_PATHS.notifications).then(
      (page) => {
        setRead({ status: 'ready', page });
        updateState({ unread: page.unread });
      },
      () => setRead({ status: 'error' }),
    );
  }, []);
  useEffect(load, [load]);

  if (read.status === 'loading') {
    return (
      <p className="host-bell__state" role="status">
        Loading notifications…
      </p>
    );
  }
  if (read.status === 'error') {
    return (
      <div className="host-bell__state" role="alert">
        <p>Notifications could not be loaded.</p>
        <button type="button" className="host-button" onClick={load}>
          Retry
        </button>
      </div>
    );
  }

  const listed = read.page.notifications;
  const seen = new Set(listed.map((item) => item._id));
  const items: Notification[] = [...arrived.filter((item) => !seen.has(item._id)), ...listed];
  const isRead = (item: Notification) =>
    item.readAt !== null || readIds.has(item._id) || (allRead !== null && item.createdAt <= allRead);
  const now = Date.now();

  const open = (item: Notification) => {
    if (!isRead(item)) {
      setReadIds(new Set([...readIds, item._id]));
      updateState({ unread: Math.max(0, (unread ?? 1) - 1) });
      apiPost(API_PATHS.markNotificationsRead, { ids: [item._id] }).then(
        (answer) => updateState({ unread: answer.unread }),
        () => undefined,
      );
    }
    onNavigate();
  };

  const markAll = () => {
    setMarking(true);
    setMarkFailed(false);
    apiPost(API_PATHS.markNotificationsRead, {}).then(
      (answer) => {
        setAllRead(new Date().toISOString());
        setReadIds(new Set(items.map((item) => item._id)));
        updateState({ unread: answer.unread });
        setMarking(false);
      },
      () => {
        setMarkFailed(true);
        setMarking(false);
      },
    );
  };

  return (
    <div className="host-bell__content">
      <div className="host-bell__head">
        <h2 className="host-bell__title">Notifications</h2>
        {items.some((item) => !isRead(item)) ? (
          <button type="button" className="host-button host-bell__mark" onClick={markAll} disabled={marking}>
            {marking ? 'Marking…' : 'Mark all as read'}
          </button>
        ) : null}
      </div>
      {markFailed ? (
        <p className="host-bell__error" role="alert">
          Could not mark them as read. Try again.
        </p>
      ) : null}
      {items.length === 0 ? (
        <p className="host-bell__state">No notifications yet</p>
      ) : (
        <ul className="host-bell__list">
          {items.map((item) => {
            const fresh = !isRead(item);
            return (
              <li key={item._id} className={fresh ? 'host-bell__item host-bell__item--unread' : 'host-bell__item'}>
                <Link to={item.href} className="host-bell__link" onClick={() => open(item)}>
                  <span className="host-bell__item-title">
                    {fresh ? <span className="visually-hidden">Unread: </span> : null}
                    {item.title}
                  </span>
                  <span className="host-bell__item-body">{item.body}</span>
                  <time className="host-bell__item-time" dateTime={item.createdAt}>
                    {when(item.createdAt, now)}
                  </time>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
