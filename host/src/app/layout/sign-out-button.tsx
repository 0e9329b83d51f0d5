import { signOut } from 'aws-amplify/auth';
import { useState } from 'react';

/** Sign-out that works even when remote-auth is down: global first, then local; failures are ignored (SPEC §4). */
export function SignOutFallback() {
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
