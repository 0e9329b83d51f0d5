import { type ReactNode, useEffect, useState } from 'react';
import { BrowserRouter, Link, Route, Routes } from 'react-router-dom';
import { configureAuth } from '../auth/configure-auth';
import { loadRuntimeConfig } from '../config/runtime-config';
import { useToastStore } from '../store/toast-store';

// A remote's team runs its pages alone with `npm run dev -w <remote>`: same config.json, same API and user pool,
// no host. Signing in happens in the composed app (or remote-auth standalone); the Amplify session is shared
// per origin, so it is enough to sign in once on the same origin.

export interface StandalonePage {
  path: string;
  element: ReactNode;
  /** A sample address for the index, e.g. /contest-detail/123 */
  example?: string;
}

function Toasts() {
  const { toasts, dismiss } = useToastStore();
  return (
    <div aria-live="polite" style={{ position: 'fixed', right: 16, bottom: 16, display: 'grid', gap: 8, maxWidth: 500 }}>
      {toasts.map((toast) => (
        <div key={toast.id} role={toast.kind === 'error' ? 'alert' : 'status'} style={{ padding: 12, background: '#18232c', borderRadius: 8 }}>
          {toast.message}{' '}
          <button type="button" onClick={() => dismiss(toast.id)}>
            Close
          </button>
        </div>
      ))}
    </div>
  );
}

export function StandaloneApp({ name, pages }: { name: string; pages: StandalonePage[] }) {
  const [state, setState] = useState<'loading' | 'ready' | string>('loading');
  useEffect(() => {
    loadRuntimeConfig()
      .then((config) => {
        configureAuth(config);
        setState('ready');
      })
      .catch((error: Error) => setState(error.message));
  }, []);
  if (state === 'loading') return <p>Loading…</p>;
  if (state !== 'ready') return <p role="alert">{state}</p>;
  return (
    <BrowserRouter>
      <header style={{ padding: 16, borderBottom: '1px solid var(--color-border)' }}>
        <strong>{name}</strong> (standalone) —{' '}
        {pages.map((page) => (
          <Link key={page.path} to={page.example ?? page.path} style={{ marginRight: 12 }}>
            {page.example ?? page.path}
          </Link>
        ))}
      </header>
      <main style={{ padding: 16 }}>
        <Routes>
          {pages.map((page) => (
            <Route key={page.path} path={page.path} element={page.element} />
          ))}
          <Route path="*" element={<p>Pick a page above.</p>} />
        </Routes>
      </main>
      <Toasts />
    </BrowserRouter>
  );
}
