import { useEffect } from 'react';
import { saveNextAddress, useLocation } from '@bullpen/shared';
import { isEndedSessionAddress } from '../lib/ended-session';

/**
 * SPEC §2: while signed out, the full current address is "next". Pages that stay signed out (terms, join
 * information) keep it current too, so an older address never outlives the page the visitor is on. /auth itself is
 * where signing in happens, not a place to come back to, and neither is the page a session ended on.
 */
export function useRememberSignedOutAddress(): void {
  const { pathname, search, hash } = useLocation();
  useEffect(() => {
    if (pathname === '/auth' || isEndedSessionAddress(`${pathname}${search}${hash}`)) return;
    saveNextAddress(`${window.location.origin}${pathname}${search}${hash}`);
  }, [pathname, search, hash]);
}
