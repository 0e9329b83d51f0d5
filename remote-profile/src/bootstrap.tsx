import '@bullpen/shared/theme.css';
import { StandaloneApp, type StandalonePage } from '@bullpen/shared/standalone';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import OnboardingPage from './app/pages/onboarding-page';
import ProfilePage from './app/pages/profile-page';
import EditProfilePage from './app/pages/edit-profile-page';

// Standalone mode: this remote's pages on its own dev server, for the team that owns it.
const pages: StandalonePage[] = [
  { path: '/onboarding', element: <OnboardingPage /> },
  { path: '/profile', element: <ProfilePage /> },
  { path: '/edit-profile', element: <EditProfilePage /> },
];

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <StandaloneApp name="remote-profile" pages={pages} />
    </StrictMode>,
  );
}
