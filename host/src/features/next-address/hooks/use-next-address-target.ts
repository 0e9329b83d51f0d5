import { useEffect, useState } from 'react';
import { clearNextAddress, peekNextPath, useLocation } from '@bullpen/shared';

/** Right after sign-in: the path "next" asked for, until the router has arrived there; then null.
 *  "next" itself is removed at once, whether it was followed or refused. */
export function useNextAddressTarget(): string | null {
  const [target, setTarget] = useState(peekNextPath);
  const location = useLocation();

  useEffect(() => {
    clearNextAddress();
  }, []);

  useEffect(() => {
    if (target && `${location.pathname}${location.search}` === target) setTarget(null);
  }, [location.pathname, location.search, target]);

  return target;
}
