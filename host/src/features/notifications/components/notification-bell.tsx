import { type ComponentType, useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { getState, resetState, subscribe } from '../api/unread-store';
import type { NotificationPanelProps } from './notification-panel';

/** What the bell's button is called, with the count when the stream has told it. */
function bellLabel(unread: number | null): string {
  return unread ? `Notifications, ${unread} unread` : 'Notifications';
}

/**
 * The header's bell: the unread count from the user's live stream, and a panel of notifications. Neither the stream's
 * code nor the panel is in the host's first script: the stream loads once the page has drawn, the panel on first open.
 */
export function NotificationBell() {
  const { unread } = useSyncExternalStore(subscribe, getState, getState);
  const [open, setOpen] = useState(false);
  const [Panel, setPanel] = useState<ComponentType<NotificationPanelProps> | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const wrapper = useRef<HTMLDivElement>(null);
  const panelId = useId();

  useEffect(() => {
    let stop: (() => void) | null = null;
    let cancelled = false;
    // Once the browser is idle, after the page's own files and reads: the count is not what anyone came for.
    const start = () => {
      import(/* webpackChunkName: "notifications-live" */ '../api/live').then(
        ({ startLiveNotifications }) => {
          if (!cancelled) stop = startLiveNotifications();
        },
        () => undefined,
      );
    };
    const idle = typeof window.requestIdleCallback === 'function';
    const handle = idle ? window.requestIdleCallback(start, { timeout: 5_000 }) : window.setTimeout(start, 0);
    return () => {
      cancelled = true;
      if (idle) window.cancelIdleCallback(handle);
      else window.clearTimeout(handle);
      stop?.();
      resetState();
    };
  }, []);

  const loadPanel = () => {
    setLoadFailed(false);
    import(/* webpackChunkName: "notifications-panel" */ './notification-panel').then(
      (module) => setPanel(() => module.NotificationPanel),
      () => setLoadFailed(true),
    );
  };

  const toggle = () => {
    if (!open && !Panel) loadPanel();
    setOpen(!open);
  };

  const close = (focusBell: boolean) => {
    setOpen(false);
    if (focusBell) button.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close(true);
    };
    const onPointer = (event: PointerEvent) => {
      if (wrapper.current && !wrapper.current.contains(event.target as Node)) close(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  return (
    <div className="host-bell" ref={wrapper}>
      <button
        ref={button}
        type="button"
        className="host-button host-bell__button"
        aria-label={bellLabel(unread)}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={toggle}
      >
        <svg
          aria-hidden="true"
          width="18"
          height="18"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
          <path d="M13.73 21a2 2 0 0 1-3.46 0" />
        </svg>
        {unread ? (
          <span className="host-bell__count" aria-hidden="true">
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </button>
      {open ? (
        <div id={panelId} className="host-bell__panel" role="dialog" aria-label="Notifications">
          {Panel ? (
            <Panel onNavigate={() => close(false)} />
          ) : loadFailed ? (
            <div className="host-bell__state" role="alert">
              <p>Notifications could not be loaded.</p>
              <button type="button" className="host-button" onClick={loadPanel}>
                Retry
              </button>
            </div>
          ) : (
            <p className="host-bell__state" role="status">
              Loading notifications…
            </p>
          )}
        </div>
      ) : null}
    </div>
  );
}
