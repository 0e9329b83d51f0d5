import { CURRENT_USER_KEY, useUserStore } from '@bullpen/shared';
import { getCurrentUser, signOut } from 'aws-amplify/auth';
import { Hub } from 'aws-amplify/utils';
import { useEffect, useState } from 'react';
import { mutate } from 'swr';

// SPEC §4: auth status is configuring (loader), unauthenticated (signed-out routes) or authenticated.
export type AuthStatus = 'configuring' | 'unauthenticated' | 'authenticated';

/** Forget everything the previous user saw: the store and every cached read. */
function forgetSession() {
  useUserStore.getState().clear();
  void mutate(() => true, undefined, { revalidate: false });
}

export function useAuthStatus(): AuthStatus {
  const [status, setStatus] = useState<AuthStatus>('configuring');

  useEffect(() => {
    let active = true;
    const settle = (next: AuthStatus) => {
      if (active) setStatus(next);
    };
    getCurrentUser()
      .then(() => settle('authenticated'))
      .catch(() => settle('unauthenticated'));

    const stop = Hub.listen('auth', ({ payload }) => {
      switch (payload.event) {
        case 'signedIn':
          settle('authenticated');
          break;
        case 'signedOut':
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
    });
    return () => {
      active = false;
      stop();
    };
  }, []);

  return status;
}
