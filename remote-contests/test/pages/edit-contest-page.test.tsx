import { screen } from '@testing-library/react';
import EditContestPage from '../../src/app/pages/edit-contest-page';
import { API, apiError, http, reply, sent, server } from '../api-mock';
import { makeContest, ME, OTHER } from '../fixtures';
import { renderPage, resetStores, signIn, toasts } from '../render';

const mine = makeContest({
  _id: 'c-1',
  name: 'My Cup',
  createdBy: { _id: ME.id, ticker: ME.ticker },
  participantsCount: 0,
  affiliations: ['Red', 'Blue'],
  isTeamCollaboration: true,
});

const renderEdit = () =>
  renderPage(<EditContestPage />, { pattern: '/edit-contest/:contestId', path: '/edit-contest/c-1' });
const serveContest = (contest = mine) => server.use(http.post(`${API}/contest/get-contest`, () => reply({ contest })));

beforeEach(() => {
  resetStores();
  signIn();
});

it('lets the creator edit an upcoming contest, prefilled, and saves it with its id', async () => {
  serveContest();
  server.use(
    http.post(`${API}/contest/edit-contest`, async ({ request }) => {
      const body = (await request.json()) as { name: string };
      return reply({ data: { ...mine, name: body.name } });
    }),
  );
  const { user } = renderEdit();
  const name = await screen.findByLabelText('Name');
  expect(name).toHaveValue('My Cup');
  expect(screen.getByTestId('team-collaboration')).toHaveTextContent('Yes — 2 teams');
  await user.clear(name);
  await user.type(name, 'My Bigger Cup');
  await user.click(screen.getByRole('button', { name: 'Save changes' }));

  expect(await screen.findByTestId('location')).toHaveTextContent('/contest-detail/c-1');
  expect(sent('/contest/edit-contest')[0]?.body).toMatchObject({
    contestId: 'c-1',
    name: 'My Bigger Cup',
    affiliations: ['Red', 'Blue'],
    isTeamCollaboration: true,
  });
  expect(toasts()).toContainEqual(expect.objectContaining({ kind: 'success', message: 'Contest updated' }));
});

it('locks picks count and starting cash once players have joined', async () => {
  serveContest({ ...mine, participantsCount: 2 });
  renderEdit();
  expect(await screen.findByLabelText('Picks per player')).toBeDisabled();
  expect(screen.getByLabelText('Starting cash (USD)')).toBeDisabled();
  expect(screen.getByLabelText('Max participants')).toBeEnabled();
  expect(screen.getByText('2 players have joined')).toBeInTheDocument();
});

it('once players have joined, keeps their teams and max participants at or above them, on the field, before any call', async () => {
  serveContest({ ...mine, participantsCount: 3, affiliations: ['Red', 'Blue'] });
  const { user } = renderEdit();
  const teams = await screen.findByRole('list', { name: 'Teams' });
  expect(teams).toHaveTextContent('Red');
  expect(screen.queryByRole('button', { name: /^Remove team/ })).not.toBeInTheDocument();
  await user.clear(screen.getByLabelText('Max participants'));
  await user.type(screen.getByLabelText('Max participants'), '2');
  await user.click(screen.getByRole('button', { name: 'Save changes' }));
  expect(await screen.findByText('At least 3 (players already joined)')).toBeInTheDocument();
  expect(screen.getByLabelText('Max participants')).toHaveAttribute('aria-invalid', 'true');
  expect(sent('/contest/edit-contest')).toEqual([]);
  expect(toasts()).toEqual([]);
});

it('does not offer to add teams to a solo contest players have joined', async () => {
  serveContest({ ...mine, participantsCount: 1, affiliations: [], isTeamCollaboration: false });
  renderEdit();
  expect(await screen.findByText('Teams cannot be added once players have joined a solo contest.')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Add team' })).not.toBeInTheDocument();
});

it('lets an admin edit someone else’s contest', async () => {
  serveContest({ ...mine, createdBy: { _id: OTHER.id, ticker: OTHER.ticker } });
  signIn({ ...ME, role: 'admin' });
  renderEdit();
  expect(await screen.findByRole('button', { name: 'Save changes' })).toBeInTheDocument();
});

it('explains instead of showing the form to someone who is not the creator', async () => {
  serveContest({ ...mine, createdBy: { _id: OTHER.id, ticker: OTHER.ticker } });
  renderEdit();
  expect(await screen.findByText('You can’t edit this contest')).toBeInTheDocument();
  expect(screen.getByText("Only the contest's creator (BOLT) or an admin can edit it.")).toBeInTheDocument();
  expect(screen.queryByRole('form')).not.toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Back to the contest' })).toHaveAttribute('href', '/contest-detail/c-1');
});

it('explains that a live contest can no longer be edited, even by its creator', async () => {
  serveContest({ ...mine, status: 'active' });
  renderEdit();
  expect(
    await screen.findByText(/The contest is live: contests can only be edited before they start\./),
  ).toBeInTheDocument();
  expect(screen.queryByLabelText('Name')).not.toBeInTheDocument();
});

it('shows the server’s refusal as a toast and keeps the form', async () => {
  serveContest();
  server.use(http.post(`${API}/contest/edit-contest`, () => apiError(409, 'The contest has already started')));
  const { user } = renderEdit();
  await user.click(await screen.findByRole('button', { name: 'Save changes' }));
  expect(await screen.findByRole('button', { name: 'Save changes' })).toBeEnabled();
  expect(toasts()).toContainEqual(
    expect.objectContaining({ kind: 'error', message: 'The contest has already started' }),
  );
});

it('shows an error state when the contest cannot be loaded', async () => {
  server.use(http.post(`${API}/contest/get-contest`, () => apiError(404, 'Contest not found')));
  renderEdit();
  expect(await screen.findByText('This contest could not be loaded')).toBeInTheDocument();
});

describe('trading rules', () => {
  const ruled = { shortSelling: true, commission: { perTrade: 4.95, perShare: 0 }, maxPositionPct: 25 };

  it('can be changed while nobody has joined, prefilled from the contest', async () => {
    serveContest({ ...mine, rules: ruled });
    server.use(http.post(`${API}/contest/edit-contest`, () => reply({ data: mine })));
    const { user } = renderEdit();
    expect(await screen.findByRole('radio', { name: 'Allowed' })).toBeChecked();
    expect(screen.getByLabelText('Commission per trade (USD)')).toHaveValue(4.95);
    const cap = screen.getByLabelText('Maximum position (%)');
    expect(cap).toHaveValue(25);
    await user.clear(cap);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/contest-detail/c-1');
    expect(sent('/contest/edit-contest')[0]?.body).toMatchObject({
      rules: { shortSelling: true, commission: { perTrade: 4.95, perShare: 0 }, maxPositionPct: null },
    });
  });

  it('are shown read-only with why once players have joined, and left out of the save', async () => {
    serveContest({ ...mine, participantsCount: 2, rules: ruled });
    server.use(http.post(`${API}/contest/edit-contest`, () => reply({ data: mine })));
    const { user } = renderEdit();
    const rules = await screen.findByRole('region', { name: 'Trading rules' });
    expect(rules).toHaveTextContent('Short selling allowed$4.95 per tradeAt most 25% in one stock');
    expect(rules).toHaveTextContent('Locked: players have already joined and chose their picks under these rules.');
    expect(screen.queryByLabelText('Commission per trade (USD)')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/contest-detail/c-1');
    const [call] = sent('/contest/edit-contest');
    expect(call?.body).not.toHaveProperty('rules');
    expect(call?.body).toMatchObject({ picksCount: 2, startingCash: 100_000 });
  });
});
