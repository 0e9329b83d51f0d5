import type { ReactNode } from 'react';
import { Navigate } from '@bullpen/shared';
import { RedirectToAuth } from '../features/next-address';
import { RemotePage } from '../features/remotes';
import { ErrorPage } from './pages/error-page';
import { TermsPage } from './pages/terms-page';
import { type RemoteRoute, SIGNED_IN_REMOTE_ROUTES, SIGNED_OUT_REMOTE_ROUTES } from './remote-routes';

// The routing tables of SPEC §2, as data, so the tests walk exactly what the app serves. The remote pages come from
// remote-routes.ts, typed against what each remote declares it exposes.

export interface RouteEntry {
  path: string;
  element: ReactNode;
}

const remoteRoute = ({ path, ...target }: RemoteRoute): RouteEntry => ({ path, element: <RemotePage {...target} /> });

export const signedInRoutes: RouteEntry[] = [
  { path: '/auth', element: <Navigate to="/home" replace /> },
  { path: '/', element: <Navigate to="/home" replace /> },
  ...SIGNED_IN_REMOTE_ROUTES.map(remoteRoute),
  { path: '/terms', element: <TermsPage /> },
  { path: '/error', element: <ErrorPage /> },
  { path: '*', element: <Navigate to="/error" replace /> },
];

export const signedOutRoutes: RouteEntry[] = [
  ...SIGNED_OUT_REMOTE_ROUTES.map(remoteRoute),
  { path: '/error', element: <ErrorPage /> },
  { path: '/terms', element: <TermsPage /> },
  { path: '*', element: <RedirectToAuth /> },
];
