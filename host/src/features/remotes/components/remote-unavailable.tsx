import { useEffect, useRef, useState } from 'react';
import type { RemoteName } from '../api/federation';

export const REMOTE_UNAVAILABLE_TEXT = 'This part of Bullpen is unavailable';
export const OFFLINE_TEXT = 'You are offline';

/** Whether the browser has a network; `onBack` runs when it comes back. */
function useOnline(onBack: () => void): boolean {
  const [online, setOnline] = useState(() => navigator.onLine !== false);
  const latestOnBack = useRef(onBack);
  latestOnBack.current = onBack;
  useEffect(() => {
    const on = () => {
      setOnline(true);
      latestOnBack.current();
    };
    const off = () => setOnline(false);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  }, []);
  return online;
}

/**
 * What shows in place of a page that failed. Without a network it says so, not that the server is down, and loads the
 * page again by itself when the network is back.
 */
export function RemoteUnavailable({
  remote,
  error,
  onRetry,
}: {
  remote: RemoteName;
  error: unknown;
  onRetry: () => void;
}) {
  const online = useOnline(onRetry);
  useEffect(() => {
    // Operators need the cause; users need a way forward.
    console.error(`[host] remote "${remote}" failed`, error);
  }, [remote, error]);
  return (
    <section className="host-fallback" role="alert" aria-live="assertive">
      <h1>{online ? REMOTE_UNAVAILABLE_TEXT : OFFLINE_TEXT}</h1>
      <p>
        {online
          ? 'It may be updating or briefly down. The rest of Bullpen still works; try again in a moment.'
          : 'Check your connection: this page loads by itself when it is back.'}
      </p>
      <button type="button" className="host-button host-button--primary" onClick={onRetry}>
        Retry
      </button>
    </section>
  );
}
