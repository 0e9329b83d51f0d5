import { screen, within } from '@testing-library/react';
import ContestDetailPage from '../../src/app/pages/contest-detail-page';
import { API, apiError, http, reply, sent, server } from '../api-mock';
import { makeContest, makeContestUser, ME, OTHER } from '../fixtures';
import type { Contest, ContestUser } from '@bullpen/contract';
import { renderPage, resetStores, signIn, toasts } from '../render';

const renderDetail = () =>
  renderPage(<ContestDetailPage />, { pattern: '/contest-detail/:contestId', path: '/contest-detail/c-1' });

function serve(contest: Contest, contestUser: ContestUser) {
  let current = { contest, contestUser };
  server.use(
    http.post(`${API}/contest/get-contest`, () => reply({ contest: current.contest })),
    http.get(`${API}/contest-user/c-1`, () => reply({ data: current.contestUser })),
  );
  return (next: Partial<typeof current>) => {
    current = { ...current, ...next };
  };
}

const actions = () => screen.getByRole('group', { name: 'Contest actions' });
const joinedMe = makeContestUser({ joined: true, picks: ['AAPL', 'MSFT'], joinedAt: new Date().toISOString() });

beforeEach(() => {
  resetStores();
  signIn();
});

it('offers Join to a signed-in user who has not joined an upcoming contest, and no leave or manage actions', async () => {
  serve(makeContest(), makeContestUser());
  renderDetail();
  expect(await screen.findByText('You have not joined this contest yet.')).toBeInTheDocument();
  const group = actions();
  expect(within(group).getByRole('link', { name: 'Join — choose picks' })).toHaveAttribute('href', '/save-picks/c-1');
  expect(within(group).queryByRole('button', { name: 'Leave contest' })).not.toBeInTheDocument();
  expect(within(group).queryByRole('link', { name: 'Edit contest' })).not.toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Spring Sprint' })).toBeInTheDocument();
  expect(screen.getByText('3 / 20')).toBeInTheDocument();
  expect(document.title).toBe('Contest detail · Bullpen');
});

it('does not offer Join when the contest is full', async () => {
  serve(makeContest({ participantsCount: 20 }), makeContestUser());
  renderDetail();
  await screen.findByText('You have not joined this contest yet.');
  expect(screen.queryByRole('link', { name: 'Join — choose picks' })).not.toBeInTheDocument();
});

it('shows a participant their picks, lets them edit picks, and leave after confirming in a dialog', async () => {
  const update = serve(makeContest(), joinedMe);
  server.use(
    http.post(`${API}/contest/leave-contest`, () => {
      update({ contest: makeContest({ participantsCount: 2 }), contestUser: makeContestUser() });
      return reply({ data: makeContestUser() });
    }),
  );
  const { user } = renderDetail();
  const picks = await screen.findByRole('list', { name: 'Your picks' });
  expect(
    within(picks)
      .getAllByRole('listitem')
      .map((li) => li.textContent),
  ).toEqual(['AAPL', 'MSFT']);
  expect(within(actions()).getByRole('link', { name: 'Edit picks' })).toHaveAttribute('href', '/edit-picks/c-1');

  await user.click(within(actions()).getByRole('button', { name: 'Leave contest' }));
  const dialog = screen.getByRole('alertdialog', { name: 'Leave this contest?' });
  await user.click(within(dialog).getByRole('button', { name: 'Stay in' }));
  expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  expect(sent('/contest/leave-contest')).toHaveLength(0);

  await user.click(within(actions()).getByRole('button', { name: 'Leave contest' }));
  await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Leave contest' }));
  expect(await screen.findByText('You have not joined this contest yet.')).toBeInTheDocument();
  expect(sent('/contest/leave-contest')[0]?.body).toEqual({ contestId: 'c-1' });
  expect(toasts()).toContainEqual(expect.objectContaining({ kind: 'success', message: 'You left “Spring Sprint”' }));
  // The participant count was refreshed from the server, not left stale.
  expect(await screen.findByText('2 / 20')).toBeInTheDocument();
});

it('lets the creator edit and cancel (after confirming); participants then see it cancelled', async () => {
  const mine = makeContest({ createdBy: { _id: ME.id, ticker: ME.ticker } });
  const update = serve(mine, makeContestUser());
  server.use(
    http.post(`${API}/contest/cancel-contest`, () => {
      const cancelled = { ...mine, status: 'cancelled' as const };
      update({ contest: cancelled });
      return reply({ data: cancelled });
    }),
  );
  const { user } = renderDetail();
  await screen.findByText('You have not joined this contest yet.');
  expect(within(actions()).getByRole('link', { name: 'Edit contest' })).toHaveAttribute('href', '/edit-contest/c-1');
  await user.click(within(actions()).getByRole('button', { name: 'Cancel contest' }));
  const dialog = screen.getByRole('alertdialog', { name: 'Cancel this contest?' });
  expect(dialog).toHaveTextContent('Every participant will see it as cancelled.');
  await user.click(within(dialog).getByRole('button', { name: 'Cancel contest' }));

  expect(await screen.findByText('This contest was cancelled')).toBeInTheDocument();
  expect(screen.queryByRole('group', { name: 'Contest actions' })).not.toBeInTheDocument();
  expect(toasts()).toContainEqual(
    expect.objectContaining({ kind: 'success', message: '“Spring Sprint” was cancelled' }),
  );
});

