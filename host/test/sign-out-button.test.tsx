import { auth, federation } from './setup';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { activeUser, answerUser, heading, renderAt } from './render-app';

// Its own file: a loaded remote widget stays loaded for the page's life, so this needs a fresh module registry.
describe('sign-out', () => {
  beforeEach(() => answerUser({ user: activeUser }));

  it('keeps sign-out available when remote-auth is down', async () => {
    federation.failing.add('remote_auth');
    renderAt('/home', { signedIn: true });
    expect(await heading('remote_contests/HomePage')).toBeInTheDocument();
    await waitFor(() => expect(federation.loads.filter((id) => id === 'remote_auth/SignOutButton')).toHaveLength(3), {
      timeout: 5_000,
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(auth.signOut).toHaveBeenCalledWith({ global: true }));
  });
});
