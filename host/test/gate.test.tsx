import { auth, federation, hub } from './setup';
import {
  AUTH_WIDGET_CHANNEL,
  AUTH_WIDGET_DONE,
  configureAuth,
  getRuntimeConfig,
  loadAuth,
  type RuntimeConfig,
  useUserStore,
} from '@bullpen/shared';
import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { API, activeUser, answerUser, heading, renderAt, server } from './render-app';

// SPEC §4: configuring → loader; user loading → loader; failure → error screen and toast;
// no user → 'User is not found'; not-initialized → onboarding; active → routes and the user in the store.

describe('auth gate', () => {
  it('shows the full-screen loader while the auth status is configuring', async () => {
    let finish: (value: { userId: string; username: string }) => void = () => undefined;
    auth.getCurrentUser.mockImplementationOnce(() => new Promise((resolve) => (finish = resolve)));
    answerUser({ user: activeUser });
    renderAt('/home', { signedIn: true });
    expect(screen.getByRole('status')).toHaveTextContent('Checking your session');
    // Amplify is loaded on demand (no good stored token here), then asked.
    await waitFor(() => expect(auth.getCurrentUser).toHaveBeenCalled());
    expect(screen.getByRole('status')).toHaveTextContent('Checking your session');
    await act(async () => finish({ userId: 'sub-1', username: '+15555550100' }));
    expect(await heading('remote_contests/HomePage')).toBeInTheDocument();
  });

  it('shows the loader while the user loads, then stores the active user', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.post(`${API}/user/get-user`, async () => {
        await gate;
        return HttpResponse.json({ user: activeUser });
      }),
    );
    renderAt('/home', { signedIn: true });
    expect(await screen.findByText('Loading your account')).toBeInTheDocument();
    expect(useUserStore.getState().user).toBeNull();
    release();
    expect(await heading('remote_contests/HomePage')).toBeInTheDocument();
    expect(useUserStore.getState().user).toEqual({ id: 'u1', ticker: 'ACE', role: 'user' });
  });

  it('shows the error screen and an error toast when the user call fails', async () => {
    answerUser({ errMessage: 'Database unavailable', errors: [] }, 503);
    renderAt('/home', { signedIn: true });
    expect(await heading('Something went wrong')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Database unavailable');
    expect(screen.queryByRole('heading', { name: 'remote_contests/HomePage' })).toBeNull();
  });

  it("shows 'User is not found' when the call returns no user", async () => {
    answerUser({});
    renderAt('/home', { signedIn: true });
    expect(await heading('Something went wrong')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('User is not found');
  });

  it('shows onboarding for a not-initialized user, on any path', async () => {
    answerUser({ user: { status: 'not-initialized', _id: 'u2', ticker: null, role: 'user' } });
    renderAt('/create-contest', { signedIn: true });
    expect(await heading('remote_profile/OnboardingPage')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    expect(useUserStore.getState().user).toBeNull();
  });

  it('goes back to the signed-out routes and forgets the user on sign-out', async () => {
    answerUser({ user: activeUser });
    renderAt('/profile', { signedIn: true });
    expect(await heading('remote_profile/ProfilePage')).toBeInTheDocument();
    auth.signedIn = false;
    act(() => hub.emit('signedOut'));
    expect(await heading('remote_auth/AuthPage')).toBeInTheDocument();
    expect(useUserStore.getState().user).toBeNull();
  });

  it('does not send the next person to the page the last one signed out on', async () => {
    answerUser({ user: activeUser });
    renderAt('/edit-picks/c-rosa', { signedIn: true });
    expect(await heading('remote_contests/EditPicksPage')).toBeInTheDocument();
    auth.signedIn = false;
    act(() => hub.emit('signedOut'));
    expect(await heading('remote_auth/AuthPage')).toBeInTheDocument();
    expect(localStorage.getItem('next')).toBeNull();
  });

  it('signs a user in again right after they signed out in the same tab', async () => {
    let calls = 0;
    server.use(
      http.post(`${API}/user/get-user`, () => {
        calls += 1;
        return HttpResponse.json({ user: activeUser });
      }),
    );
    // SWR's own two-second deduplication: the second sign-in comes well within it.
    renderAt('/profile', { signedIn: true, dedupingInterval: 2_000 });
    expect(await heading('remote_profile/ProfilePage')).toBeInTheDocument();
    auth.signedIn = false;
    act(() => hub.emit('signedOut'));
    expect(await heading('remote_auth/AuthPage')).toBeInTheDocument();
    auth.signedIn = true;
    await act(async () => {
      hub.emit('signedIn');
      hub.emit(AUTH_WIDGET_DONE, AUTH_WIDGET_CHANNEL);
    });
    expect(await heading(/^remote_/)).not.toHaveTextContent('remote_auth/AuthPage');
    await waitFor(() => expect(calls).toBe(2));
    // Home, not the page the last session ended on.
    expect(await heading('remote_contests/HomePage')).toBeInTheDocument();
  });

  it('signs out when the session can no longer be refreshed', async () => {
    answerUser({ user: activeUser });
    renderAt('/home', { signedIn: true });
    await heading('remote_contests/HomePage');
    act(() => hub.emit('tokenRefresh_failure'));
    expect(await heading('remote_auth/AuthPage')).toBeInTheDocument();
    expect(auth.signOut).toHaveBeenCalled();
  });

  it('re-reads the user after a token refresh', async () => {
    let calls = 0;
    server.use(
      http.post(`${API}/user/get-user`, () => {
        calls += 1;
        return HttpResponse.json({ user: activeUser });
      }),
    );
    renderAt('/home', { signedIn: true });
    await heading('remote_contests/HomePage');
    expect(calls).toBe(1);
    act(() => hub.emit('tokenRefresh'));
    await waitFor(() => expect(calls).toBe(2));
  });

  it('signs in a user whose stored ID token is good without waiting for Amplify', async () => {
    configureAuth(getRuntimeConfig() as RuntimeConfig);
    const claims = { sub: 'sub-1', exp: Math.floor(Date.now() / 1000) + 3600 };
    const token = `e30.${btoa(JSON.stringify(claims)).replace(/=+$/, '')}.signature`;
    localStorage.setItem('CognitoIdentityServiceProvider.client.LastAuthUser', 'sub-1');
    localStorage.setItem('CognitoIdentityServiceProvider.client.sub-1.idToken', token);
    const sent: (string | null)[] = [];
    server.use(
      http.post(`${API}/user/get-user`, ({ request }) => {
        sent.push(request.headers.get('authorization'));
        return HttpResponse.json({ user: activeUser });
      }),
    );
    // Amplify itself would say signed out: the stored token alone lets the page in, and goes with its reads.
    renderAt('/home', { signedIn: false });
    expect(screen.queryByText('Checking your session')).not.toBeInTheDocument();
    expect(await heading('remote_contests/HomePage')).toBeInTheDocument();
    expect(sent).toEqual([token]);
    expect(auth.getCurrentUser).not.toHaveBeenCalled();
    expect(auth.fetchAuthSession).not.toHaveBeenCalled();
  });

  it('shows a visitor with no stored session the sign-in page at once, without asking Amplify', async () => {
    renderAt('/home', { signedIn: false });
    expect(screen.queryByText('Checking your session')).not.toBeInTheDocument();
    expect(await heading('remote_auth/AuthPage')).toBeInTheDocument();
    expect(auth.getCurrentUser).not.toHaveBeenCalled();
    // A sign-in made in the widget (which loads Amplify) still reaches the gate through Amplify's Hub.
    auth.signedIn = true;
    answerUser({ user: activeUser });
    await act(async () => {
      await loadAuth();
      hub.emit('signedIn');
      hub.emit(AUTH_WIDGET_DONE, AUTH_WIDGET_CHANNEL);
    });
    expect(await heading('remote_contests/HomePage')).toBeInTheDocument();
  });

  it('asks Amplify (which refreshes) when the stored ID token is about to expire', async () => {
    configureAuth(getRuntimeConfig() as RuntimeConfig);
    const claims = { sub: 'sub-1', exp: Math.floor(Date.now() / 1000) + 30 };
    localStorage.setItem('CognitoIdentityServiceProvider.client.LastAuthUser', 'sub-1');
    localStorage.setItem(
      'CognitoIdentityServiceProvider.client.sub-1.idToken',
      `e30.${btoa(JSON.stringify(claims)).replace(/=+$/, '')}.signature`,
    );
    answerUser({ user: activeUser });
    renderAt('/home', { signedIn: true });
    expect(screen.getByRole('status')).toHaveTextContent('Checking your session');
    expect(await heading('remote_contests/HomePage')).toBeInTheDocument();
    expect(auth.getCurrentUser).toHaveBeenCalled();
    expect(auth.fetchAuthSession).toHaveBeenCalled();
  });
});

describe('a remote that fails', () => {
  beforeEach(() => answerUser({ user: activeUser }));

  it('shows the fallback with Retry inside the layout; the rest keeps working', async () => {
    federation.failing.add('remote_trading');
    renderAt('/live-contest/c1', { signedIn: true });
    // One load asked of the runtime (its retries are its plugin's, remote-retry.test.tsx), then the fallback.
    expect(
      await screen.findByRole('heading', { name: 'This part of Bullpen is unavailable' }, { timeout: 5_000 }),
    ).toBeInTheDocument();
    expect(federation.loads.filter((id) => id === 'remote_trading/LiveContestPage')).toHaveLength(1);
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();

    federation.failing.delete('remote_trading');
    screen.getByRole('button', { name: 'Retry' }).click();
    expect(await heading('remote_trading/LiveContestPage')).toBeInTheDocument();
  });
});
