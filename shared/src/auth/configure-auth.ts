import type { RuntimeConfig } from '../config/runtime-config';
import { hasStoredUser, storedIdToken } from './stored-session';

// Auth without Amplify on the first screen. configureAuth only records the config; Amplify (about 40 KiB:
// its core, the Cognito token provider and hashing) is loaded and configured the first time something needs it: a
// sign-in page, a sign-out, a token that is missing or close to expiry (Amplify refreshes it, one refresh at a time),
// and it is the same one Amplify for every app (amplify-session.ts). A signed-in page whose stored ID token is good
// reads it as Amplify would and renders without waiting for Amplify at all.

export type AuthSession = typeof import('./amplify-session');

export { PASSWORD_MIN_LENGTH } from './password-rules';

let configured: RuntimeConfig | null = null;
let loading: Promise<AuthSession> | null = null;
let loaded: AuthSession | null = null;
const onLoad = new Set<(session: AuthSession) => void>();

export function isUserPoolConfigured(config: RuntimeConfig | null): boolean {
  return Boolean(config?.auth?.userPoolId && config.auth.userPoolClientId);
}

/** Records the user pool the page signs in with; Amplify itself is configured when it is first loaded. */
export function configureAuth(config: RuntimeConfig): void {
  if (!isUserPoolConfigured(config)) return;
  configured = config;
  loaded?.configureAmplify(config);
}

/** Amplify's auth, loaded and configured once. Callers registered with whenAuthLoaded run before any caller's own
 *  use of it (so the host's Hub listeners are in place before a sign-in, a sign-out or a refresh can happen). */
export function loadAuth(): Promise<AuthSession> {
  loading ??= import(/* webpackChunkName: "auth-session" */ './amplify-session').then((session) => {
    if (configured) session.configureAmplify(configured);
    loaded = session;
    for (const callback of onLoad) callback(session);
    return session;
  });
  loading.catch(() => {
    // A failed chunk load may be tried again.
    loading = null;
  });
  return loading;
}

/** Runs `callback` with Amplify's auth once it is loaded (at once if it already is); returns the unsubscribe. */
export function whenAuthLoaded(callback: (session: AuthSession) => void): () => void {
  let active = true;
  const run = (session: AuthSession) => {
    if (active) callback(session);
  };
  if (loaded) run(loaded);
  else onLoad.add(run);
  return () => {
    active = false;
    onLoad.delete(run);
  };
}

/** The signed-in user's stored ID token while it is good for a while yet (no Amplify needed), else null. */
export function freshStoredIdToken(): string | null {
  return configured ? storedIdToken(configured.auth.userPoolClientId) : null;
}

/**
 * Someone has signed in on this device and not signed out (their token may need a refresh first). False means signed
 * out for sure: the gate shows the signed-out routes at once, and Amplify is loaded only when the sign-in widget needs
 * it, after its form is on screen.
 */
export function hasStoredSession(): boolean {
  return configured ? hasStoredUser(configured.auth.userPoolClientId) : false;
}
