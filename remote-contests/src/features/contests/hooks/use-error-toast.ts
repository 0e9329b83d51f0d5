import { useEffect, useRef } from 'react';
import { notifyError } from '../lib/feedback';

/**
 * A failed read shows the server's message in a toast beside the screen's own error state: once per failure,
 * not again for each automatic retry that fails the same way.
 */
export function useErrorToast(error: unknown) {
  const shown = useRef<string | null>(null);
  const message = error ? `${(error as { statusCode?: number }).statusCode ?? ''}:${(error as Error).message ?? ''}` : null;
  useEffect(() => {
    if (message === null) {
      shown.current = null;
      return;
    }
    if (shown.current !== message) {
      shown.current = message;
      notifyError(error);
    }
  }, [message, error]);
}
