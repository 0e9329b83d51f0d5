import '@bullpen/shared/theme.css';
import { StandaloneApp, type StandalonePage } from '@bullpen/shared/standalone';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import AuthPage from './app/pages/auth-page';
import type { ExposedPage } from './exposes';

// Standalone mode: this remote's pages on its own dev server, for the team that owns it. One entry per exposed page
// (src/exposes.ts): a page added there and not here, or the reverse, fails the typecheck.
const pages = {
  AuthPage: { path: '/auth', element: <AuthPage /> },
} satisfies Record<ExposedPage, StandalonePage>;

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <StandaloneApp name="remote-auth" pages={Object.values(pages)} />
    </StrictMode>,
  );
}
