import './setup';
import { act, screen, waitFor, within } from '@testing-library/react';
import { activeUser, answerUser, currentPath, heading, renderAt } from './render-app';

// SPEC §2, both tables, path by path.

const signedInPages: [string, string, string?][] = [
  ['/home', 'remote_contests/HomePage'],
  ['/invitation/c1', 'remote_contests/InvitationPage', 'c1'],
  ['/contest-confirmed/c2', 'remote_contests/ContestConfirmedPage', 'c2'],
  ['/create-contest', 'remote_contests/CreateContestPage'],
  ['/edit-contest/c3', 'remote_contests/EditContestPage', 'c3'],
  ['/profile', 'remote_profile/ProfilePage'],
  ['/edit-profile', 'remote_profile/EditProfilePage'],
  ['/contest-detail/c4', 'remote_contests/ContestDetailPage', 'c4'],
  ['/save-picks/c5', 'remote_contests/SavePicksPage', 'c5'],
  ['/edit-picks/c6', 'remote_contests/EditPicksPage', 'c6'],
  ['/confirm-save-picks/c7', 'remote_contests/ConfirmSavePicksPage', 'c7'],
  ['/join-contest-info/c8', 'remote_contests/JoinContestInfoPage', 'c8'],
  ['/contest-completed/c9', 'remote_contests/ContestCompletedPage', 'c9'],
  ['/live-contest/c10', 'remote_trading/LiveContestPage', 'c10'],
  ['/trading/c11', 'remote_trading/TradingPage', 'c11'],
];

describe('signed in', () => {
  beforeEach(() => answerUser({ user: activeUser }));

  it.each(signedInPages.map(([path, page, contestId]) => ({ path, page, contestId })))(
    '$path shows $page',
    async ({ path, page, contestId }) => {
      renderAt(path, { signedIn: true });
      expect(await heading(page)).toBeInTheDocument();
      if (contestId) expect(screen.getByText(`contest ${contestId}`)).toBeInTheDocument();
      expect(currentPath()).toBe(path);
    },
  );

  it.each(['/auth', '/'])('%s redirects to /home', async (path) => {
    renderAt(path, { signedIn: true });
    expect(await heading('remote_contests/HomePage')).toBeInTheDocument();
    expect(currentPath()).toBe('/home');
  });

  it('/terms and /error are the host own pages', async () => {
    renderAt('/terms', { signedIn: true });
    expect(await heading('Terms of use')).toBeInTheDocument();
  });

  it.each(['/error', '/no-such-path', '/home/extra', '/contest-detail'])('%s shows the error screen', async (path) => {
    renderAt(path, { signedIn: true });
    await waitFor(() => expect(currentPath()).toBe('/error'));
    expect(await heading('Something went wrong')).toBeInTheDocument();
  });

  it('shows the navigation and the sign-out from remote-auth', async () => {
    renderAt('/home', { signedIn: true });
    await heading('remote_contests/HomePage');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect([...nav.querySelectorAll('a')].map((a) => a.textContent)).toEqual(['Home', 'Create contest', 'Profile']);
    expect(await screen.findByRole('button', { name: 'Sign out' })).toBeInTheDocument();
  });

  it("marks Profile as the current page on your own profile only, not on another player's", async () => {
    answerUser({ user: activeUser });
    renderAt('/profile', { signedIn: true });
    await heading('remote_profile/ProfilePage');
    const profileTab = () =>
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Profile' });
    await waitFor(() => expect(profileTab()).toHaveAttribute('aria-current', 'page'));
    act(() => window.history.pushState(null, '', '/profile?userId=someone-else'));
    window.dispatchEvent(new PopStateEvent('popstate'));
    await waitFor(() => expect(profileTab()).not.toHaveAttribute('aria-current'));
    act(() => window.history.pushState(null, '', `/profile?userId=${activeUser._id}`));
    window.dispatchEvent(new PopStateEvent('popstate'));
    await waitFor(() => expect(profileTab()).toHaveAttribute('aria-current', 'page'));
  });
});

