import '@bullpen/shared/theme.css';
import { StandaloneApp, type StandalonePage } from '@bullpen/shared/standalone';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import AuthPage from './app/pages/auth-page';
import SignOutButton from './app/pages/sign-out-button';

// Standalone mode: this remote's pages on its own dev server, for the team that owns it.
const pages: StandalonePage[] = [
  { path: '/auth', element: <AuthPage /> },
  { path: '/sign-out', element: <SignOutButton /> },
];

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <StandaloneApp name="remote-auth" pages={pages} />
    </StrictMode>,
  );
}
