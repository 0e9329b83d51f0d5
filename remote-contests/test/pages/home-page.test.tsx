import { forgetPersistedReads, NETWORK_ERROR_MESSAGE, restorePersistedReads, useUserStore } from '@bullpen/shared';
import { screen, waitFor, within } from '@testing-library/react';
import HomePage from '../../src/app/pages/home-page';
import { API, apiError, HttpResponse, http, reply, server } from '../api-mock';
import { makeContest } from '../fixtures';
import { renderPage, resetStores, signIn, toasts } from '../render';

const live = {
  ...makeContest({ _id: 'live-1', name: 'Live Lions', status: 'active', participantsCount: 8 }),
  rank: 2,
  returnPct: 0.0345,
};
const upcomingJoined = makeContest({ _id: 'up-1', name: 'Joined Jaguars', joined: true, participantsCount: 5 });
const upcomingOpen = makeContest({
  _id: 'up-2',
  name: 'Open Otters',
  joined: false,
  participantsCount: 1,
  maxParticipants: 10,
});
const mineNotJoined = makeContest({
  _id: 'up-3',
  name: 'My Own Cup',
  joined: false,
  createdBy: { _id: 'user-me', ticker: 'ACE' },
});
const laterOpen = makeContest({
  _id: 'up-4',
  name: 'Later Lynx',
  joined: false,
  participantsCount: 20,
  maxParticipants: 20,
});
const watchBig = {
  ...makeContest({ _id: 'lp-1', name: 'Big Bears', status: 'active', participantsCount: 40, maxParticipants: 50 }),
  leader: { rank: 1, userId: 'u-9', ticker: 'TOPDOG', affiliation: null, value: 106_000, returnPct: 0.06 },
};
const watchSmall = {
  ...makeContest({ _id: 'lp-2', name: 'Small Seals', status: 'active', participantsCount: 3 }),
  leader: null,
};
const watchJoined = { ...live, joined: true, leader: null };
const done = {
  ...makeContest({ _id: 'done-1', name: 'Done Dolphins', status: 'completed' }),
  rank: 1,
  returnPct: -0.021,
};

function serve({
  active = [live],
  upcoming = [upcomingJoined, upcomingOpen],
  completed = [done],
  livePublic = [] as unknown[],
}: {
  active?: unknown[];
  upcoming?: unknown[];
  completed?: unknown[];
  livePublic?: unknown[];
} = {}) {
  server.use(
    http.get(`${API}/contest/live-public`, () => reply({ contests: livePublic })),
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
  expect(within(liveCard).getByText('+3.45%')).toHaveClass('bp-trend--up');
  // A contest being played opens where it is played: its live board.
  expect(liveCard).toHaveAttribute('href', '/live-contest/live-1');

  const upcoming = screen.getByRole('region', { name: 'Upcoming' });
  const joined = within(upcoming).getByRole('link', { name: /Joined Jaguars/ });
  expect(within(joined).getByText('Joined')).toBeInTheDocument();
  expect(within(joined).getByText('5 / 20 participants')).toBeInTheDocument();
  expect(within(joined).getByText(/^1h 29m \d\ds$|^1h 30m 00s$/)).toBeInTheDocument();
  expect(within(upcoming).queryByText(/Open Otters/)).not.toBeInTheDocument();
  const open = within(screen.getByRole('region', { name: 'Open to join' })).getByRole('article', {
    name: 'Open Otters',
  });
  expect(within(open).getByText('1 / 10')).toBeInTheDocument();

  const completed = screen.getByRole('region', { name: 'Completed' });
  const result = within(completed).getByRole('link', { name: /Done Dolphins/ });
  expect(result).toHaveAttribute('href', '/contest-completed/done-1');
  expect(within(result).getByText('#1')).toBeInTheDocument();
  expect(within(result).getByText('−2.10%')).toHaveClass('bp-trend--down');
});

it('remembers when the live contests were last fetched in the user store', async () => {
  serve();
  const before = Date.now();
  renderHome();
  await screen.findByRole('link', { name: /Live Lions/ });
  await waitFor(() => expect(useUserStore.getState().lastLiveContestsFetched).toBeGreaterThanOrEqual(before));
});

