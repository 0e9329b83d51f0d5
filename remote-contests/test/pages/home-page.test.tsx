import { useUserStore } from '@bullpen/shared';
import { screen, waitFor, within } from '@testing-library/react';
import HomePage from '../../src/app/pages/home-page';
import { API, apiError, http, reply, server } from '../api-mock';
import { makeContest } from '../fixtures';
import { renderPage, resetStores, signIn, toasts } from '../render';

const live = { ...makeContest({ _id: 'live-1', name: 'Live Lions', status: 'active', participantsCount: 8 }), rank: 2, returnPct: 0.0345 };
const upcomingJoined = makeContest({ _id: 'up-1', name: 'Joined Jaguars', joined: true, participantsCount: 5 });
const upcomingOpen = makeContest({ _id: 'up-2', name: 'Open Otters', joined: false, participantsCount: 1, maxParticipants: 10 });
const done = { ...makeContest({ _id: 'done-1', name: 'Done Dolphins', status: 'completed' }), rank: 1, returnPct: -0.021 };

function serve({ active = [live], upcoming = [upcomingJoined, upcomingOpen], completed = [done] } = {}) {
  server.use(
    http.get(`${API}/contest/active`, () => reply({ contests: active })),
    http.get(`${API}/contest/upcoming`, () => reply({ contests: upcoming })),
    http.get(`${API}/contest/completed`, () => reply({ contests: completed })),
  );
}

const renderHome = () => renderPage(<HomePage />, { pattern: '/home', path: '/home' });

beforeEach(() => {
  resetStores();
  signIn();
});

it('shows live contests with rank and return, upcoming with joined badge, countdown and participants, completed with final rank', async () => {
  serve();
  renderHome();

  const liveCard = await screen.findByRole('link', { name: /Live Lions/ });
  expect(within(liveCard).getByText('#2')).toBeInTheDocument();
  expect(within(liveCard).getByText('+3.45%')).toHaveClass('bpc-tone-gain');
  expect(liveCard).toHaveAttribute('href', '/contest-detail/live-1');

  const upcoming = screen.getByRole('region', { name: 'Upcoming' });
  const joined = within(upcoming).getByRole('link', { name: /Joined Jaguars/ });
  expect(within(joined).getByText('Joined')).toBeInTheDocument();
  expect(within(joined).getByText('5 / 20 participants')).toBeInTheDocument();
  expect(within(joined).getByText(/^1h 29m \d\ds$|^1h 30m 00s$/)).toBeInTheDocument();
  const open = within(upcoming).getByRole('link', { name: /Open Otters/ });
  expect(within(open).queryByText('Joined')).not.toBeInTheDocument();
  expect(within(open).getByText('1 / 10 participants')).toBeInTheDocument();

  const completed = screen.getByRole('region', { name: 'Completed' });
  const result = within(completed).getByRole('link', { name: /Done Dolphins/ });
  expect(result).toHaveAttribute('href', '/contest-completed/done-1');
  expect(within(result).getByText('#1')).toBeInTheDocument();
  expect(within(result).getByText('−2.10%')).toHaveClass('bpc-tone-loss');
});

it('remembers when the live contests were last fetched in the user store', async () => {
  serve();
  const before = Date.now();
  renderHome();
  await screen.findByRole('link', { name: /Live Lions/ });
  await waitFor(() => expect(useUserStore.getState().lastLiveContestsFetched).toBeGreaterThanOrEqual(before));
});

it('offers a clear call to action to create a contest when there is nothing at all', async () => {
  serve({ active: [], upcoming: [], completed: [] });
  renderHome();
  const cta = await screen.findByRole('link', { name: 'Create your first contest' });
  expect(cta).toHaveAttribute('href', '/create-contest');
  expect(screen.getByRole('heading', { name: 'No contests yet' })).toBeInTheDocument();
  expect(screen.queryByRole('region', { name: 'Live' })).not.toBeInTheDocument();
});

it('shows each section empty on its own when others have contests', async () => {
  serve({ active: [], completed: [] });
  renderHome();
  await screen.findByRole('link', { name: /Open Otters/ });
  expect(screen.getByText('None of your contests is live right now.')).toBeInTheDocument();
  expect(screen.getByText('Your finished contests and final ranks will appear here.')).toBeInTheDocument();
});

it('shows an error with retry in the failing section only, and recovers', async () => {
  let failing = true;
  server.use(
    http.get(`${API}/contest/active`, () => reply({ contests: [live] })),
    http.get(`${API}/contest/completed`, () => reply({ contests: [] })),
    http.get(`${API}/contest/upcoming`, () =>
      failing ? apiError(500, 'Database unavailable') : reply({ contests: [upcomingOpen] }),
    ),
  );
  const { user } = renderHome();
  const upcoming = await screen.findByRole('region', { name: 'Upcoming' });
  expect(await within(upcoming).findByText('Could not load upcoming contests.')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: /Live Lions/ })).toBeInTheDocument();
  // The failing section says it in place; no toast repeats it.
  expect(toasts()).toEqual([]);
  failing = false;
  await user.click(within(upcoming).getByRole('button', { name: 'Try again' }));
  expect(await within(upcoming).findByRole('link', { name: /Open Otters/ })).toBeInTheDocument();
});

it('shows a loading state while contests load', async () => {
  serve();
  renderHome();
  expect(screen.getByText('Loading live contests…')).toBeInTheDocument();
  await screen.findByRole('link', { name: /Live Lions/ });
});
