import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { takeNextPath } from '../api/next-address';

/** Once the signed-in routes are showing, go where the visitor was headed before signing in. */
export function useFollowNextAddress(): void {
  const navigate = useNavigate();
  useEffect(() => {
    const path = takeNextPath();
    if (path) navigate(path, { replace: true });
  }, [navigate]);
}
