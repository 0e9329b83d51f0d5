import { freshStoredIdToken, hasStoredSession, loadAuth } from '../auth/configure-auth';

/** The signed-in user's ID token: the stored one while it is good (as Amplify would answer), else Amplify's answer,
 *  which refreshes a token close to expiry (one refresh at a time), or undefined when signed out. With no session on
 *  this device Amplify has no token to give: a signed-out visitor's page and reads do not load it. */
export async function getIdToken(): Promise<string | undefined> {
  const stored = freshStoredIdToken();
  if (stored) return stored;
  if (!hasStoredSession()) return undefined;
  try {
    const { fetchAuthSession } = await loadAuth();
    const session = await fetchAuthSession();
    return session.tokens?.idToken?.toString();
  } catch {
    return undefined;
  }
}

export async function authorizationHeaders(): Promise<Record<string, string>> {
  const token = await getIdToken();
  return token ? { authorization: token } : {};
}
