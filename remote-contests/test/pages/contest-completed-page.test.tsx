import type { Standing } from '@bullpen/shared/schemas';
import { screen, waitFor, within } from '@testing-library/react';
import ContestCompletedPage from '../../src/app/pages/contest-completed-page';
import { API, apiError, http, reply, sent, server } from '../api-mock';
import { ME, makeContest, makeStandings, makeTeams } from '../fixtures';
import { renderPage, resetStores, signIn, toasts } from '../render';

const renderCompleted = () =>
  renderPage(<ContestCompletedPage />, { pattern: '/contest-completed/:contestId', path: '/contest-completed/c-1' });

function serve(team: boolean, standings = makeStandings()) {
  const contest = makeContest({
    status: 'completed',
    affiliations: team ? ['Bulls', 'Bears'] : [],
    isTeamCollaboration: team,
  });
  server.use(
    http.get(`${API}/contest/completed/c-1`, () =>
      reply({ contest, standings, teams: team ? makeTeams() : [], total: standings.length, asOf: new Date().toISOString() }),
    ),
  );
}

beforeEach(() => {
  resetStores();
  signIn();
});

it('shows the final standings with rank, call sign linking to the profile and return, my row highlighted', async () => {
  serve(false);
  renderCompleted();
  const table = await screen.findByRole('table', { name: 'Final standings' });
  const body = within(table).getAllByRole('row').slice(1);
  expect(body.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual(['1', '2', '3', '4']);
  expect(within(table).getByRole('link', { name: 'BOLT' })).toHaveAttribute('href', '/profile?userId=user-other');
  const mine = body[1] as HTMLElement;
  expect(mine).toHaveAttribute('aria-current', 'true');
  expect(mine).toHaveClass('bpc-mine');
  expect(within(mine).getByText('+4.50%')).toHaveClass('bpc-tone-gain');
  expect(within(body[3] as HTMLElement).getByText('−9.00%')).toHaveClass('bpc-tone-loss');
  expect(screen.getByText('You finished')).toBeInTheDocument();
  expect(screen.queryByRole('table', { name: 'Team standings' })).not.toBeInTheDocument();
  expect(within(table).queryByRole('columnheader', { name: 'Team' })).not.toBeInTheDocument();
});

it('puts the top three on a podium', async () => {
  serve(false);
  renderCompleted();
  const podium = await screen.findByRole('list', { name: 'Podium' });
  expect(within(podium).getByRole('listitem', { name: '1st: BOLT, +12.00%' })).toBeInTheDocument();
  expect(within(podium).getByRole('listitem', { name: '2nd: ACE, +4.50%' })).toHaveTextContent('You');
  expect(within(podium).getByRole('listitem', { name: '3rd: CRUX, −1.00%' })).toBeInTheDocument();
  expect(within(podium).queryByText('DUNE')).not.toBeInTheDocument();
});

it('shows team standings for a team contest, with my team marked', async () => {
  serve(true);
  renderCompleted();
  const teams = await screen.findByRole('table', { name: 'Team standings' });
  const rows = within(teams).getAllByRole('row').slice(1);
  expect(within(rows[0] as HTMLElement).getByText('Bulls')).toBeInTheDocument();
  expect(within(rows[1] as HTMLElement).getByText('(your team)')).toBeInTheDocument();
  expect(within(rows[1] as HTMLElement).getByText('−2.25%')).toBeInTheDocument();
  expect(within(screen.getByRole('table', { name: 'Final standings' })).getByRole('columnheader', { name: 'Team' })).toBeInTheDocument();
});

it('shows an empty state for a contest nobody played', async () => {
  serve(false, []);
  renderCompleted();
  expect(await screen.findByText('Nobody played')).toBeInTheDocument();
  expect(screen.queryByRole('list', { name: 'Podium' })).not.toBeInTheDocument();
});

it('explains that a contest that is not completed has no final standings yet, without an error toast', async () => {
  server.use(
    http.get(`${API}/contest/completed/c-1`, () => apiError(409, 'The contest is not completed (it is active)')),
    http.post(`${API}/contest/get-contest`, () => reply({ contest: makeContest({ status: 'active' }) })),
  );
  renderCompleted();
  expect(await screen.findByText('This contest has not completed')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Go to the contest' })).toHaveAttribute('href', '/contest-detail/c-1');
  expect(toasts()).toEqual([]);
});

it('says a cancelled contest was cancelled, without an error toast', async () => {
  server.use(
    http.get(`${API}/contest/completed/c-1`, () => apiError(409, 'The contest is not completed (it is cancelled)')),
    http.post(`${API}/contest/get-contest`, () => reply({ contest: makeContest({ status: 'cancelled' }) })),
  );
  renderCompleted();
  expect(await screen.findByText('This contest was cancelled')).toBeInTheDocument();
  expect(screen.queryByText('This contest has not completed')).not.toBeInTheDocument();
  expect(screen.queryByText(/Final standings appear/)).not.toBeInTheDocument();
  expect(toasts()).toEqual([]);
});

it('shows an error state with retry for other failures', async () => {
  server.use(http.get(`${API}/contest/completed/c-1`, () => apiError(500, 'Something broke')));
  renderCompleted();
  expect(await screen.findByText('The standings could not be loaded')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  expect(screen.getByText('Something broke')).toBeInTheDocument();
  // The error panel says it; no toast repeats it.
  expect(toasts()).toEqual([]);
});

describe('a board of 10,000 players', () => {
  // The results carry the top 100 and my row (ACE, 4,321st); the rest is read a page at a time.
  const TOTAL = 10_000;
  const player = (rank: number): Standing => ({
    rank,
    userId: `p${rank}`,
    ticker: `P${rank}`,
    affiliation: null,
    value: 100_000 - rank,
    returnPct: 0.1 - rank / 100_000,
  });
  const MINE: Standing = { rank: 4_321, userId: ME.id, ticker: ME.ticker, affiliation: null, value: 90_000, returnPct: -0.1 };
  const page = (offset: number) => ({
    standings: Array.from({ length: 50 }, (_, index) => (offset + index + 1 === MINE.rank ? MINE : player(offset + index + 1))),
    total: TOTAL,
    offset,
    asOf: new Date().toISOString(),
  });
  const pagesAsked = () => sent('/contest/c-1/standings').map((request) => request.search);
  const bodyRows = () => within(screen.getByRole('table', { name: 'Final standings' })).getAllByRole('row').slice(1);

  function serveBig(standingsPage: (url: URL) => Response = (url) =>
    reply(page(url.searchParams.get('around') === 'me' ? 4_295 : Number(url.searchParams.get('offset'))))) {
    server.use(
      http.get(`${API}/contest/completed/c-1`, () =>
        reply({
          contest: makeContest({ status: 'completed' }),
          standings: [...Array.from({ length: 100 }, (_, index) => player(index + 1)), MINE],
          teams: [],
          total: TOTAL,
          asOf: new Date().toISOString(),
        }),
      ),
      http.get(`${API}/contest/c-1/standings`, ({ request }) => standingsPage(new URL(request.url))),
    );
  }

  it('shows the top 100 of 10,000 and my row after a gap, and counts me among all players', async () => {
    serveBig();
    renderCompleted();
    expect(await screen.findByText('Top 100 of 10,000 players')).toBeInTheDocument();
    const rows = bodyRows();
    expect(rows).toHaveLength(102);
    expect(rows[100]).toHaveTextContent('More players not shown here');
    expect(rows[101]).toHaveTextContent('4321ACE (you)');
    expect(rows[101]).toHaveAttribute('aria-current', 'true');
    expect(screen.getByText('of 10,000')).toBeInTheDocument();
    expect(pagesAsked()).toEqual([]);
  });

  it('jumps to the page around me, with my row highlighted and focused', async () => {
    serveBig();
    const { user } = renderCompleted();
    await user.click(await screen.findByRole('button', { name: 'Jump to me' }));
    expect(await screen.findByText('Rows 4,296–4,345 of 10,000 players')).toBeInTheDocument();
    expect(pagesAsked()).toEqual(['?limit=50&around=me']);
    const mine = within(screen.getByRole('table', { name: 'Final standings' })).getByRole('row', { current: true });
    expect(mine).toHaveTextContent('4321ACE (you)');
    await waitFor(() => expect(mine).toHaveFocus());
    expect(bodyRows()).toHaveLength(50);
  });

  it('pages with Next and Previous, 50 rows at a time', async () => {
    serveBig();
    const { user } = renderCompleted();
    const pages = await screen.findByRole('navigation', { name: 'Standings pages' });
    expect(within(pages).getByRole('button', { name: 'Previous 50' })).toBeDisabled();
    await user.click(within(pages).getByRole('button', { name: 'Next 50' }));
    expect(await screen.findByText('Rows 101–150 of 10,000 players')).toBeInTheDocument();
    expect(bodyRows()[0]).toHaveTextContent('101P101');
    expect(bodyRows().at(-1)).toHaveTextContent('4321ACE (you)');
    await user.click(within(pages).getByRole('button', { name: 'Next 50' }));
    expect(await screen.findByText('Rows 151–200 of 10,000 players')).toBeInTheDocument();
    await user.click(within(pages).getByRole('button', { name: 'Previous 50' }));
    expect(await screen.findByText('Rows 101–150 of 10,000 players')).toBeInTheDocument();
    await user.click(within(pages).getByRole('button', { name: 'Previous 50' }));
    expect(await screen.findByText('Top 100 of 10,000 players')).toBeInTheDocument();
    expect(pagesAsked()).toEqual(['?offset=100&limit=50', '?offset=150&limit=50']);
  });

  it('shows an error with a retry when a page fails', async () => {
    let fail = true;
    serveBig((url) => (fail ? apiError(500, 'Board unavailable') : reply(page(Number(url.searchParams.get('offset'))))));
    const { user } = renderCompleted();
    await user.click(await screen.findByRole('button', { name: 'Next 50' }));
    expect(await screen.findByRole('alert', {}, { timeout: 15_000 })).toHaveTextContent(
      'These rows could not be loaded: Board unavailable',
    );
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Rows 101–150 of 10,000 players')).toBeInTheDocument();
  }, 30_000);
});
