// A signed-out visitor on an invitation's join page is likely to sign in next: bootstrap loads the sign-in page (the
// Authenticator) once the browser is idle, so /auth shows at once. A file of its own: page loads are kept per page.
import { federation } from './setup';
import { waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { HOST_ROUTES } from '../src/app/route-table';
import { preloadRoute } from '../src/features/remotes';
import { activeUser, API, answerUser, server, signInOnThisDevice } from './render-app';

describe("an invitation's join page, signed out", () => {
  let idle: (() => void)[];
  beforeEach(() => {
    idle = [];
    window.requestIdleCallback = ((callback: () => void) => {
      idle.push(callback);
      return idle.length;
    }) as typeof window.requestIdleCallback;
  });
  afterEach(() => {
    Reflect.deleteProperty(window, 'requestIdleCallback');
  });

  it('loads the sign-in page it leads to once the browser is idle, not before', async () => {
    await preloadRoute(HOST_ROUTES, '/join-contest-info/c1');
    expect(federation.loads).toEqual(['remote_contests/JoinContestInfoPage']);
    expect(idle).toHaveLength(1);
    for (const run of idle) run();
    await waitFor(() =>
      expect(federation.loads).toEqual(['remote_contests/JoinContestInfoPage', 'remote_auth/AuthPage']),
    );
  });

  it('loads nothing more for a signed-in player, who joins without signing in', async () => {
    signInOnThisDevice();
    answerUser(activeUser);
    server.use(http.get(`${API}/contest/get-contest/c1`, () => HttpResponse.json({})));
    await preloadRoute(HOST_ROUTES, '/join-contest-info/c1');
    expect(idle).toEqual([]);
  });
});
