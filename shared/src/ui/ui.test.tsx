import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { ApiError } from '../api/api-error';
import { useToastStore } from '../store/toast-store';
import { MemoryRouter } from 'react-router-dom';
import {
  Button,
  ConfirmDialog,
  CopyButton,
  Countdown,
  DataTable,
  ErrorState,
  PageError,
  PageLoader,
  TextInput,
} from '.';

describe('Button', () => {
  it('is disabled and says its loading text while pending', () => {
    const { rerender } = render(<Button loadingText="Saving…">Save</Button>);
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
    rerender(
      <Button loading loadingText="Saving…">
        Save
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Saving…' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
  });
});

describe('TextInput', () => {
  it('ties its label, hint and error to the control', () => {
    render(<TextInput label="Call sign" hint="2 to 8 letters" error="This field is required" defaultValue="" />);
    const input = screen.getByLabelText('Call sign');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('2 to 8 letters This field is required');
    expect(screen.getByRole('alert')).toHaveTextContent('This field is required');
  });
});

describe('ConfirmDialog', () => {
  function Harness({ onConfirm }: { onConfirm: () => void }) {
    const [open, setOpen] = useState(false);
    return (
      <>
        <Button onClick={() => setOpen(true)}>Leave contest</Button>
        <ConfirmDialog
          open={open}
          title="Leave this contest?"
          tone="danger"
          confirmLabel="Leave"
          onConfirm={onConfirm}
          onCancel={() => setOpen(false)}
        >
          Your picks will be removed.
        </ConfirmDialog>
      </>
    );
  }

  it('opens as a labelled modal, focuses Cancel, closes on Escape and returns focus', async () => {
    const user = userEvent.setup();
    const onConfirm = jest.fn();
    render(<Harness onConfirm={onConfirm} />);
    const opener = screen.getByRole('button', { name: 'Leave contest' });
    await user.click(opener);
    const dialog = screen.getByRole('alertdialog', { name: 'Leave this contest?' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription('Your picks will be removed.');
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('confirms with its confirm button', async () => {
    const user = userEvent.setup();
    const onConfirm = jest.fn();
    render(<Harness onConfirm={onConfirm} />);
    await user.click(screen.getByRole('button', { name: 'Leave contest' }));
    await user.click(screen.getByRole('button', { name: 'Leave' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});

describe('ErrorState', () => {
  it("shows the API's message and retries", async () => {
    const user = userEvent.setup();
    const retry = jest.fn();
    render(<ErrorState error={new ApiError({ message: 'Contest not found', statusCode: 404 })} onRetry={retry} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Contest not found');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });
});

describe('DataTable', () => {
  const columns = [
    { key: 'symbol', header: 'Symbol', cell: (row: { symbol: string; qty: number }) => row.symbol },
    { key: 'qty', header: 'Quantity', cell: (row: { symbol: string; qty: number }) => row.qty, align: 'end' as const },
  ];

  it('renders a captioned table of the rows', () => {
    render(
      <DataTable caption="Positions" columns={columns} rows={[{ symbol: 'AAPL', qty: 3 }]} rowKey={(r) => r.symbol} />,
    );
    const table = screen.getByRole('table', { name: 'Positions' });
    expect(table).toHaveTextContent('AAPL');
    expect(screen.getByRole('columnheader', { name: 'Quantity' })).toHaveClass('bp-table__end');
  });

  it('scrolls sideways in a named region the keyboard can reach (a scroller Tab never reaches would hide columns)', async () => {
    render(
      <DataTable caption="Positions" columns={columns} rows={[{ symbol: 'AAPL', qty: 3 }]} rowKey={(r) => r.symbol} />,
    );
    const scroller = screen.getByRole('region', { name: 'Positions' });
    expect(scroller).toContainElement(screen.getByRole('table', { name: 'Positions' }));
    await userEvent.tab();
    expect(scroller).toHaveFocus();
  });

  it('says so when there are no rows', () => {
    render(<DataTable caption="Positions" columns={columns} rows={[]} rowKey={(r) => r.symbol} empty="No positions" />);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByText('No positions')).toBeInTheDocument();
  });
});

describe('CopyButton', () => {
  beforeEach(() => useToastStore.getState().clear());

  it('copies the text and says so on the button', async () => {
    const user = userEvent.setup();
    const writeText = jest.spyOn(navigator.clipboard, 'writeText');
    render(<CopyButton text="http://localhost:3000/join-contest-info/c1" label="Copy link" />);
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith('http://localhost:3000/join-contest-info/c1');
    expect(screen.getByRole('button', { name: 'Copied ✓' })).toBeInTheDocument();
    expect(useToastStore.getState().toasts).toEqual([]);
  });

  it('warns when the clipboard refuses', async () => {
    const user = userEvent.setup();
    jest.spyOn(navigator.clipboard, 'writeText').mockRejectedValueOnce(new Error('denied'));
    render(<CopyButton text="secret" label="Copy link" />);
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(useToastStore.getState().toasts.map((t) => [t.kind, t.message])).toEqual([
      ['warning', 'Could not copy: select the text and copy it by hand'],
    ]);
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
  });
});

describe('Countdown', () => {
  afterEach(() => jest.useRealTimers());

  it('ticks every second and calls onDone once at zero', () => {
    jest.useFakeTimers({ now: Date.parse('2030-01-01T00:00:00Z') });
    const onDone = jest.fn();
    render(<Countdown to="2030-01-01T00:00:03Z" onDone={onDone} prefix="Starts in" />);
    expect(screen.getByText('Starts in 3s')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1_000));
    expect(screen.getByText('Starts in 2s')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(5_000));
    expect(screen.getByText('now')).toBeInTheDocument();
    expect(onDone).toHaveBeenCalledTimes(1);
  });
});

describe('PageError and PageLoader', () => {
  it('stands for the page: its h1, why, Try again and the way home; an info page is no alert', async () => {
    const onRetry = jest.fn();
    const { unmount } = render(
      <MemoryRouter>
        <PageError title="Could not load this contest" message="Network down" onRetry={onRetry} />
      </MemoryRouter>,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toContainElement(screen.getByRole('heading', { level: 1, name: 'Could not load this contest' }));
    expect(alert).toHaveTextContent('Network down');
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/home');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
    unmount();
    render(
      <MemoryRouter>
        <PageError tone="info" title="Spring Cup" message="This contest was cancelled before it started." />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('says what it is loading', () => {
    render(<PageLoader label="Loading profile…" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading profile…');
  });
});
