import { type ReactNode, useEffect, useState } from 'react';
import { BrowserRouter, NavLink, Route, Routes } from '../router';
import { SWRConfig } from 'swr';
import { defaultSwrConfig } from '../api/swr';
import { configureAuth, isUserPoolConfigured, loadAuth } from '../auth/configure-auth';
import { loadRuntimeConfig } from '../config/runtime-config';
import { useToastStore } from '../store/toast-store';
import { Button, EmptyState, ErrorState, PageLoader } from '../ui';
import './standalone.css';

// A remote's team runs its pages alone with `npm run dev -w <remote>`: same config.json, same API and user pool,
// no host. Signing in happens in the composed app (or remote-auth standalone); the Amplify session is kept per
// origin, so sign in once on the remote's own origin (remote-auth standalone on its port, or the composed app).

export interface StandalonePage {
  path: string;
  element: ReactNode;
  /** A sample address for the index, e.g. /contest-detail/123 */
  example?: string;
}

function StandaloneToasts() {
  const toasts = useToastStore((state) => state.toasts);
  const dismiss = useToastStore((state) => state.dismiss);
  return (
    <section className="bp-standalone__toasts" aria-label="Notifications">
      {toasts.map((toast) => (
        <div
          key={toast.id}
          className={`bp-standalone__toast bp-standalone__toast--${toast.kind}`}
          role={toast.kind === 'error' ? 'alert' : 'status'}
        >
          <p>{toast.message}</p>
          <Button size="small" variant="ghost" onClick={() => dismiss(toast.id)}>
            Close
          </Button>
        </div>
      ))}
    </section>
  );
}

type Startup = { state: 'loading' } | { state: 'ready' } | { state: 'failed'; error: unknown };

export function StandaloneApp({ name, pages }: { name: string; pages: StandalonePage[] }) {
  const [startup, setStartup] = useState<Startup>({ state: 'loading' });
  useEffect(() => {
    loadRuntimeConfig()
      .then(async (config) => {
        // In the composed app only the host configures Amplify; standalone, the remote stands in for it (and loads it
        // before any page, whose Amplify calls expect it configured).
        if (isUserPoolConfigured(config)) {
          configureAuth(config);
          await loadAuth();
        }
        setStartup({ state: 'ready' });
      })
      .catch((error: unknown) => setStartup({ state: 'failed', error }));
  }, []);

  if (startup.state === 'loading') return <PageLoader label="Loading configuration" />;
  if (startup.state === 'failed') {
    return (
      <main className="bp-standalone__main">
        <ErrorState
          title="config.json could not be loaded"
          error={startup.error}
          onRetry={() => window.location.reload()}
        />
      </main>
    );
  }
  return (
    <SWRConfig value={defaultSwrConfig}>
      <BrowserRouter>
        <header className="bp-standalone__header">
          <strong className="bp-standalone__brand">
            <span aria-hidden="true">▲</span> {name} <span className="bp-standalone__tag">standalone</span>
          </strong>
          <nav aria-label="Pages of this remote" className="bp-standalone__nav">
            {pages.map((page) => (
              <NavLink key={page.path} to={page.example ?? page.path}>
                {page.example ?? page.path}
              </NavLink>
            ))}
          </nav>
        </header>
        <main className="bp-standalone__main">
          <Routes>
            {pages.map((page) => (
              <Route key={page.path} path={page.path} element={page.element} />
            ))}
            <Route
              path="*"
              element={
                <EmptyState title={`${name} on its own`}>
                  Pick one of its pages above. Replace ID in an address with a real contest id.
                </EmptyState>
              }
            />
          </Routes>
        </main>
        <StandaloneToasts />
      </BrowserRouter>
    </SWRConfig>
  );
}
