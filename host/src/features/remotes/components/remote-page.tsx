import { type ComponentType, useCallback, useEffect, useState } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { PageLoader } from '../../loader';
import type { RemoteName } from '../api/federation';
import { reportLoadFailure, reportRemoteError, reportRemoteView } from '../api/health-beacon';
import { loadedPage, loadPage, pageLoadKey, StalledLoadError } from '../api/page-loads';
import type { RemotePages } from '../api/pages';
import { RemoteUnavailable } from './remote-unavailable';

// Not React.lazy and <Suspense>: React 19 commits a render that only resolves a suspended boundary (a retry) no sooner
// than 300 ms after the last time a boundary showed or hid its fallback, so a remote page that arrived 150 ms after
// its loader appeared would still wait another 150 ms, idle, on a cold visit (bench/web --profile). The loaded
// page is set as ordinary state instead, which React commits at once.

type Loading = { Page?: ComponentType; failure?: { error: unknown } };

/** The page once loaded; while it loads, the loader; a failed load is thrown to the error boundary around it. */
function LoadedPage<R extends RemoteName>({
  remote,
  page,
  attempt,
  onStalled,
}: {
  remote: R;
  page: RemotePages[R];
  attempt: number;
  /** A load that never answered was abandoned: start a new attempt rather than show a failure. */
  onStalled?: () => void;
}) {
  const loadKey = pageLoadKey(remote, page, attempt);
  const [state, setState] = useState<Loading>(() => ({ Page: loadedPage(loadKey) }));
  useEffect(() => {
    // Loaded since this render (a preload of the page finished in between): shown now. Leaving it there kept the
    // loader up for good, since nothing else would set the page.
    const ready = loadedPage(loadKey);
    if (ready) {
      setState((shown) => (shown.Page === ready ? shown : { Page: ready }));
      return;
    }
    let current = true;
    loadPage(remote, page, attempt).then(
      (Page) => current && setState({ Page }),
      (error: unknown) => {
        if (!current) return;
        reportLoadFailure(remote, error);
        if (error instanceof StalledLoadError && onStalled) onStalled();
        else setState({ failure: { error } });
      },
    );
    return () => {
      current = false;
    };
  }, [remote, page, attempt, loadKey, onStalled]);
  if (state.failure) throw state.failure.error;
  const { Page } = state;
  return Page ? <Page /> : <PageLoader />;
}

/** A page from a remote. If the remote is down, fails to load or throws, only this part of the screen shows the
 *  fallback; the header, the other routes and the toasts keep working. `page` is one the remote declares it exposes
 *  (its src/exposes.ts). */
export function RemotePage<R extends RemoteName>({ remote, page }: { remote: R; page: RemotePages[R] }) {
  const [attempt, setAttempt] = useState(0);
  const startOver = useCallback(() => setAttempt((value) => value + 1), []);
  // Each page shown counts once for its remote's release (health-beacon.ts); a Retry is not another view.
  useEffect(() => reportRemoteView(remote), [remote, page]);
  return (
    <ErrorBoundary
      resetKeys={[remote, page, attempt]}
      onError={(error) => reportRemoteError(remote, error)}
      fallbackRender={({ error }) => <RemoteUnavailable remote={remote} error={error} onRetry={startOver} />}
    >
      <LoadedPage
        key={pageLoadKey(remote, page, attempt)}
        remote={remote}
        page={page}
        attempt={attempt}
        // Once by itself; a second stalled load shows the unavailable screen, with its Retry.
        onStalled={attempt === 0 ? startOver : undefined}
      />
    </ErrorBoundary>
  );
}
