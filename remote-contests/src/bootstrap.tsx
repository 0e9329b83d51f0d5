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
import type { ExposedPage } from './exposes';

// Standalone mode: this remote's pages on its own dev server, for the team that owns it. One entry per exposed page
// (src/exposes.ts): a page added there and not here, or the reverse, fails the typecheck.
const pages = {
  HomePage: { path: '/home', element: <HomePage /> },
  CreateContestPage: { path: '/create-contest', element: <CreateContestPage /> },
  EditContestPage: { path: '/edit-contest/:contestId', element: <EditContestPage />, example: '/edit-contest/ID' },
  ContestDetailPage: {
    path: '/contest-detail/:contestId',
    element: <ContestDetailPage />,
    example: '/contest-detail/ID',
  },
  InvitationPage: { path: '/invitation/:contestId', element: <InvitationPage />, example: '/invitation/ID' },
  ContestConfirmedPage: {
    path: '/contest-confirmed/:contestId',
    element: <ContestConfirmedPage />,
    example: '/contest-confirmed/ID',
  },
  JoinContestInfoPage: {
    path: '/join-contest-info/:contestId',
    element: <JoinContestInfoPage />,
    example: '/join-contest-info/ID',
  },
  SavePicksPage: { path: '/save-picks/:contestId', element: <SavePicksPage />, example: '/save-picks/ID' },
  EditPicksPage: { path: '/edit-picks/:contestId', element: <EditPicksPage />, example: '/edit-picks/ID' },
  ConfirmSavePicksPage: {
    path: '/confirm-save-picks/:contestId',
    element: <ConfirmSavePicksPage />,
    example: '/confirm-save-picks/ID',
  },
  ContestCompletedPage: {
    path: '/contest-completed/:contestId',
    element: <ContestCompletedPage />,
    example: '/contest-completed/ID',
  },
} satisfies Record<ExposedPage, StandalonePage>;

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <StandaloneApp name="remote-contests" pages={Object.values(pages)} />
    </StrictMode>,
  );
}
