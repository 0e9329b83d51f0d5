import { signOut } from 'aws-amplify/auth';
import { Hub } from 'aws-amplify/utils';
import { clearAuthTokens } from '@bullpen/shared';

export type SignOutOutcome = 'global' | 'local' | 'tokens-cleared';

/**
 * SPEC §4: sign out globally (every device's refresh tokens revoked); if that fails, sign out of this browser
 * only; if even that fails, drop the stored tokens and announce the sign-out so the host's auth gate follows.
 * Failures are never shown: the user asked to leave and leaves.
 */
export async function signOutEverywhere(): Promise<SignOutOutcome> {
  try {
    await signOut({ global: true });
    return 'global';
  } catch (error) {
    console.warn('Global sign-out failed; signing out of this browser only.', error);
  }
  try {
    await signOut();
    return 'local';
  } catch (error) {
    console.warn('Local sign-out failed; clearing the stored tokens.', error);
  }
  try {
    await clearAuthTokens();
  } catch (error) {
    console.warn('Clearing the stored tokens failed.', error);
  }
  Hub.dispatch('auth', { event: 'signedOut' });
  return 'tokens-cleared';
}
