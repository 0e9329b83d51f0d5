import type { RemotePageRef } from '../features/remotes';
import { isRedirect } from '../features/remotes/api/route-match';
import { HOST_ROUTES, ONBOARDING_PAGE } from './route-table';

// Every (remote, page) pair the host may render, once each, whatever the address: what a remote's release must
// expose before `npm run remote -- rollout` lets it go live (scripts/lib/release-gate.mjs). Data only, so the command
// reads it straight from the source.

export const ROUTED_PAGES: readonly RemotePageRef[] = [
  ...new Map(
    [
      ...HOST_ROUTES.flatMap((route) =>
        isRedirect(route) ? [] : [route, ...(route.signedOutNext ? [route.signedOutNext] : [])],
      ),
      ONBOARDING_PAGE,
    ].map(({ remote, page }) => [`${remote}/${page}`, { remote, page } as RemotePageRef] as const),
  ).values(),
];
