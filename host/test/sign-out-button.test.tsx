import { auth, federation } from './setup';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { activeUser, answerUser, heading, renderAt } from './render-app';

describe('sign-out in the host header', () => {
  beforeEach(() => answerUser({ user: activeUser }));

  it('signs out globally without loading remote-auth, even when remote-auth is down', async () => {
    federation.failing.add('remote_auth');
    renderAt('/home', { signedIn: true });
    expect(await heading('remote_contests/HomePage')).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(auth.signOut).toHaveBeenCalledWith({ global: true }));
    expect(federation.loads.some((id) => id.startsWith('remote_auth/'))).toBe(false);
  });
});
