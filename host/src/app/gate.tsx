import { errorMessage, Navigate, Route, Routes, toast, useCurrentUser, useUserStore } from '@bullpen/shared';
import { useEffect } from 'react';
import type { AuthStatus } from '../features/auth-status';
import { FullScreenLoader } from '../features/loader';
import { useNextAddressTarget, useRememberSignedOutAddress } from '../features/next-address';
import { RemotePage } from '../features/remotes';
import { AppLayout } from './layout/app-layout';
import { ErrorPage } from './pages/error-page';
import { type RouteEntry, signedInRoutes, signedOutRoutes } from './routes';
import { ONBOARDING_PAGE } from './route-table';

const USER_NOT_FOUND = 'User is not found';

function RouteTable({ routes }: { routes: RouteEntry[] }) {
  return (
    <Routes>
      {routes.map((route) => (
        <Route key={route.path} path={route.path} element={route.element} />
      ))}
    </Routes>
  );
}

/** The signed-in routes, after first going where "next" pointed (replacing the history entry, SPEC §2). */
function SignedInRoutes() {
  const next = useNextAddressTarget();
  if (next) return <Navigate to={next} replace />;
  return <RouteTable routes={signedInRoutes} />;
}

/** SPEC §4, for a signed-in user: loader while the user loads; the error screen if the call fails or returns no
 *  user; onboarding while not initialized; the signed-in routes once active (the user is then in the store). */
function CurrentUserGate() {
  const { data, error } = useCurrentUser();
  const user = data?.user;
  // Before SWR's first fetch starts there is neither data nor error: that is still loading, not "no user".
  const isLoading = data === undefined && error === undefined;
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
        <RemotePage {...ONBOARDING_PAGE} />
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
      <SignedInRoutes />
    </AppLayout>
  );
}

function SignedOutRoutes() {
  useRememberSignedOutAddress();
  return (
    <AppLayout signedIn={false}>
      <RouteTable routes={signedOutRoutes} />
    </AppLayout>
  );
}

export function AuthGate({ status }: { status: AuthStatus }) {
  if (status === 'configuring') return <FullScreenLoader label="Checking your session" />;
  if (status === 'unauthenticated') return <SignedOutRoutes />;
  return <CurrentUserGate />;
}
