import type { Order, Standing } from '@bullpen/contract';
import { screen, waitFor, within } from '@testing-library/react';
import ContestCompletedPage from '../../src/app/pages/contest-completed-page';
import { API, apiError, http, reply, sent, server } from '../api-mock';
import { ME, makeContest, makeStandings, makeTeams } from '../fixtures';
import { renderPage, resetStores, signIn, toasts } from '../render';

const renderCompleted = (path = '/contest-completed/c-1') =>
  renderPage(<ContestCompletedPage />, { pattern: '/contest-completed/:contestId', path });

const T0 = '2030-01-07T14:00:00.000Z';
const T1 = '2030-01-07T14:30:00.000Z';
const T2 = '2030-01-07T15:00:00.000Z';
const BENCHMARK = {
  name: 'Equal-weight index of the whole universe',
  points: [
    { t: T0, returnPct: 0 },
    { t: T1, returnPct: 0.004 },
    { t: T2, returnPct: 0.011 },
  ],
};

/** What GET /contest/completed/c-1/players/{userId} answers for a row of makeStandings(). */
function playerResult(row: Standing) {
  const mine = row.userId === ME.id;
  return {
    player: row,
    picks: ['NVDA', 'TSLA'],
    cash: mine ? 500 : 1_000,
    positions: mine
      ? [
          { symbol: 'AAPL', quantity: 100, avgCost: 190, price: 200, value: 20_000, pnl: 1_000, pnlPct: 0.0526 },
          { symbol: 'NVDA', quantity: 420, avgCost: 100, price: 200, value: 84_000, pnl: 42_000, pnlPct: 1 },
        ]
      : [{ symbol: 'MSFT', quantity: 222, avgCost: 400, price: 500, value: 111_000, pnl: 22_200, pnlPct: 0.25 }],
    trades: mine
      ? [
          {
            _id: 't2',
            contestId: 'c-1',
            symbol: 'AAPL',
            side: 'buy',
            quantity: 100,
            price: 190,
            amount: 19_000,
            executedAt: T1,
          },
          {
            _id: 't1',
            contestId: 'c-1',
            symbol: 'TSLA',
            side: 'sell',
            quantity: 80,
            price: 240,
            amount: 19_200,
            executedAt: T1,
          },
        ]
      : [],
    history: [
      { t: T0, value: 100_000, rank: mine ? 1 : 2 },
      { t: T1, value: 101_000, rank: 3 },
      { t: T2, value: row.value, rank: row.rank },
    ],
    pickReturns: [
      { symbol: 'NVDA', startPrice: 100, endPrice: 200, returnPct: 1 },
      { symbol: 'TSLA', startPrice: 250, endPrice: 230, returnPct: -0.08 },
    ],
  };
}

/** What GET /contest/c-1/analytics/{userId} answers for a row: a figure of each kind, told apart by player. */
function analyticsOf(row: Standing) {
  const mine = row.userId === ME.id;
  return {
    asOf: T2,
    returnPct: row.returnPct,
    benchmarkReturnPct: 0.011,
    volatilityPct: 0.2,
    sharpe: mine ? 1.25 : 0.5,
    maxDrawdownPct: mine ? -0.04 : -0.12,
    beta: 0.9,
    alphaPct: 0.01,
    sectors: [{ sector: mine ? 'Technology' : 'Energy', value: mine ? 104_000 : -111_000, weight: 1 }],
    turnover: 0.4,
    commissions: mine ? 9.9 : 0,
  };
}

/** One of my orders as GET /contest/c-1/orders lists it: an expired AAPL limit buy unless told otherwise. */
const order = (fields: Partial<Order>): Order => ({
  _id: 'o-1',
  contestId: 'c-1',
  symbol: 'AAPL',
  side: 'buy',
  quantity: 10,
  type: 'limit',
  limitPrice: 180,
  stopPrice: null,
  status: 'expired',
  createdAt: T1,
  updatedAt: T2,
  fill: null,
  reason: 'The contest ended before the order filled',
  ...fields,
});

