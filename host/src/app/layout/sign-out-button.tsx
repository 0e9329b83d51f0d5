import { signOut } from 'aws-amplify/auth';
import { useState } from 'react';

/** The header's sign-out (DESIGN §1 lets the host own it): global first, then local; failures are ignored (SPEC §4).
 *  The host's own, so a signed-in page loads no remote-auth at all, and sign-out works whatever state remote-auth is
 *  in. Amplify's Hub tells every part of the page (useAuthStatus, remote-auth's widget) that the session ended. */
export function SignOutButton() {
  const [pending, setPending] = useState(false);
  const run = async () => {
    setPending(true);
    try {
      await signOut({ global: true });
    } catch {
      await signOut().catch(() => undefined);
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
