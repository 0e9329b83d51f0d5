import type { RemotePageRef } from '../features/remotes';
import { ONBOARDING_PAGE, SIGNED_IN_REMOTE_ROUTES, SIGNED_OUT_REMOTE_ROUTES } from './remote-routes';

// Every (remote, page) pair the host may render, once each, whatever the address: what a remote's release must
// expose before `npm run remote -- rollout` lets it go live (scripts/lib/release-gate.mjs). Data only, so the command
// reads it straight from the source.

export const ROUTED_PAGES: readonly RemotePageRef[] = [
  ...new Map(
    [...SIGNED_IN_REMOTE_ROUTES, ...SIGNED_OUT_REMOTE_ROUTES, ONBOARDING_PAGE].map(
      ({ remote, page }) => [`${remote}/${page}`, { remote, page } as RemotePageRef] as const,
    ),
  ).values(),
];
