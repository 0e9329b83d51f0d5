import { loadAuth } from '@bullpen/shared';
import { useState } from 'react';

/** The header's sign-out (DESIGN §1 lets the host own it): global first, then local; failures are ignored (SPEC §4).
 *  The host's own, so a signed-in page loads no remote-auth at all, and sign-out works whatever state remote-auth is
 *  in. Amplify's Hub tells every part of the page (useAuthStatus, remote-auth's widget) that the session ended. */
export function SignOutButton() {
  const [pending, setPending] = useState(false);
  const run = async () => {
    setPending(true);
    try {
      // Amplify is loaded on demand; a page that cannot load it cannot sign out either, and says nothing.
      const { signOut } = await loadAuth();
      await signOut({ global: true }).catch(() => signOut().catch(() => undefined));
    } catch {
      // SPEC §4: sign-out failures are ignored.
    } finally {
      setPending(false);
    }
  };
  return (
    <button type="button" className="host-button" onClick={run} disabled={pending}>
      {pending ? 'Signing out…' : 'Sign out'}
    </button>
  );
}
