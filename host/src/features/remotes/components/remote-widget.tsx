import { type ComponentType, lazy, type LazyExoticComponent, type ReactNode, Suspense } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { loadRemotePage, type RemoteName } from '../api/federation';
import type { RemotePages } from '../api/pages';

const cache = new Map<string, LazyExoticComponent<ComponentType>>();

/** A small piece of a remote inside the host's own chrome (the header's sign-out): if the remote is down,
 *  the host's fallback stands in for it. */
export function RemoteWidget<R extends RemoteName>({
  remote,
  module,
  fallback,
}: {
  remote: R;
  module: RemotePages[R];
  fallback: ReactNode;
}) {
  const key = `${remote}/${module}`;
  let Widget = cache.get(key);
  if (!Widget) {
    Widget = lazy(() => loadRemotePage(remote, module));
    cache.set(key, Widget);
  }
  return (
    <ErrorBoundary fallback={fallback}>
      <Suspense fallback={fallback}>
        <Widget />
      </Suspense>
    </ErrorBoundary>
  );
}