function serve(team: boolean, standings = makeStandings(), orders: Order[] = []) {
  const contest = makeContest({
    name: 'Weekly Tech Sprint',
    status: 'completed',
    affiliations: team ? ['Bulls', 'Bears'] : [],
    isTeamCollaboration: team,
  });
  server.use(
    http.get(`${API}/contest/c-1/orders`, () => reply({ orders })),
    http.get(`${API}/contest/c-1/benchmark`, () => reply(BENCHMARK)),
    http.get(`${API}/contest/c-1/analytics/:userId`, ({ params }) => {
      const row = standings.find((r) => r.userId === params.userId);
      return row ? reply({ analytics: analyticsOf(row) }) : apiError(404, 'Player not found in this contest');
    }),
    http.get(`${API}/contest/completed/c-1/players/:userId`, ({ params }) => {
      const row = standings.find((r) => r.userId === params.userId);
      return row ? reply(playerResult(row)) : apiError(404, 'Player not found in this contest');
    }),
    http.get(`${API}/contest/completed/c-1`, () =>
      reply({
        contest,
        standings,
        teams: team ? makeTeams() : [],
        total: standings.length,
        asOf: new Date().toISOString(),
      }),
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
  expect(body.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual(['#1', '#2', '#3', '#4']);
  expect(within(table).getByRole('link', { name: 'BOLT' })).toHaveAttribute('href', '/profile?userId=user-other');
  const mine = body[1] as HTMLElement;
  expect(mine).toHaveAttribute('aria-current', 'true');
  expect(mine).toHaveClass('bp-board__mine');
  expect(within(mine).getByText('+4.50%')).toHaveClass('bp-trend--up');
  expect(within(body[3] as HTMLElement).getByText('−9.00%')).toHaveClass('bp-trend--down');
  expect(screen.getByText('You finished')).toBeInTheDocument();
  expect(screen.queryByRole('table', { name: 'Team standings' })).not.toBeInTheDocument();
  expect(within(table).queryByRole('columnheader', { name: 'Team' })).not.toBeInTheDocument();
});

it('lists my orders that did not fill, each with why; filled ones stay in the trades', async () => {
  serve(false, makeStandings(), [
    order({}),
    order({
      _id: 'o-2',
      side: 'sell',
      symbol: 'NVDA',
      type: 'stop',
      limitPrice: null,
      stopPrice: 150,
      status: 'rejected',
      reason: 'Not enough cash for this order at the trigger price',
    }),
    order({ _id: 'o-3', status: 'cancelled', reason: null, symbol: 'MSFT' }),
    order({ _id: 'o-4', status: 'filled', reason: null, symbol: 'TSLA' }),
  ]);
  renderCompleted();
  const unfilled = await screen.findByRole('region', { name: 'Orders that did not fill' });
  const items = within(unfilled).getAllByRole('listitem');
  expect(items.map((item) => item.textContent)).toEqual([
    expect.stringMatching(/^Buy 10 AAPL, limit \$180\.00ExpiredThe contest ended before the order filled\. Placed /),
    expect.stringMatching(/^Sell 10 NVDA, stop \$150\.00RejectedNot enough cash for this order at the trigger price\./),
    expect.stringMatching(/^Buy 10 MSFT, limit \$180\.00CancelledYou cancelled it\. Placed /),
  ]);
  expect(
    within(screen.getByRole('region', { name: 'Your contest' })).getByRole('region', {
      name: 'Orders that did not fill',
    }),
  ).toBe(unfilled);
});

it('names every side as the player placed it, shorts and covers included, with what each trade cost', async () => {
  const trade = (fields: { _id: string; side: 'short' | 'cover'; quantity: number; commission: number }) => ({
    contestId: 'c-1',
    symbol: 'KO',
    price: 60,
    amount: fields.quantity * 60,
    executedAt: T1,
    orderId: null,
    ...fields,
  });
  const unfilledCover = order({ _id: 'o-9', side: 'cover', symbol: 'KO', status: 'expired' });
  serve(false, makeStandings(), [unfilledCover]);
  server.use(
    http.get(`${API}/contest/completed/c-1/players/:userId`, () =>
      reply({
        ...playerResult(makeStandings()[1] as Standing),
        trades: [
          trade({ _id: 't-cover', side: 'cover', quantity: 10, commission: 1.5 }),
          trade({ _id: 't-short', side: 'short', quantity: 20, commission: 2.25 }),
        ],
      }),
    ),
  );
  renderCompleted();
  const mine = await screen.findByRole('region', { name: 'Your contest' });
  const trades = await within(mine).findByRole('table', { name: 'Trades, newest first' });
  const rows = within(trades).getAllByRole('row').slice(1);
  expect(within(rows[0] as HTMLElement).getByText('Cover')).toHaveClass('bp-trend--up');
  expect(within(rows[1] as HTMLElement).getByText('Short')).toHaveClass('bp-trend--down');
  expect(within(trades).queryByText('Sell')).not.toBeInTheDocument();
  expect(within(trades).getByRole('columnheader', { name: 'Commission' })).toBeInTheDocument();
  expect(within(rows[1] as HTMLElement).getAllByText(/\$2\.25/).length).toBeGreaterThan(0);
  const unfilled = await screen.findByRole('region', { name: 'Orders that did not fill' });
  expect(within(unfilled).getByRole('listitem')).toHaveTextContent(/^Cover 10 KO, limit \$180\.00Expired/);
});

it('says nothing about orders when every order filled or there were none', async () => {
  serve(false);
  renderCompleted();
  await screen.findByRole('region', { name: 'Trades' });
  await waitFor(() => expect(sent('/contest/c-1/orders')).toHaveLength(1));
  expect(screen.queryByRole('region', { name: 'Orders that did not fill' })).not.toBeInTheDocument();
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
  expect(
    within(screen.getByRole('table', { name: 'Final standings' })).getByRole('columnheader', { name: 'Team' }),
  ).toBeInTheDocument();
});

it('shows an empty state for a contest nobody played', async () => {
  serve(false, []);
  renderCompleted();
  expect(await screen.findByText('Nobody played')).toBeInTheDocument();
  expect(sent('/contest/c-1/benchmark')).toEqual([]);
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
  const MINE: Standing = {
    rank: 4_321,
    userId: ME.id,
    ticker: ME.ticker,
    affiliation: null,
    value: 90_000,
    returnPct: -0.1,
  };
  const page = (offset: number) => ({
    standings: Array.from({ length: 50 }, (_, index) =>
      offset + index + 1 === MINE.rank ? MINE : player(offset + index + 1),
    ),
    total: TOTAL,
    offset,
    asOf: new Date().toISOString(),
  });
  const pagesAsked = () => sent('/contest/c-1/standings').map((request) => request.search);
  const bodyRows = () =>
    within(screen.getByRole('table', { name: 'Final standings' }))
      .getAllByRole('row')
      .slice(1);

  function serveBig(
    standingsPage: (url: URL) => Response = (url) =>
      reply(page(url.searchParams.get('around') === 'me' ? 4_295 : Number(url.searchParams.get('offset')))),
  ) {
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
      http.get(`${API}/contest/c-1/benchmark`, () => reply(BENCHMARK)),
      http.get(`${API}/contest/c-1/orders`, () => reply({ orders: [] })),
      http.get(`${API}/contest/completed/c-1/players/:userId`, () => reply(playerResult(MINE))),
      http.get(`${API}/contest/c-1/analytics/:userId`, () => reply({ analytics: analyticsOf(MINE) })),
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
    serveBig((url) =>
      fail ? apiError(500, 'Board unavailable') : reply(page(Number(url.searchParams.get('offset')))),
    );
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

describe('results that explain themselves', () => {
  it('shows my value against the market, best and worst pick, rank over time, final positions adding up, and my trades', async () => {
    serve(false);
    renderCompleted();
    const mine = await screen.findByRole('region', { name: 'Your contest' });
    const result = await within(mine).findByLabelText('Your result');
    expect(within(result).getByText('#2')).toBeInTheDocument();
    expect(within(result).getByText('$104,500.00')).toBeInTheDocument();
    expect(within(result).getByText('$500.00 cash + $104,000.00 in shares')).toBeInTheDocument();
    expect(await within(result).findByText('+1.10%')).toBeInTheDocument();
    expect(within(result).getByText('ahead of the market by 3.40 pts')).toBeInTheDocument();
    expect(within(result).getByText('NVDA')).toBeInTheDocument();
    expect(within(result).getByText('+100.00%')).toBeInTheDocument();
    expect(within(result).getByText('$250.00 → $230.00')).toBeInTheDocument();
    // The value chart names the benchmark and says what it shows.
    const chart = within(mine).getByRole('figure', { name: 'Value over the contest' });
    expect(
      within(chart).getByText('Equal-weight index of the whole universe, from the same $100,000'),
    ).toBeInTheDocument();
    expect(within(chart).getByRole('img')).toHaveAccessibleName(
      'Your value went from $100,000 to $104,500.00 (+4.50%); the market returned +1.10%.',
    );
    expect(within(mine).getByRole('figure', { name: 'Rank over the contest' })).toBeInTheDocument();
    const positions = within(mine).getByRole('table', { name: 'Final positions at the final prices' });
    const total = within(positions).getByRole('rowheader', { name: 'Total' }).closest('tr') as HTMLElement;
    expect(within(total).getByText('$104,500.00')).toBeInTheDocument();
    const trades = within(mine).getByRole('table', { name: 'Trades, newest first' });
    expect(within(trades).getAllByRole('row')).toHaveLength(3);
    expect(within(trades).getByText('Sell')).toBeInTheDocument();
  });

  it('offers the result to share as text and a link', async () => {
    serve(false);
    renderCompleted();
    const text = await screen.findByRole('textbox', { name: 'Share your result' });
    await waitFor(() =>
      expect(text).toHaveValue(
        "I finished #2 of 4 in Weekly Tech Sprint, +4.50% vs the market's +1.10% http://localhost/contest-completed/c-1",
      ),
    );
    expect(screen.getByRole('button', { name: 'Copy text' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
  });

  it("opens another player's final portfolio, trades and value chart from their row", async () => {
    serve(false);
    const { user } = renderCompleted();
    const table = await screen.findByRole('table', { name: 'Final standings' });
    const view = within(table).getByRole('link', { name: "View BOLT's portfolio" });
    expect(view).toHaveAttribute('href', '/contest-completed/c-1?player=user-other');
    await user.click(view);
    const panel = await screen.findByRole('region', { name: "BOLT's portfolio" });
    expect(await within(panel).findByLabelText("BOLT's result")).toBeInTheDocument();
    expect(within(panel).getByRole('table', { name: 'Final positions at the final prices' })).toHaveTextContent('MSFT');
    expect(within(panel).getByText('No trades: BOLT held the starting picks to the end.')).toBeInTheDocument();
    expect(within(panel).getByRole('figure', { name: 'Value over the contest' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: "BOLT's portfolio" })).toHaveFocus();
    expect(within(panel).getByRole('link', { name: 'Close' })).toHaveAttribute('href', '/contest-completed/c-1');
  });

  it('says so when the opened player did not play, and keeps the page', async () => {
    serve(false);
    renderCompleted('/contest-completed/c-1?player=nobody');
    const panel = await screen.findByRole('region', { name: "Player's portfolio" });
    expect(await within(panel).findByText('This player did not play in this contest.')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Final standings' })).toBeInTheDocument();
  });

  it('explains scoring from the board in one step, with my row worked through to the cent', async () => {
    serve(false);
    const { user } = renderCompleted();
    const toggle = await screen.findByText('How scoring works');
    await user.click(toggle);
    expect(screen.getByText(/share the better rank/)).toBeVisible();
    expect(screen.getByText('Your row: $104,500.00 ÷ $100,000.00 − 1 = +4.50%, rank #2.')).toBeVisible();
  });

  it("shows each member's contribution to the team's return", async () => {
    serve(true);
    renderCompleted();
    const bears = await screen.findByRole('table', { name: 'Bears: member contributions' });
    const rows = within(bears).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual(['#2 ACE+4.50%+2.25%', '#4 DUNE−9.00%−4.50%']);
  });

  it('shows the page when the market line fails, and says so', async () => {
    serve(false);
    server.use(http.get(`${API}/contest/c-1/benchmark`, () => apiError(500, 'Database unavailable')));
    renderCompleted();
    expect(await screen.findByText("The market's line could not be loaded")).toBeInTheDocument();
    expect(await screen.findByLabelText('Your result')).toBeInTheDocument();
  });
});

it('shows my skill analytics, and the player opened from the board beside them', async () => {
  serve(false);
  const { user } = renderCompleted();
  const mine = await screen.findByRole('region', { name: 'Your analytics' });
  expect(await within(mine).findByRole('button', { name: 'Sharpe ratio' })).toBeInTheDocument();
  expect(within(mine).getByRole('button', { name: 'Sharpe ratio' }).closest('div')).toHaveTextContent('1.25');
  expect(within(mine).getByRole('figure', { name: 'Sector exposure' })).toHaveTextContent('TechnologyLong 100.0%');
  expect(screen.getByText(/Choose View on a player’s row of the board/)).toBeInTheDocument();

  await user.click(
    within(screen.getByRole('table', { name: 'Final standings' })).getByRole('link', { name: "View BOLT's portfolio" }),
  );
  const theirs = await screen.findByRole('region', { name: "BOLT's analytics" });
  expect(await within(theirs).findByRole('figure', { name: 'Sector exposure' })).toHaveTextContent(
    'EnergyShort 100.0%',
  );
  expect(within(theirs).getByRole('button', { name: 'Max drawdown' }).closest('div')).toHaveTextContent('−12.00%');
  // Side by side, in the same card as mine.
  expect(theirs.parentElement).toBe(mine.parentElement);
  expect(theirs.parentElement).toHaveClass('bp-columns--even');
});
