import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Hub } from 'aws-amplify/utils';
import SignOutButton from '../src/app/pages/sign-out-button';

// What Amplify's signOut does on the network is Amplify's business (and covered end to end); here only the
// order of attempts matters, so the two entry points are replaced.
const signOut = jest.fn();
const clearTokens = jest.fn();
jest.mock('aws-amplify/auth', () => ({
  signOut: (...args: unknown[]) => signOut(...args),
}));
jest.mock('aws-amplify/auth/cognito', () => ({
  cognitoUserPoolsTokenProvider: {
    tokenOrchestrator: { clearTokens: () => clearTokens() },
  },
}));

let consoleWarn: jest.SpyInstance;
beforeEach(() => {
  signOut.mockReset();
  clearTokens.mockReset();
  consoleWarn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => consoleWarn.mockRestore());

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('Sign out', () => {
  it('signs out globally and shows a pending state meanwhile', async () => {
    const held = deferred();
    signOut.mockReturnValueOnce(held.promise);
    const user = userEvent.setup();
    render(<SignOutButton />);
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(screen.getByRole('button', { name: 'Signing out…' })).toBeDisabled();
    held.resolve();
    expect(await screen.findByRole('button', { name: 'Sign out' })).toBeEnabled();
    expect(signOut).toHaveBeenCalledTimes(1);
    expect(signOut).toHaveBeenCalledWith({ global: true });
  });

  it('falls back to signing out of this browser when the global sign-out fails, without showing an error', async () => {
    signOut.mockRejectedValueOnce(new Error('NetworkError')).mockResolvedValueOnce(undefined);
    const user = userEvent.setup();
    render(<SignOutButton />);
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(signOut).toHaveBeenCalledTimes(2));
    expect(signOut.mock.calls).toEqual([[{ global: true }], []]);
    expect(clearTokens).not.toHaveBeenCalled();
    expect(await screen.findByRole('button', { name: 'Sign out' })).toBeEnabled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('clears the stored tokens and announces the sign-out when both sign-outs fail', async () => {
    signOut.mockRejectedValue(new Error('broken'));
    const announced = jest.fn();
    const stop = Hub.listen('auth', ({ payload }) => announced(payload.event));
    const user = userEvent.setup();
    render(<SignOutButton />);
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(clearTokens).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(announced).toHaveBeenCalledWith('signedOut'));
    expect(await screen.findByRole('button', { name: 'Sign out' })).toBeEnabled();
    stop();
  });

  it('ignores a second click while signing out', async () => {
    const held = deferred();
    signOut.mockReturnValueOnce(held.promise);
    const user = userEvent.setup();
    render(<SignOutButton />);
    const button = screen.getByRole('button', { name: 'Sign out' });
    await user.click(button);
    await user.click(button);
    held.resolve();
    await screen.findByRole('button', { name: 'Sign out' });
    expect(signOut).toHaveBeenCalledTimes(1);
  });
});
