import { useEffect, useRef } from 'react';
import { notifyError } from '../lib/feedback';

/**
 * A failed read that the screen cannot show where the user is looking (it still shows the last data it had) raises
 * a toast with the server's message: once per failure, not again for each automatic retry that fails the same way.
 * When the screen shows the error itself (`shownOnScreen`: its error panel replaces the data), no toast repeats it.
 */
export function useErrorToast(error: unknown, shownOnScreen = false) {
  const shown = useRef<string | null>(null);
  const message =
    error && !shownOnScreen
      ? `${(error as { statusCode?: number }).statusCode ?? ''}:${(error as Error).message ?? ''}`
      : null;
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
