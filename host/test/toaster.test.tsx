import { toast, useToastStore } from '@bullpen/shared';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from '../src/features/toasts';

// SPEC §1: success, error, or warning with a yellow warning icon; a Close button; 5 seconds; max width 500px.

beforeEach(() => {
  jest.useFakeTimers();
  useToastStore.getState().clear();
});
afterEach(() => jest.useRealTimers());

it('shows each kind with its role, icon and a Close button, at most 500px wide', () => {
  render(<Toaster />);
  act(() => {
    toast.success('Picks saved');
    toast.error('Not enough cash');
    toast.warning('Contest starts soon');
  });
  const [success, warning] = screen.getAllByRole('status') as [HTMLElement, HTMLElement];
  expect(success).toHaveTextContent('Picks saved');
  const error = screen.getByRole('alert');
  expect(error).toHaveTextContent('Not enough cash');
  expect(warning).toHaveTextContent('Contest starts soon');
  expect(warning.querySelector('[data-icon="warning"] path')?.getAttribute('fill')).toBe('#f5c84c');
  for (const item of [success, error, warning]) {
    expect(item).toHaveStyle({ maxWidth: '500px' });
    expect(within(item).getByRole('button', { name: 'Close' })).toBeInTheDocument();
  }
});

it('disappears after 5 seconds, not before', () => {
  render(<Toaster />);
  act(() => {
    toast.success('Contest created');
  });
  act(() => jest.advanceTimersByTime(4_999));
  expect(screen.getByText('Contest created')).toBeInTheDocument();
  act(() => jest.advanceTimersByTime(1));
  expect(screen.queryByText('Contest created')).toBeNull();
});

it('closes on Close, leaving the others', async () => {
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  render(<Toaster />);
  act(() => {
    toast.error('First');
    toast.error('Second');
  });
  const first = screen.getByText('First').closest('[role="alert"]') as HTMLElement;
  await user.click(within(first).getByRole('button', { name: 'Close' }));
  expect(screen.queryByText('First')).toBeNull();
  expect(screen.getByText('Second')).toBeInTheDocument();
});
