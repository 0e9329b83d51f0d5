import { TOAST_DURATION_MS, toast, useToastStore } from './toast-store';
import { useUserStore } from './user-store';

describe('toast store', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    useToastStore.getState().clear();
  });
  afterEach(() => jest.useRealTimers());

  it('stacks toasts and removes each one 5 seconds after it appeared', () => {
    toast.success('Saved');
    jest.advanceTimersByTime(2_000);
    toast.warning('Careful');
    expect(useToastStore.getState().toasts.map((t) => [t.kind, t.message])).toEqual([
      ['success', 'Saved'],
      ['warning', 'Careful'],
    ]);
    jest.advanceTimersByTime(TOAST_DURATION_MS - 2_000 - 1);
    expect(useToastStore.getState().toasts).toHaveLength(2);
    jest.advanceTimersByTime(1);
    expect(useToastStore.getState().toasts.map((t) => t.message)).toEqual(['Careful']);
    jest.advanceTimersByTime(2_000);
    expect(useToastStore.getState().toasts).toEqual([]);
  });

  it('shows a message once while it is on screen, and again after it has gone', () => {
    const first = toast.error('Network Error');
    expect(toast.error('Network Error')).toBe(first);
    toast.warning('Network Error');
    expect(useToastStore.getState().toasts.map((t) => [t.kind, t.message])).toEqual([
      ['error', 'Network Error'],
      ['warning', 'Network Error'],
    ]);
    jest.advanceTimersByTime(TOAST_DURATION_MS);
    toast.error('Network Error');
    expect(useToastStore.getState().toasts.map((t) => t.message)).toEqual(['Network Error']);
  });

  it('dismisses one toast on request', () => {
    const id = toast.error('Failed');
    toast.error('Failed again');
    useToastStore.getState().dismiss(id);
    expect(useToastStore.getState().toasts.map((t) => t.message)).toEqual(['Failed again']);
  });
});

describe('user store', () => {
  beforeEach(() => useUserStore.getState().clear());

  it('keeps id, ticker and role of an active user only', () => {
    useUserStore.getState().setUser({ status: 'active', _id: 'u1', ticker: 'ACE', role: 'admin' });
    expect(useUserStore.getState()).toMatchObject({
      user: { id: 'u1', ticker: 'ACE', role: 'admin' },
      isUserInitialized: true,
    });

    useUserStore.getState().setUser({ status: 'not-initialized', _id: 'u2', ticker: null, role: 'user' });
    expect(useUserStore.getState()).toMatchObject({ user: null, isUserInitialized: false });
  });
});
