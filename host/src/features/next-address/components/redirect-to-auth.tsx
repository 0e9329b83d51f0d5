import { Navigate, saveNextAddress } from '@bullpen/shared';

/** A signed-out visitor on a signed-in address: remember it, then show the sign-in widget. */
export function RedirectToAuth() {
  saveNextAddress();
  return <Navigate to="/auth" replace />;
}
