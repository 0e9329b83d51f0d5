import { useEffect } from 'react';
import type { RemoteName } from '../api/federation';

const REMOTE_UNAVAILABLE_TEXT = 'This part of Bullpen is unavailable';

export function RemoteUnavailable({
  remote,
  error,
  onRetry,
}: {
  remote: RemoteName;
  error: unknown;
  onRetry: () => void;
}) {
  useEffect(() => {
    // Operators need the cause; users need a way forward.
    console.error(`[host] remote "${remote}" failed`, error);
  }, [remote, error]);
  return (
    <section className="host-fallback" role="alert" aria-live="assertive">
      <h1>{REMOTE_UNAVAILABLE_TEXT}</h1>
      <p>It may be updating or briefly down. The rest of Bullpen still works; try again in a moment.</p>
      <button type="button" className="host-button host-button--primary" onClick={onRetry}>
        Retry
      </button>
    </section>
  );
}
