import { create } from 'zustand';

// SPEC §1: toasts dismiss after 5 seconds and can be closed; the host renders them, any remote raises them.
export const TOAST_DURATION_MS = 5_000;

export type ToastKind = 'success' | 'error' | 'warning';
export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
}

interface ToastState {
  toasts: Toast[];
  push: (kind: ToastKind, message: string) => number;
  dismiss: (id: number) => void;
  clear: () => void;
}

let nextId = 1;

export const useToastStore = create<ToastState>((set, get) => ({
  toasts: [],
  push: (kind, message) => {
    // One failure seen by several reads at once (the API down under a page of lists) is one toast, not a stack of
    // identical ones: a message already on screen is not shown again.
    const same = get().toasts.find((shown) => shown.kind === kind && shown.message === message);
    if (same) return same.id;
    const id = nextId++;
    set({ toasts: [...get().toasts, { id, kind, message }] });
    setTimeout(() => get().dismiss(id), TOAST_DURATION_MS);
    return id;
  },
  dismiss: (id) => set({ toasts: get().toasts.filter((toast) => toast.id !== id) }),
  clear: () => set({ toasts: [] }),
}));

export const toast = {
  success: (message: string) => useToastStore.getState().push('success', message),
  error: (message: string) => useToastStore.getState().push('error', message),
  warning: (message: string) => useToastStore.getState().push('warning', message),
};
