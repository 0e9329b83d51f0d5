import '@bullpen/shared/theme.css';
import { StandaloneApp, type StandalonePage } from '@bullpen/shared/standalone';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import HomePage from './app/pages/home-page';
import CreateContestPage from './app/pages/create-contest-page';
import EditContestPage from './app/pages/edit-contest-page';
import ContestDetailPage from './app/pages/contest-detail-page';
import InvitationPage from './app/pages/invitation-page';
import ContestConfirmedPage from './app/pages/contest-confirmed-page';
import JoinContestInfoPage from './app/pages/join-contest-info-page';
import SavePicksPage from './app/pages/save-picks-page';
import EditPicksPage from './app/pages/edit-picks-page';
import ConfirmSavePicksPage from './app/pages/confirm-save-picks-page';
import ContestCompletedPage from './app/pages/contest-completed-page';

// Standalone mode: this remote's pages on its own dev server, for the team that owns it.
const pages: StandalonePage[] = [
  { path: '/home', element: <HomePage /> },
  { path: '/create-contest', element: <CreateContestPage /> },
  { path: '/edit-contest/:contestId', element: <EditContestPage />, example: '/edit-contest/ID' },
  { path: '/contest-detail/:contestId', element: <ContestDetailPage />, example: '/contest-detail/ID' },
  { path: '/invitation/:contestId', element: <InvitationPage />, example: '/invitation/ID' },
  { path: '/contest-confirmed/:contestId', element: <ContestConfirmedPage />, example: '/contest-confirmed/ID' },
  { path: '/join-contest-info/:contestId', element: <JoinContestInfoPage />, example: '/join-contest-info/ID' },
  { path: '/save-picks/:contestId', element: <SavePicksPage />, example: '/save-picks/ID' },
  { path: '/edit-picks/:contestId', element: <EditPicksPage />, example: '/edit-picks/ID' },
  { path: '/confirm-save-picks/:contestId', element: <ConfirmSavePicksPage />, example: '/confirm-save-picks/ID' },
  { path: '/contest-completed/:contestId', element: <ContestCompletedPage />, example: '/contest-completed/ID' },
];

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <StandaloneApp name="remote-contests" pages={pages} />
    </StrictMode>,
  );
}
