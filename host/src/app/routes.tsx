import type { ReactNode } from 'react';
import { Navigate } from '@bullpen/shared';
import { RedirectToAuth } from '../features/next-address';
import { RemotePage } from '../features/remotes';
import { ErrorPage } from './pages/error-page';
import { TermsPage } from './pages/terms-page';

// The routing tables of SPEC §2, as data, so the tests walk exactly what the app serves.

export interface RouteEntry {
  path: string;
  element: ReactNode;
}

const contests = (page: string) => <RemotePage remote="contests" page={page} />;
const trading = (page: string) => <RemotePage remote="trading" page={page} />;
const profile = (page: string) => <RemotePage remote="profile" page={page} />;

export const signedInRoutes: RouteEntry[] = [
  { path: '/auth', element: <Navigate to="/home" replace /> },
  { path: '/', element: <Navigate to="/home" replace /> },
  { path: '/home', element: contests('HomePage') },
  { path: '/invitation/:contestId', element: contests('InvitationPage') },
  { path: '/contest-confirmed/:contestId', element: contests('ContestConfirmedPage') },
  { path: '/create-contest', element: contests('CreateContestPage') },
  { path: '/edit-contest/:contestId', element: contests('EditContestPage') },
  { path: '/profile', element: profile('ProfilePage') },
  { path: '/edit-profile', element: profile('EditProfilePage') },
  { path: '/contest-detail/:contestId', element: contests('ContestDetailPage') },
  { path: '/save-picks/:contestId', element: contests('SavePicksPage') },
  { path: '/edit-picks/:contestId', element: contests('EditPicksPage') },
  { path: '/confirm-save-picks/:contestId', element: contests('ConfirmSavePicksPage') },
  { path: '/join-contest-info/:contestId', element: contests('JoinContestInfoPage') },
  { path: '/contest-completed/:contestId', element: contests('ContestCompletedPage') },
  { path: '/live-contest/:contestId', element: trading('LiveContestPage') },
  { path: '/trading/:contestId', element: trading('TradingPage') },
  { path: '/terms', element: <TermsPage /> },
  { path: '/error', element: <ErrorPage /> },
  { path: '*', element: <Navigate to="/error" replace /> },
];

export const signedOutRoutes: RouteEntry[] = [
  { path: '/auth', element: <RemotePage remote="auth" page="AuthPage" /> },
  { path: '/error', element: <ErrorPage /> },
  { path: '/terms', element: <TermsPage /> },
  { path: '/join-contest-info/:contestId', element: contests('JoinContestInfoPage') },
  { path: '*', element: <RedirectToAuth /> },
];
