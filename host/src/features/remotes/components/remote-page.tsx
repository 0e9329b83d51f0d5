import { type ComponentType, lazy, type LazyExoticComponent, Suspense, useState } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { PageLoader } from '../../loader';
import { loadRemotePage, type RemoteName } from '../api/federation';
import type { RemotePages } from '../api/pages';
import { RemoteUnavailable } from './remote-unavailable';

const cache = new Map<string, LazyExoticComponent<ComponentType>>();

function lazyPage<R extends RemoteName>(remote: R, exposed: RemotePages[R], attempt: number) {
  const key = `${remote}/${exposed}#${attempt}`;
  let page = cache.get(key);
  if (!page) {
    page = lazy(() => loadRemotePage(remote, exposed));
    cache.set(key, page);
  }
  return page;
}

/** A page from a remote. If the remote is down, fails to load or throws, only this part of the screen shows the
 *  fallback; the header, the other routes and the toasts keep working. `page` is one the remote declares it exposes
 *  (its src/exposes.ts). */
export function RemotePage<R extends RemoteName>({ remote, page }: { remote: R; page: RemotePages[R] }) {
  const [attempt, setAttempt] = useState(0);
  const Page = lazyPage(remote, page, attempt);
  return (
    <ErrorBoundary
      resetKeys={[remote, page, attempt]}
      fallbackRender={({ error }) => (
        <RemoteUnavailable remote={remote} error={error} onRetry={() => setAttempt((value) => value + 1)} />
      )}
    >
      <Suspense fallback={<PageLoader />}>
        <Page />
      </Suspense>
    </ErrorBoundary>
  );
}
