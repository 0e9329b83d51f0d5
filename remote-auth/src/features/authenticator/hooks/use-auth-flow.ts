import { loadAuth } from '@bullpen/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Route } from '../services/auth-flow';

/** The widget's Amplify calls (services/auth-flow.ts). */
export type AuthCalls = typeof import('../services/auth-flow');

/**
 * The calls, with Amplify loaded and configured first: the host's one Amplify, through @bullpen/shared, so its Hub
 * listeners hear the sign-in. Neither is in the page's first chunk: the form shows first, and the widget starts both
 * loading as soon as it is on screen (issue #13).
 */
export function loadAuthCalls(): Promise<AuthCalls> {
  return loadAuth().then(() => import('../services/auth-flow'));
}

export interface AuthFlow {
  route: Route;
  /** A request is under way: the form is disabled and its button says what it is doing (SPEC §2). */
  pending: boolean;
  /** The last request's failure, shown above the submit button until dismissed or the next request. */
  error: string | null;
  dismissError: () => void;
  /** Moves to another screen at once (tabs, "Forgot your password?", "Back to Sign In", Skip). */
  go: (route: Route) => void;
  /** Runs a request; its answer, when it has one, is the next screen. Errors stay on this screen. */
  submit: (request: (calls: AuthCalls) => Promise<Route | null>) => Promise<void>;
}

export function useAuthFlow(initial: Route): AuthFlow {
  const [route, setRoute] = useState<Route>(initial);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    // Ready before the user has typed: a failure here shows when they submit (and the load is tried again).
    loadAuthCalls().catch(() => undefined);
    return () => {
      mounted.current = false;
    };
  }, []);

  const go = useCallback((next: Route) => {
    setError(null);
    setRoute(next);
  }, []);

  const submit = useCallback(async (request: (calls: AuthCalls) => Promise<Route | null>) => {
    setError(null);
    setPending(true);
    try {
      const next = await request(await loadAuthCalls());
      if (mounted.current && next) setRoute(next);
    } catch (failure) {
      if (mounted.current) setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      if (mounted.current) setPending(false);
    }
  }, []);

  const dismissError = useCallback(() => setError(null), []);
  return { route, pending, error, dismissError, go, submit };
}