describe('signed out', () => {
  it('/auth shows the sign-in widget', async () => {
    renderAt('/auth');
    expect(await heading('remote_auth/AuthPage')).toBeInTheDocument();
    expect(localStorage.getItem('next')).toBeNull();
  });

  it.each(['/terms', '/error'])('%s stays reachable', async (path) => {
    renderAt(path);
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(currentPath()).toBe(path);
  });

  it('/join-contest-info/{id} stays reachable', async () => {
    renderAt('/join-contest-info/c42');
    expect(await heading('remote_contests/JoinContestInfoPage')).toBeInTheDocument();
    expect(screen.getByText('contest c42')).toBeInTheDocument();
  });

  it.each([
    ...signedInPages.map(([path]) => path).filter((path) => !path.startsWith('/join-contest-info')),
    '/',
    '/no-such-path',
  ])('%s redirects to /auth and saves the full address as next', async (path) => {
    renderAt(`${path}?from=test`);
    expect(await heading('remote_auth/AuthPage')).toBeInTheDocument();
    expect(currentPath()).toBe('/auth');
    expect(localStorage.getItem('next')).toBe(`http://localhost${path}?from=test`);
  });

  it('has no navigation and no sign-out', async () => {
    renderAt('/auth');
    await heading('remote_auth/AuthPage');
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sign out' })).toBeNull();
    // On /auth itself the widget is the way in: no header link to the page you are on.
    expect(screen.queryByRole('link', { name: 'Sign in' })).toBeNull();
  });

  it.each(['/terms?section=2', '/join-contest-info/c42?ref=sms'])(
    '%s replaces an older "next" with its full address',
    async (path) => {
      localStorage.setItem('next', 'http://localhost/home?old=1');
      renderAt(path);
      await screen.findByRole('link', { name: 'Sign in' });
      await waitFor(() => expect(localStorage.getItem('next')).toBe(`http://localhost${path}`));
    },
  );

  it.each(['/terms', '/join-contest-info/c42'])('%s offers a way to sign in', async (path) => {
    renderAt(path);
    const link = await screen.findByRole('link', { name: 'Sign in' });
    expect(link).toHaveAttribute('href', '/auth');
  });
});

describe('next address after sign-in', () => {
  beforeEach(() => answerUser({ user: activeUser }));

  it('is removed and followed, path and query, replacing the history entry', async () => {
    localStorage.setItem('next', 'http://localhost/contest-detail/c7?tab=standings');
    const before = window.history.length;
    renderAt('/auth', { signedIn: true });
    expect(await heading('remote_contests/ContestDetailPage')).toBeInTheDocument();
    expect(currentPath()).toBe('/contest-detail/c7?tab=standings');
    expect(localStorage.getItem('next')).toBeNull();
    expect(window.history.length).toBe(before);
  });

  it.each(['https://evil.example/home', '//evil.example/home', 'javascript:alert(1)'])(
    'ignores %s and lands on /home',
    async (value) => {
      localStorage.setItem('next', value);
      renderAt('/auth', { signedIn: true });
      expect(await heading('remote_contests/HomePage')).toBeInTheDocument();
      expect(window.location.origin).toBe('http://localhost');
      expect(currentPath()).toBe('/home');
      expect(localStorage.getItem('next')).toBeNull();
    },
  );

  it('follows next once the user signs in through the widget (Hub signedIn)', async () => {
    const { hub } = await import('./setup');
    renderAt('/live-contest/c3');
    await heading('remote_auth/AuthPage');
    expect(localStorage.getItem('next')).toBe('http://localhost/live-contest/c3');
    const { auth } = await import('./setup');
    auth.signedIn = true;
    hub.emit('signedIn');
    // The widget may still ask something (verify contact): the host waits until it says it is done.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.getByRole('heading', { level: 1, name: 'remote_auth/AuthPage' })).toBeInTheDocument();
    hub.emit('done', 'bullpen-auth');
    expect(await heading('remote_trading/LiveContestPage')).toBeInTheDocument();
    await waitFor(() => expect(currentPath()).toBe('/live-contest/c3'));
  });
});
