import { API_PATHS } from '@bullpen/shared/early-reads';
import type { RemotePageRef } from '../features/remotes/api/pages';
import { type HostRoute, route } from '../features/remotes/api/route-match';

// Every address that shows a remote page or leads to one (SPEC §2), declared once. The router (routes.tsx) serves
// it, main.js preloads a cold visit's remote entry and page chunks and sends its first reads before React
// (early-manifest.ts), and bootstrap loads the page and puts those reads in SWR's cache (preload-route.ts). A new
// route is one line here. The host's own pages (/terms, /error) and the fallback for any other address are in
// routes.tsx. main.js carries this file: data and API paths only, nothing of React or the router.
// A page name is checked against the remote's own declaration (remote-*/src/exposes.ts) by `npm run typecheck`, and
// e2e/contract.test.ts checks each one against the remotes' built manifests (mf-manifest.json).

export const HOST_ROUTES: readonly HostRoute[] = [
  route({ path: '/', access: 'signed-in', redirect: '/home' }),
  route({ path: '/auth', access: 'signed-in', redirect: '/home' }),
  route({
    path: '/home',
    access: 'signed-in',
    remote: 'contests',
    page: 'HomePage',
    preload: true,
    reads: () => [API_PATHS.activeContests, API_PATHS.upcomingContests, API_PATHS.completedContests],
  }),
  route({ path: '/invitation/:contestId', access: 'signed-in', remote: 'contests', page: 'InvitationPage' }),
  route({
    path: '/contest-confirmed/:contestId',
    access: 'signed-in',
    remote: 'contests',
    page: 'ContestConfirmedPage',
  }),
  route({ path: '/create-contest', access: 'signed-in', remote: 'contests', page: 'CreateContestPage' }),
  route({ path: '/edit-contest/:contestId', access: 'signed-in', remote: 'contests', page: 'EditContestPage' }),
  route({ path: '/profile', access: 'signed-in', remote: 'profile', page: 'ProfilePage', preload: true }),
  route({ path: '/edit-profile', access: 'signed-in', remote: 'profile', page: 'EditProfilePage' }),
  route({
    path: '/contest-detail/:contestId',
    access: 'signed-in',
    remote: 'contests',
    page: 'ContestDetailPage',
    preload: true,
  }),
  route({ path: '/save-picks/:contestId', access: 'signed-in', remote: 'contests', page: 'SavePicksPage' }),
  route({ path: '/edit-picks/:contestId', access: 'signed-in', remote: 'contests', page: 'EditPicksPage' }),
  route({
    path: '/confirm-save-picks/:contestId',
    access: 'signed-in',
    remote: 'contests',
    page: 'ConfirmSavePicksPage',
  }),
  route({
    path: '/join-contest-info/:contestId',
    access: 'anyone',
    remote: 'contests',
    page: 'JoinContestInfoPage',
    preload: true,
    // An invitation's join page leads a signed-out visitor to sign in: the Authenticator loads while they read.
    signedOutNext: { remote: 'auth', page: 'AuthPage' },
  }),
  route({
    path: '/contest-completed/:contestId',
    access: 'signed-in',
    remote: 'contests',
    page: 'ContestCompletedPage',
  }),
  route({
    path: '/live-contest/:contestId',
    access: 'signed-in',
    remote: 'trading',
    page: 'LiveContestPage',
    preload: true,
    // The live page waits for its contest (public) before it shows the board, so the board and the viewer's entry
    // leave with it instead of after the remote has loaded and run.
    reads: ({ contestId }) => [
      [API_PATHS.getContest, { contestId }],
      API_PATHS.activeContest(contestId),
      API_PATHS.contestUser(contestId),
    ],
  }),
  route({ path: '/trading/:contestId', access: 'signed-in', remote: 'trading', page: 'TradingPage', preload: true }),
  route({ path: '/auth', access: 'signed-out', remote: 'auth', page: 'AuthPage', preload: true }),
];

/** The page the gate shows a signed-in user who has no profile yet, whatever the address. */
export const ONBOARDING_PAGE = { remote: 'profile', page: 'OnboardingPage' } as const satisfies RemotePageRef;
