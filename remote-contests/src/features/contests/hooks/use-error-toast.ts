import { useEffect, useRef } from 'react';
import { notifyError } from '../lib/feedback';

/** A failed read shows the server's message in a toast once, beside the screen's own error state. */
export function useErrorToast(error: unknown) {
  const shown = useRef<unknown>(null);
  useEffect(() => {
    if (error && shown.current !== error) {
      shown.current = error;
      notifyError(error);
    }
  }, [error]);
}