it('shows the server’s message when an action is refused', async () => {
  serve(makeContest({ createdBy: { _id: ME.id, ticker: ME.ticker } }), makeContestUser());
  server.use(http.post(`${API}/contest/cancel-contest`, () => apiError(409, 'The contest has already started')));
  const { user } = renderDetail();
  await screen.findByText('You have not joined this contest yet.');
  await user.click(within(actions()).getByRole('button', { name: 'Cancel contest' }));
  await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel contest' }));
  await screen.findByText('You have not joined this contest yet.');
  expect(toasts()).toContainEqual(
    expect.objectContaining({ kind: 'error', message: 'The contest has already started' }),
  );
});

it('lets an admin manage someone else’s contest; a plain user cannot', async () => {
  serve(makeContest({ createdBy: { _id: OTHER.id, ticker: OTHER.ticker } }), makeContestUser());
  signIn({ ...ME, role: 'admin' });
  renderDetail();
  await screen.findByText('You have not joined this contest yet.');
  expect(within(actions()).getByRole('button', { name: 'Cancel contest' })).toBeInTheDocument();
});

it('sends a participant of a live contest to the live view or trading, with their rank and return', async () => {
  serve(
    makeContest({ status: 'active' }),
    makeContestUser({
      joined: true,
      picks: ['AAPL'],
      rank: 3,
      portfolio: { cash: 120.5, reservedCash: 0, positions: [], value: 103_000, returnPct: 0.03 },
    }),
  );
  renderDetail();
  expect(await screen.findByText('#3')).toBeInTheDocument();
  expect(screen.getByText('+3.00%')).toHaveClass('bp-trend--up');
  expect(screen.getByText('This contest is live')).toBeInTheDocument();
  expect(within(actions()).getByRole('link', { name: 'Live view' })).toHaveAttribute('href', '/live-contest/c-1');
  expect(within(actions()).getByRole('link', { name: 'Trade' })).toHaveAttribute('href', '/trading/c-1');
  expect((await screen.findAllByText('Simulated prices')).length).toBeGreaterThan(0);
  expect(within(actions()).queryByRole('link', { name: 'Edit picks' })).not.toBeInTheDocument();
});

it('offers only the results once completed, and no trading to non-participants when live', async () => {
  serve(makeContest({ status: 'completed' }), makeContestUser());
  renderDetail();
  expect(await screen.findByRole('link', { name: 'See results' })).toHaveAttribute('href', '/contest-completed/c-1');
  expect(screen.getByText('You did not take part in this contest.')).toBeInTheDocument();
});

it('shows a not-found state for an unknown contest', async () => {
  server.use(
    http.post(`${API}/contest/get-contest`, () => apiError(404, 'Contest not found')),
    http.get(`${API}/contest-user/c-1`, () => apiError(404, 'Contest not found')),
  );
  renderDetail();
  expect(await screen.findByText('This contest does not exist')).toBeInTheDocument();
  // The screen says it; no toast repeats it.
  expect(toasts()).toEqual([]);
});

it('shows a loading state first', async () => {
  serve(makeContest(), makeContestUser());
  renderDetail();
  expect(screen.getByText('Loading the contest…')).toBeInTheDocument();
  await screen.findByText('You have not joined this contest yet.');
});

it('refreshes the contest when its start passes while the page is open', async () => {
  const startsAt = new Date(Date.now() + 1_200).toISOString();
  const update = serve(makeContest({ startsAt }), joinedMe);
  renderDetail();
  expect(await screen.findByRole('link', { name: 'Edit picks' })).toBeInTheDocument();
  update({ contest: makeContest({ startsAt, status: 'active' }) });
  expect(await screen.findByText('This contest is live', {}, { timeout: 4_000 })).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Edit picks' })).not.toBeInTheDocument();
});

it('states the contest’s trading rules in plain words, at a glance and in how it works', async () => {
  serve(
    makeContest({ rules: { shortSelling: true, commission: { perTrade: 4.95, perShare: 0 }, maxPositionPct: 25 } }),
    makeContestUser(),
  );
  renderDetail();
  const tile = (await screen.findByText('Trading rules')).closest('div');
  // One rule a line.
  expect(tile?.querySelector('dd')?.innerHTML).toContain(
    'Short selling allowed<br>$4.95 per trade<br>At most 25% in one stock',
  );
  expect(
    screen.getByText(/Short selling is allowed: you may sell shares you do not hold and buy them back later\./),
  ).toHaveTextContent(
    'Every trade costs a commission of $4.95 per trade. A buy or short may not take one stock above 25% of your portfolio.',
  );
});

it('says what a contest with the default rules leaves out', async () => {
  serve(makeContest(), makeContestUser());
  renderDetail();
  const tile = (await screen.findByText('Trading rules')).closest('div');
  expect(tile).toHaveTextContent('Trading rulesNo short sellingNo commissionNo position cap');
});
