// What Amplify's Cognito token store keeps in localStorage, read without Amplify: a signed-in page paints
// and sends its reads with the stored ID token while it is good, and loads Amplify only when it is needed (sign-in,
// sign-out, a refresh). Pure and free of imports, so main.js can carry it before any shared module is set up.

/** Within this much of its expiry the token goes through Amplify, which refreshes it first. */
const TOKEN_MARGIN_MS = 60_000;

const prefix = (clientId: string) => `CognitoIdentityServiceProvider.${clientId}`;

function claimsOf(token: string): { exp?: unknown; sub?: unknown } | null {
  try {
    const payload = token.split('.')[1] ?? '';
    return JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown };
  } catch {
    return null;
  }
}

/** The `sub` claim of an ID token, or null. */
export function tokenSub(token: string | null | undefined): string | null {
  const sub = token ? claimsOf(token)?.sub : undefined;
  return typeof sub === 'string' && sub !== '' ? sub : null;
}

/** Amplify keeps the last signed-in user per app client: someone has signed in on this device and not out. */
export function hasStoredUser(clientId: string | undefined): boolean {
  try {
    return Boolean(clientId && localStorage.getItem(`${prefix(clientId)}.LastAuthUser`));
  } catch {
    return false;
  }
}

/** The stored ID token of the signed-in user if it is good for more than `marginMs`, else null. */
export function storedIdToken(clientId: string | undefined, marginMs = TOKEN_MARGIN_MS): string | null {
  try {
    if (!clientId) return null;
    const user = localStorage.getItem(`${prefix(clientId)}.LastAuthUser`);
    const token = user ? localStorage.getItem(`${prefix(clientId)}.${user}.idToken`) : null;
    const exp = token ? claimsOf(token)?.exp : undefined;
    return typeof exp === 'number' && exp * 1000 - Date.now() > marginMs ? token : null;
  } catch {
    return null;
  }
}
