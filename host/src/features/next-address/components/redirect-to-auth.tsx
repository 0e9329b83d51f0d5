import { Navigate, saveNextAddress } from '@bullpen/shared';
import { isEndedSessionAddress } from '../lib/ended-session';

/** A signed-out visitor on a signed-in address: remember it (unless a session just ended there), then show the
 *  sign-in widget. */
export function RedirectToAuth() {
  const { pathname, search, hash } = window.location;
  if (!isEndedSessionAddress(`${pathname}${search}${hash}`)) saveNextAddress();
  return <Navigate to="/auth" replace />;
}
