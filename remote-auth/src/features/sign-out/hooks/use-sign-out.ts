import { useCallback, useEffect, useRef, useState } from 'react';
import { signOutEverywhere } from '../api/sign-out-everywhere';

export function useSignOut(): {
  signOut: () => Promise<void>;
  pending: boolean;
} {
  const [pending, setPending] = useState(false);
  const inFlight = useRef(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const signOut = useCallback(async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    setPending(true);
    try {
      await signOutEverywhere();
    } finally {
      inFlight.current = false;
      // The host usually unmounts the header (and this button) as soon as the user is signed out.
      if (mounted.current) setPending(false);
    }
  }, []);

  return { signOut, pending };
}
