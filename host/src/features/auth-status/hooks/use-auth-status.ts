import {
  AUTH_WIDGET_CHANNEL,
  AUTH_WIDGET_DONE,
  CURRENT_USER_KEY,
  forgetPersistedReads,
  freshStoredIdToken,
  getIdToken,
  hasStoredSession,
  loadAuth,
  restorePersistedReads,
  tokenSubject,
  useUserStore,
  whenAuthLoaded,
} from '@bullpen/shared';
import { useEffect, useState } from 'react';
import { forgetLastPage } from '../../last-page';
import { forgetAddressOfEndedSession } from '../../next-address';
import { mutate, unload } from 'swr';

// SPEC §4: auth status is configuring (loader), unauthenticated (signed-out routes) or authenticated.
export type AuthStatus = 'configuring' | 'unauthenticated' | 'authenticated';

/** How long a sign-in on /auth waits for the widget's own last steps before going on regardless (a widget
 *  version that never announces it is done must not keep anyone on /auth for ever). */
const WIDGET_DONE_FALLBACK_MS = 120_000;

/** Forget everything the previous user saw: the store, every cached read and the reads kept on this device.
 *  SWR's `unload`, not `mutate(() => true, undefined)`: that only empties the entries and keeps the requests of the
 *  last two seconds for deduplication, so a screen of the next session that asks for the same read at once (signing
 *  in again right after signing out) is handed the old request, whose answer SWR then discards as older than the
 *  clearing: the screen waits for ever (vercel/swr#2877). */
function forgetSession() {
  forgetAddressOfEndedSession();
  forgetPersistedReads();
  forgetLastPage();
  useUserStore.getState().clear();
  unload({ revalidate: false });
}

export function useAuthStatus(): AuthStatus {
  // A good stored ID token is a signed-in user now: the first screen does not wait for Amplify, which is
  // loaded when something needs it (the API client refreshing a token, a sign-out, the sign-in page).
  // No stored session at all is a signed-out visitor now: the sign-in page does not wait for Amplify either.
  const [status, setStatus] = useState<AuthStatus>(() => {
    if (freshStoredIdToken()) return 'authenticated';
    return hasStoredSession() ? 'configuring' : 'unauthenticated';
  });

  useEffect(() => {
    let active = true;
    const settle = (next: AuthStatus) => {
      if (active) setStatus(next);
    };
    if (!freshStoredIdToken() && hasStoredSession()) {
      loadAuth()
        .then(({ getCurrentUser }) => getCurrentUser())
        .then(() => settle('authenticated'))
        .catch(() => settle('unauthenticated'));
    }

    let waitingForWidget: ReturnType<typeof setTimeout> | undefined;
    const stopWaiting = () => {
      clearTimeout(waitingForWidget);
      waitingForWidget = undefined;
    };
    // Sign-in, sign-out and refresh all happen inside Amplify: listening from the moment it is loaded hears them all.
    const stopListening: (() => void)[] = [];
    const stopLoadWatch = whenAuthLoaded(({ Hub, signOut }) => {
      stopListening.push(
        Hub.listen(AUTH_WIDGET_CHANNEL, ({ payload }) => {
          if (payload.event !== AUTH_WIDGET_DONE || !waitingForWidget) return;
          stopWaiting();
          settle('authenticated');
        }),
        Hub.listen('auth', ({ payload }) => {
          switch (payload.event) {
            case 'signedIn':
              // Reads are kept for whoever signed in (a warm visit of theirs paints from them).
              void getIdToken().then((token) => restorePersistedReads(tokenSubject(token)));
              // Signed in through the widget: let it finish (verify contact, say) before the routes take over.
              if (window.location.pathname === '/auth') {
                stopWaiting();
                waitingForWidget = setTimeout(() => {
                  waitingForWidget = undefined;
                  settle('authenticated');
                }, WIDGET_DONE_FALLBACK_MS);
              } else {
                settle('authenticated');
              }
              break;
            case 'signedOut':
              stopWaiting();
              forgetSession();
              settle('unauthenticated');
              break;
            case 'tokenRefresh':
              // A refreshed session re-reads the user (SPEC §4).
              void mutate(CURRENT_USER_KEY);
              break;
            case 'tokenRefresh_failure':
              // A session that can no longer refresh is over: sign out locally, errors ignored (SPEC §4).
              signOut()
                .catch(() => undefined)
                .finally(() => {
                  forgetSession();
                  settle('unauthenticated');
                });
              break;
            default:
              break;
          }
        }),
      );
    });
    return () => {
      active = false;
      stopWaiting();
      stopLoadWatch();
      for (const stop of stopListening) stop();
    };
  }, []);

  return status;
}
