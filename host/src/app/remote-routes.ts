import type { RemotePageRef } from '../features/remotes';

// Every remote page the host shows, by address (SPEC §2), as data with type imports only: routes.tsx and the gate
// render them, and e2e/contract.test.ts checks each one against the remotes' built manifests (mf-manifest.json).
// A page name is checked against the remote's own declaration (remote-*/src/exposes.ts) by `npm run typecheck`.

export type RemoteRoute = RemotePageRef & { path: string };

export const SIGNED_IN_REMOTE_ROUTES: readonly RemoteRoute[] = [
  { path: '/home', remote: 'contests', page: 'HomePage' },
  { path: '/invitation/:contestId', remote: 'contests', page: 'InvitationPage' },
  { path: '/contest-confirmed/:contestId', remote: 'contests', page: 'ContestConfirmedPage' },
  { path: '/create-contest', remote: 'contests', page: 'CreateContestPage' },
  { path: '/edit-contest/:contestId', remote: 'contests', page: 'EditContestPage' },
  { path: '/profile', remote: 'profile', page: 'ProfilePage' },
  { path: '/edit-profile', remote: 'profile', page: 'EditProfilePage' },
  { path: '/contest-detail/:contestId', remote: 'contests', page: 'ContestDetailPage' },
  { path: '/save-picks/:contestId', remote: 'contests', page: 'SavePicksPage' },
  { path: '/edit-picks/:contestId', remote: 'contests', page: 'EditPicksPage' },
  { path: '/confirm-save-picks/:contestId', remote: 'contests', page: 'ConfirmSavePicksPage' },
  { path: '/join-contest-info/:contestId', remote: 'contests', page: 'JoinContestInfoPage' },
  { path: '/contest-completed/:contestId', remote: 'contests', page: 'ContestCompletedPage' },
  { path: '/live-contest/:contestId', remote: 'trading', page: 'LiveContestPage' },
  { path: '/trading/:contestId', remote: 'trading', page: 'TradingPage' },
];

export const SIGNED_OUT_REMOTE_ROUTES: readonly RemoteRoute[] = [
  { path: '/auth', remote: 'auth', page: 'AuthPage' },
  { path: '/join-contest-info/:contestId', remote: 'contests', page: 'JoinContestInfoPage' },
];

/** The page the gate shows a signed-in user who has no profile yet, whatever the address. */
export const ONBOARDING_PAGE = { remote: 'profile', page: 'OnboardingPage' } as const satisfies RemotePageRef;