it('offers a clear call to action to create a contest when there is nothing at all', async () => {
  serve({ active: [], upcoming: [], completed: [], livePublic: [] });
  renderHome();
  const cta = await screen.findByRole('link', { name: 'Create your first contest' });
  expect(cta).toHaveAttribute('href', '/create-contest');
  expect(screen.getByRole('heading', { name: 'No contests yet' })).toBeInTheDocument();
  expect(screen.queryByRole('region', { name: 'Live' })).not.toBeInTheDocument();
});

it('shows each section empty on its own when others have contests', async () => {
  serve({ active: [], completed: [] });
  renderHome();
  await screen.findByRole('article', { name: 'Open Otters' });
  expect(screen.getByText('None of your contests is live right now.')).toBeInTheDocument();
  expect(screen.getByText('Your finished contests and final ranks will appear here.')).toBeInTheDocument();
});

it('shows an error with retry in the failing section only, and recovers', async () => {
  let failing = true;
  server.use(
    http.get(`${API}/contest/live-public`, () => reply({ contests: [] })),
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
  const open = screen.getByRole('region', { name: 'Open to join' });
  expect(await within(open).findByRole('article', { name: 'Open Otters' })).toBeInTheDocument();
});

it('shows a loading state while contests load', async () => {
  serve();
  renderHome();
  expect(screen.getByText('Loading live contests…')).toBeInTheDocument();
  await screen.findByRole('link', { name: /Live Lions/ });
});

it('separates my upcoming contests from public ones open to join, soonest first, with their facts and Join', async () => {
  serve({ upcoming: [upcomingJoined, mineNotJoined, upcomingOpen, laterOpen] });
  renderHome();
  const open = await screen.findByRole('region', { name: 'Open to join' });
  const cards = within(open).getAllByRole('article');
  expect(cards.map((card) => card.getAttribute('aria-labelledby'))).toEqual(['open-up-2', 'open-up-4']);
  const otters = within(open).getByRole('article', { name: 'Open Otters' });
  expect(within(otters).getByText('7 days')).toBeInTheDocument();
  expect(within(otters).getByText('$100,000')).toBeInTheDocument();
  expect(within(otters).getByText('2')).toBeInTheDocument();
  expect(within(otters).getByRole('link', { name: 'Join Open Otters' })).toHaveAttribute('href', '/save-picks/up-2');
  // A full contest cannot be joined.
  const lynx = within(open).getByRole('article', { name: 'Later Lynx' });
  expect(within(lynx).queryByRole('link', { name: /Join/ })).not.toBeInTheDocument();
  expect(within(lynx).getByText('Full')).toBeInTheDocument();
  // Mine (joined, or created by me) stay in Upcoming.
  const upcoming = screen.getByRole('region', { name: 'Upcoming' });
  expect(within(upcoming).getByRole('link', { name: /Joined Jaguars/ })).toBeInTheDocument();
  expect(within(upcoming).getByRole('link', { name: /My Own Cup/ })).toBeInTheDocument();
});

it('lists public live contests to watch read-only, most players first, leaving out the ones I play in', async () => {
  serve({ livePublic: [watchBig, watchJoined, watchSmall] });
  renderHome();
  const liveNow = await screen.findByRole('region', { name: 'Live now' });
  const cards = await within(liveNow).findAllByRole('article');
  expect(cards.map((card) => card.getAttribute('aria-labelledby'))).toEqual(['livenow-lp-1', 'livenow-lp-2']);
  const big = within(liveNow).getByRole('article', { name: 'Big Bears' });
  expect(within(big).getByText('TOPDOG')).toBeInTheDocument();
  expect(within(big).getByText('+6.00%')).toHaveClass('bp-trend--up');
  expect(within(big).getByText('40')).toBeInTheDocument();
  expect(within(big).getByRole('link', { name: 'Watch Big Bears' })).toHaveAttribute('href', '/live-contest/lp-1');
});

it('"Live now" never says no public contest is live while one I play in is: it points to my Live list', async () => {
  serve({ livePublic: [watchJoined] });
  renderHome();
  const liveNow = await screen.findByRole('region', { name: 'Live now' });
  expect(
    await within(liveNow).findByText(
      'The only public contest live right now is one you play in: it is in your Live list.',
    ),
  ).toBeInTheDocument();
  expect(within(liveNow).queryByText('No public contest is live right now.')).not.toBeInTheDocument();
  expect(within(screen.getByRole('region', { name: 'Live' })).getByRole('link', { name: /Live Lions/ })).toBeVisible();
});

it('"Live now" says nothing public is live only when nothing is', async () => {
  serve({ livePublic: [] });
  renderHome();
  const liveNow = await screen.findByRole('region', { name: 'Live now' });
  expect(await within(liveNow).findByText('No public contest is live right now.')).toBeInTheDocument();
});

it('empty discovery sections lead to creating a contest; a failing "Live now" says so in place', async () => {
  serve({ upcoming: [upcomingJoined], livePublic: [] });
  server.use(http.get(`${API}/contest/live-public`, () => apiError(500, 'Database unavailable')));
  renderHome();
  const open = await screen.findByRole('region', { name: 'Open to join' });
  expect(await within(open).findByText(/No public contest is open to join right now/)).toBeInTheDocument();
  expect(within(open).getByRole('link', { name: 'Create a contest' })).toHaveAttribute('href', '/create-contest');
  const liveNow = screen.getByRole('region', { name: 'Live now' });
  expect(await within(liveNow).findByText('Could not load contests you can watch.')).toBeInTheDocument();
});

describe('with the API down, lists kept from an earlier visit', () => {
  const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
  // Kept 10 minutes ago: one of mine was upcoming then and has started since; nothing was live or finished.
  const startedSince = makeContest({ _id: 'up-9', name: 'Started Stallions', joined: true, startsAt: minutesAgo(2) });
  const startedOpen = makeContest({ _id: 'up-8', name: 'Gone Gazelles', joined: false, startsAt: minutesAgo(3) });
  const kept = {
    '/contest/active': { contests: [] },
    '/contest/upcoming': { contests: [startedSince, startedOpen, upcomingOpen] },
    '/contest/completed': { contests: [] },
  };

  beforeEach(() => {
    const savedAt = Date.now() - 10 * 60_000;
    localStorage.setItem(
      'bullpen.reads.sub-1',
      JSON.stringify(Object.fromEntries(Object.entries(kept).map(([key, data]) => [key, { data, savedAt }]))),
    );
    restorePersistedReads('sub-1');
    for (const path of ['/contest/active', '/contest/upcoming', '/contest/completed', '/contest/live-public']) {
      server.use(http.get(`${API}${path}`, () => HttpResponse.error()));
    }
  });
  afterEach(() => {
    forgetPersistedReads();
    localStorage.clear();
  });

  const renderKept = () => renderPage(<HomePage />, { pattern: '/home', path: '/home', cached: kept });

  it('say how old they are and that they could not be refreshed, with one toast for the one failure', async () => {
    const { user } = renderKept();
    expect(
      await screen.findByText('Showing contests from 10 minutes ago — couldn’t refresh them.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(toasts()).toHaveLength(1));
    expect(toasts()[0]).toMatchObject({ kind: 'error', message: NETWORK_ERROR_MESSAGE });

    // The API is back: Retry now refreshes the lists and the notice goes.
    serve({ active: [], upcoming: [upcomingOpen], completed: [done] });
    await user.click(screen.getByRole('button', { name: 'Retry now' }));
    expect(
      await within(screen.getByRole('region', { name: 'Completed' })).findByText(/Done Dolphins/),
    ).toBeInTheDocument();
    expect(screen.queryByText(/couldn’t refresh them/)).not.toBeInTheDocument();
  });

  it('never say a list that failed to load is empty, and follow the clock for contests that have started', async () => {
    renderKept();
    await screen.findByText(/couldn’t refresh them/);
    const completed = screen.getByRole('region', { name: 'Completed' });
    expect(await within(completed).findByText('Could not load completed contests.')).toBeInTheDocument();
    expect(screen.queryByText(/Your finished contests/)).not.toBeInTheDocument();
    expect(screen.queryByText(/None of your contests is live/)).not.toBeInTheDocument();

    // Mine that has started is live, not "Starts in now"; one that is not mine can no longer be joined.
    const started = within(screen.getByRole('region', { name: 'Live' })).getByRole('link', {
      name: /Started Stallions/,
    });
    expect(within(started).getByText('Live')).toBeInTheDocument();
    expect(within(started).getByText('Started')).toBeInTheDocument();
    expect(screen.queryByText('now')).not.toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Gone Gazelles' })).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Open to join' })).getByRole('article', { name: 'Open Otters' }),
    ).toBeInTheDocument();
  });
});
