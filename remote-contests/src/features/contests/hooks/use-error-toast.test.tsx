import { useToastStore } from '@bullpen/shared';
import { renderHook } from '@testing-library/react';
import { useErrorToast } from './use-error-toast';

const failure = Object.assign(new Error('Database unavailable'), { statusCode: 503 });
const toasts = () => useToastStore.getState().toasts.map((t) => [t.kind, t.message]);

beforeEach(() => useToastStore.getState().clear());

it('raises one toast for a failure the screen cannot show (it still shows its last data), not one per retry', () => {
  const { rerender } = renderHook(({ error }) => useErrorToast(error, false), {
    initialProps: { error: failure as unknown },
  });
  rerender({ error: Object.assign(new Error('Database unavailable'), { statusCode: 503 }) });
  expect(toasts()).toEqual([['error', 'Database unavailable']]);
});

it('raises none when the screen shows the failure itself', () => {
  renderHook(() => useErrorToast(failure, true));
  expect(toasts()).toEqual([]);
});
