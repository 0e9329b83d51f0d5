import type { Notification } from '@bullpen/contract';

// What the live stream has told this page: the unread count (null until the stream's first event) and the
// notifications that arrived since, newest first. A tiny store of the host's own, so the bell in the first script reads
// it without loading the stream's code, which comes later in a chunk of its own (live.ts).

export interface NotificationsState {
  unread: number | null;
  arrived: Notification[];
}

let state: NotificationsState = { unread: null, arrived: [] };
const listeners = new Set<() => void>();

export function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const getState = (): NotificationsState => state;

export function updateState(change: Partial<NotificationsState>): void {
  state = { ...state, ...change };
  for (const listener of [...listeners]) listener();
}

/** Forgets everything: a user signed out, or another signed in. */
export function resetState(): void {
  updateState({ unread: null, arrived: [] });
}
