import { errorMessage, toast, useCurrentUser, useUserStore } from '@bullpen/shared';
import { useEffect } from 'react';
import { Route, Routes } from 'react-router-dom';
import type { AuthStatus } from '../features/auth-status';
import { FullScreenLoader } from '../features/loader';
import { RemotePage } from '../features/remotes';
import { AppLayout } from './layout/app-layout';
import { ErrorPage } from './pages/error-page';
import { FollowNextAddress, type RouteEntry, signedInRoutes, signedOutRoutes } from './routes';

export const USER_NOT_FOUND = 'User is not found';

function RouteTable({ routes }: { routes: RouteEntry[] }) {
  return (
    <Routes>
      {routes.map((route) => (
        <Route key={route.path} path={route.path} element={route.element} />
      ))}
    </Routes>
  );
}

/** SPEC §4, for a signed-in user: loader while the user loads; the error screen if the call fails or returns no
 *  user; onboarding while not initialized; the signed-in routes once active (the user is then in the store). */
export function CurrentUserGate() {
  const { data, error, isLoading } = useCurrentUser();
  const user = data?.user;
  const failure = error ? errorMessage(error) : !isLoading && !user ? USER_NOT_FOUND : null;
  const storedId = useUserStore((state) => state.user?.id);

  useEffect(() => {
    if (failure) toast.error(failure);
  }, [failure]);

  useEffect(() => {
    useUserStore.getState().setUser(user);
  }, [user]);

  if (isLoading) return <FullScreenLoader label="Loading your account" />;
  if (failure || !user) {
    return (
      <AppLayout navigation={false}>
        <ErrorPage message={failure ?? USER_NOT_FOUND} />
      </AppLayout>
    );
  }
  if (user.status === 'not-initialized') {
    return (
      <AppLayout navigation={false}>
        <RemotePage remote="profile" page="OnboardingPage" />
      </AppLayout>
    );
  }
  if (user.status === 'suspended') {
    return (
      <AppLayout navigation={false}>
        <ErrorPage message="This account is suspended. Contact support if you think this is a mistake." />
      </AppLayout>
    );
  }
  // The store is filled by the effect above; pages read it, so wait that one render.
  if (storedId !== user._id) return <FullScreenLoader label="Loading your account" />;
  return (
    <AppLayout>
      <FollowNextAddress />
      <RouteTable routes={signedInRoutes} />
    </AppLayout>
  );
}

export function AuthGate({ status }: { status: AuthStatus }) {
  if (status === 'configuring') return <FullScreenLoader label="Checking your session" />;
  if (status === 'unauthenticated') {
    return (
      <AppLayout signedIn={false}>
        <RouteTable routes={signedOutRoutes} />
      </AppLayout>
    );
  }
  return <CurrentUserGate />;
}
