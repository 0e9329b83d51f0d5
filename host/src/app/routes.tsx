import type { ReactNode } from 'react';
import { Navigate } from '@bullpen/shared';
import { RedirectToAuth } from '../features/next-address';
import { RemotePage } from '../features/remotes';
import { type HostRoute, isRedirect, reaches } from '../features/remotes/api/route-match';
import { ErrorPage } from './pages/error-page';
import { TermsPage } from './pages/terms-page';
import { HOST_ROUTES } from './route-table';

// The routing tables of SPEC §2, as data, so the tests walk exactly what the app serves: the addresses of the route
// table (route-table.ts, typed against what each remote declares it exposes), then the host's own pages and what
// any other address leads to.

export interface RouteEntry {
  path: string;
  element: ReactNode;
}

const tableRoutes = (signedIn: boolean): RouteEntry[] =>
  HOST_ROUTES.filter((entry) => reaches(entry, signedIn)).map((entry: HostRoute) => ({
    path: entry.path,
    element: isRedirect(entry) ? <Navigate to={entry.redirect} replace /> : <RemotePage {...entry} />,
  }));

export const signedInRoutes: RouteEntry[] = [
  ...tableRoutes(true),
  { path: '/terms', element: <TermsPage /> },
  { path: '/error', element: <ErrorPage /> },
  { path: '*', element: <Navigate to="/error" replace /> },
];

export const signedOutRoutes: RouteEntry[] = [
  ...tableRoutes(false),
  { path: '/error', element: <ErrorPage /> },
  { path: '/terms', element: <TermsPage /> },
  { path: '*', element: <RedirectToAuth /> },
];
