import { toast } from '../store/toast-store';
import { errorMessage } from './api-error';

/** SPEC §8: errors show as error toasts, with the server's message. */
export function notifyError(error: unknown): void {
  toast.error(errorMessage(error));
}
