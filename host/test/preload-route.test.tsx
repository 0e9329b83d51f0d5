// The route's page starts loading at boot (preloadRoute): the same load RemotePage takes, so a page whose
// code ran before React reached it is drawn in the first render, with no loader frame, and loaded once.
import { federation } from './setup';
import { render, screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { MemoryRouter } from 'react-router-dom';
import { HOST_ROUTES } from '../src/app/route-table';
import { preloadRoute, RemotePage } from '../src/features/remotes';
import { activeUser, API, answerUser, server, signInOnThisDevice } from './render-app';

function answerHomeReads() {
  for (const path of ['/contest/active', '/contest/upcoming', '/contest/completed']) {
    server.use(http.get(`${API}${path}`, () => HttpResponse.json({ contests: [] })));
  }
}

it("loads the route's page at boot, and RemotePage draws it at once without loading it again", async () => {
  signInOnThisDevice();
  answerUser(activeUser);
  answerHomeReads();
  await preloadRoute(HOST_ROUTES, '/home');
  expect(federation.loads).toEqual(['remote_contests/HomePage']);

  render(
    <MemoryRouter>
      <RemotePage remote="contests" page="HomePage" />
    </MemoryRouter>,
  );
  // Synchronously: the first render is the page, not the loader.
  expect(screen.getByRole('heading', { level: 1, name: 'remote_contests/HomePage' })).toBeInTheDocument();
  expect(screen.queryByRole('status')).not.toBeInTheDocument();
  expect(federation.loads).toEqual(['remote_contests/HomePage']);
});

it('loads the signed-out route of a visitor too (the sign-in page)', async () => {
  await preloadRoute(HOST_ROUTES, '/auth');
  expect(federation.loads).toEqual(['remote_auth/AuthPage']);
});
