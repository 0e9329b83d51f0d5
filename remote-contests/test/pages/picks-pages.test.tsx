import { screen, within } from '@testing-library/react';
import ConfirmSavePicksPage from '../../src/app/pages/confirm-save-picks-page';
import EditPicksPage from '../../src/app/pages/edit-picks-page';
import SavePicksPage from '../../src/app/pages/save-picks-page';
import { API, apiError, equityMarket, http, reply, SIMULATED_MARKET, sent, server } from '../api-mock';
import { EQUITIES, makeContest, makeContestUser } from '../fixtures';
import type { Contest, ContestUser, Equity } from '@bullpen/contract';
import { renderPage, resetStores, signIn, toasts } from '../render';

function serve(
  contest: Contest = makeContest(),
  contestUser: ContestUser = makeContestUser(),
  equities: Equity[] = EQUITIES,
) {
  server.use(
    http.post(`${API}/contest/get-contest`, () => reply({ contest })),
    http.get(`${API}/contest-user/c-1`, () => reply({ data: contestUser })),
    http.post(`${API}/equity/get-equities`, () => reply({ equities })),
  );
}

/** $1,000 over 2 picks is $500 a pick: BKNG at $4,196 buys no share. */
const smallCash = makeContest({ startingCash: 1_000 });
const withBkng: Equity[] = [
  ...EQUITIES,
  {
    ...(EQUITIES[0] as Equity),
    symbol: 'BKNG',
    name: 'Booking Holdings Inc.',
    sector: 'Consumer Discretionary',
    price: 4_196,
  },
];

const renderSave = () => renderPage(<SavePicksPage />, { pattern: '/save-picks/:contestId', path: '/save-picks/c-1' });
const renderEditPicks = () =>
  renderPage(<EditPicksPage />, { pattern: '/edit-picks/:contestId', path: '/edit-picks/c-1' });
const renderConfirm = (state?: unknown) =>
  renderPage(<ConfirmSavePicksPage />, {
    pattern: '/confirm-save-picks/:contestId',
    path: '/confirm-save-picks/c-1',
    state,
  });

const box = (symbol: string) => screen.getByRole('checkbox', { name: `Pick ${symbol}` });
const rows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

beforeEach(() => {
  resetStores();
  signIn();
});

describe('/save-picks', () => {
  it('reminds the player of the trading rules while choosing picks', async () => {
    serve(
      makeContest({ rules: { shortSelling: true, commission: { perTrade: 1, perShare: 0 }, maxPositionPct: null } }),
    );
    renderSave();
    expect(await screen.findByTestId('trading-rules')).toHaveTextContent(
      'Trading rules: Short selling allowed · $1 per trade · No position cap',
    );
  });

  it('selects exactly picksCount with a counter and never over-selects', async () => {
    serve();
    const { user } = renderSave();
    await screen.findByRole('checkbox', { name: 'Pick AAPL' });
    expect(screen.getByTestId('pick-counter')).toHaveTextContent('0 / 2 selected');
    expect(screen.getByRole('button', { name: 'Review picks' })).toBeDisabled();
    expect(await screen.findByText('Simulated prices')).toBeInTheDocument();

    await user.click(box('MSFT'));
    await user.click(box('AAPL'));
    expect(screen.getByTestId('pick-counter')).toHaveTextContent('2 / 2 selected');
    expect(box('XOM')).toBeDisabled();
    expect(box('JPM')).toBeDisabled();
    await user.click(box('XOM'));
    expect(box('XOM')).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Review picks' })).toBeEnabled();

    await user.click(box('MSFT'));
    expect(screen.getByTestId('pick-counter')).toHaveTextContent('1 / 2 selected');
    expect(box('XOM')).toBeEnabled();
    expect(screen.getByText('Choose 1 more')).toBeInTheDocument();
  });

  it('keeps an unsaved selection across a reload', async () => {
    serve();
    const first = renderSave();
    await first.user.click(await screen.findByRole('checkbox', { name: 'Pick MSFT' }));
    expect(screen.getByTestId('pick-counter')).toHaveTextContent('1 / 2 selected');
    first.unmount();
    renderSave();
    expect(await screen.findByRole('checkbox', { name: 'Pick MSFT' })).toBeChecked();
    expect(screen.getByTestId('pick-counter')).toHaveTextContent('1 / 2 selected');
  });

  it('says in words why the other boxes are off at the full count, and a pick is removed from the bar: a swap in two taps', async () => {
    serve();
    const { user } = renderSave();
    await user.click(await screen.findByRole('checkbox', { name: 'Pick MSFT' }));
    await user.click(box('AAPL'));
    const bar = screen.getByRole('region', { name: 'Selection' });
    const reason = 'All 2 picked: remove one (×) to choose another.';
    expect(within(bar).getByText(reason)).toBeInTheDocument();
    expect(box('XOM')).toBeDisabled();
    expect(box('XOM')).toHaveAccessibleDescription(reason);

    const picks = within(bar).getByRole('list', { name: 'Your picks' });
    expect(
      within(picks)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['MSFT×Remove MSFT', 'AAPL×Remove AAPL']);
    await user.click(within(bar).getByRole('button', { name: 'Remove MSFT' }));
    await user.click(box('XOM'));
    expect(screen.getByTestId('pick-counter')).toHaveTextContent('2 / 2 selected');
    expect(
      within(picks)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['AAPL×Remove AAPL', 'XOM×Remove XOM']);
    expect(box('MSFT')).not.toBeChecked();
  });

  it('warns, with the budget of each pick, when a pick would buy no shares, and lets the player choose another', async () => {
    serve(smallCash, makeContestUser(), withBkng);
    const { user } = renderSave();
    await user.click(await screen.findByRole('checkbox', { name: 'Pick BKNG' }));
    const bar = screen.getByRole('region', { name: 'Selection' });
    expect(within(bar).getByText('BKNG would buy no shares')).toBeInTheDocument();
    expect(
      within(bar).getByText(/Each pick gets \$500\.00 \(\$1,000\.00 split 2 ways\); BKNG costs \$4,196\.00 a share/),
    ).toBeInTheDocument();
    await user.click(within(bar).getByRole('button', { name: 'Remove BKNG' }));
    await user.click(box('AAPL'));
    expect(within(bar).queryByText(/would buy no shares/)).not.toBeInTheDocument();
  });

  it('words the rule for one pick and for several', async () => {
    serve(makeContest({ picksCount: 1 }));
    const one = renderSave();
    expect(await screen.findByText('Pick 1 stock. You can change it until the start.')).toBeInTheDocument();
    expect(screen.queryByText(/different stock\b/)).not.toBeInTheDocument();
    one.unmount();
    serve(makeContest({ picksCount: 3 }));
    renderSave();
    expect(
      await screen.findByText('Pick exactly 3 different stocks. You can change them until the start.'),
    ).toBeInTheDocument();
  });

  it('searches by symbol or name and filters by sector, price and daily change', async () => {
    serve();
    const { user } = renderSave();
    await screen.findByRole('checkbox', { name: 'Pick AAPL' });
    expect(rows()).toHaveLength(4);

    await user.type(screen.getByLabelText('Search'), 'exxon');
    expect(rows().map((r) => within(r).getByRole('checkbox').getAttribute('aria-label'))).toEqual(['Pick XOM']);
    await user.clear(screen.getByLabelText('Search'));
    await user.type(screen.getByLabelText('Search'), 'msft');
    expect(rows()).toHaveLength(1);
    await user.clear(screen.getByLabelText('Search'));

    await user.selectOptions(screen.getByLabelText('Sector'), 'Technology');
    expect(rows()).toHaveLength(2);
    await user.type(screen.getByLabelText('Max price'), '200');
    expect(rows().map((r) => within(r).getByRole('checkbox').getAttribute('aria-label'))).toEqual(['Pick AAPL']);
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(rows()).toHaveLength(4);

    await user.selectOptions(screen.getByLabelText('Daily change'), 'losers');
    expect(rows().map((r) => within(r).getByRole('checkbox').getAttribute('aria-label'))).toEqual([
      'Pick JPM',
      'Pick XOM',
    ]);
    await user.type(screen.getByLabelText('Min price'), '150');
    expect(rows()).toHaveLength(1);
    await user.type(screen.getByLabelText('Search'), 'zzz');
    expect(screen.getByText('No stocks match these filters')).toBeInTheDocument();
  });

  it('keeps a selection while filtering, and shows price and signed daily change', async () => {
    serve();
    const { user } = renderSave();
    await user.click(await screen.findByRole('checkbox', { name: 'Pick AAPL' }));
    await user.selectOptions(screen.getByLabelText('Sector'), 'Energy');
    await user.click(box('XOM'));
    expect(screen.getByTestId('pick-counter')).toHaveTextContent('2 / 2 selected');
    const xom = box('XOM').closest('tr') as HTMLElement;
    expect(within(xom).getByText('$110.50')).toHaveClass('bp-table__num');
    expect(within(xom).getByText('−0.75%')).toHaveClass('bp-trend--down');
  });

  it('requires a team in a team contest, then Review carries the selection to the confirm screen and sessionStorage', async () => {
    serve(makeContest({ affiliations: ['Bulls', 'Bears'], isTeamCollaboration: true }));
    const { user } = renderSave();
    await user.click(await screen.findByRole('checkbox', { name: 'Pick AAPL' }));
    await user.click(box('JPM'));
    expect(screen.getByText('Now choose your team')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Review picks' })).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: 'Bears' }));
    await user.click(screen.getByRole('button', { name: 'Review picks' }));

    expect(screen.getByTestId('location')).toHaveTextContent('/confirm-save-picks/c-1');
    expect(JSON.parse(sessionStorage.getItem('bullpen:picks-draft:c-1') ?? 'null')).toEqual({
      contestId: 'c-1',
      mode: 'join',
      picks: ['AAPL', 'JPM'],
      affiliation: 'Bears',
    });
  });

  it('explains instead of picking when already joined, or when the contest has started', async () => {
    serve(makeContest(), makeContestUser({ joined: true, picks: ['AAPL', 'MSFT'] }));
    const first = renderSave();
    expect(await screen.findByText('You have already joined')).toBeInTheDocument();
    first.unmount();
    serve(makeContest({ status: 'active' }));
    renderSave();
    expect(await screen.findByText('Picks are locked: the contest is live')).toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('shows an error state when the stock list fails', async () => {
    serve();
    server.use(http.post(`${API}/equity/get-equities`, () => apiError(500, 'Market data unavailable')));
    renderSave();
    expect(await screen.findByText('The stock list could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('Market data unavailable')).toBeInTheDocument();
    // The error panel says it; no toast repeats it.
    expect(toasts()).toEqual([]);
  });
});

describe('/edit-picks', () => {
  it('starts from the saved picks and reviews a change without a team selector', async () => {
    serve(
      makeContest({ affiliations: ['Bulls'], isTeamCollaboration: true }),
      makeContestUser({ joined: true, picks: ['MSFT', 'XOM'], affiliation: 'Bulls' }),
    );
    const { user } = renderEditPicks();
    expect(await screen.findByRole('checkbox', { name: 'Pick MSFT' })).toBeChecked();
    expect(box('XOM')).toBeChecked();
    expect(screen.queryByRole('radiogroup', { name: 'Your team' })).not.toBeInTheDocument();
    await user.click(box('XOM'));
    await user.click(box('AAPL'));
    await user.click(screen.getByRole('button', { name: 'Review picks' }));
    expect(JSON.parse(sessionStorage.getItem('bullpen:picks-draft:c-1') ?? 'null')).toMatchObject({
      mode: 'change',
      picks: ['MSFT', 'AAPL'],
    });
  });

  it('explains when the caller is not a participant', async () => {
    serve();
    renderEditPicks();
    expect(await screen.findByText('You have not joined this contest')).toBeInTheDocument();
  });
});

describe('/confirm-save-picks', () => {
  const draft = { contestId: 'c-1', mode: 'join' as const, picks: ['AAPL', 'MSFT'], affiliation: null };

  it('shows the planned allocation: equal split, whole shares at today’s price, remainder cash', async () => {
    serve();
    renderConfirm({ draft });
    const table = await screen.findByRole('table', { name: 'Planned allocation' });
    const [aapl, msft] = within(table).getAllByRole('row').slice(1, 3) as HTMLElement[];
    expect(within(aapl as HTMLElement).getByText('262')).toBeInTheDocument();
    expect(within(aapl as HTMLElement).getByText('$49,876.94')).toBeInTheDocument();
    expect(within(msft as HTMLElement).getByText('121')).toBeInTheDocument();
    expect(screen.getByTestId('invested')).toHaveTextContent('$99,634.56');
    expect(screen.getByTestId('cash-left')).toHaveTextContent('$365.44');
    expect(screen.getByText(/\$50,000\.00 per pick/)).toBeInTheDocument();
    expect(await screen.findByText('Simulated prices')).toBeInTheDocument();
  });

  it('holds each pick to a position cap below the equal split, and says the rest stays as cash', async () => {
    const capped = makeContest({
      rules: { shortSelling: false, commission: { perTrade: 0, perShare: 0 }, maxPositionPct: 25 },
    });
    serve(capped);
    renderConfirm({ draft });
    const table = await screen.findByRole('table', { name: 'Planned allocation' });
    const [aapl] = within(table).getAllByRole('row').slice(1, 2) as HTMLElement[];
    // $25,000 at $190.37 buys 131 shares ($24,938.47), not the equal split's 262.
    expect(within(aapl as HTMLElement).getByText('131')).toBeInTheDocument();
    expect(
      screen.getByText(/The 25% position cap holds each pick to \$25,000\.00 of your \$100,000\.00/),
    ).toBeInTheDocument();
    expect(screen.queryByText(/split equally/)).not.toBeInTheDocument();
    expect(Number(screen.getByTestId('cash-left').textContent?.replace(/[$,]/g, ''))).toBeGreaterThan(50_000);
  });

  it('warns before confirming a pick that buys zero shares, with the budget of each pick, and leads back to choose another', async () => {
    serve(smallCash, makeContestUser(), withBkng);
    const { user } = renderConfirm({ draft: { ...draft, picks: ['AAPL', 'BKNG'] } });
    const table = await screen.findByRole('table', { name: 'Planned allocation' });
    const bkng = within(table).getByRole('rowheader', { name: 'BKNG' }).closest('tr') as HTMLElement;
    expect(within(bkng).getByText('0')).toBeInTheDocument();
    const warning = screen.getByText('BKNG would buy no shares').closest('[role="note"]') as HTMLElement;
    expect(warning).toHaveTextContent(
      'Each pick gets $500.00 of your $1,000.00, and BKNG costs $4,196.00 a share: that cash would stay unspent for the whole contest.',
    );
    await user.click(within(warning).getByRole('link', { name: 'Choose another stock' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/save-picks/c-1');
  });

  it('says nothing of the kind when every pick buys shares', async () => {
    serve();
    renderConfirm({ draft });
    await screen.findByRole('table', { name: 'Planned allocation' });
    expect(screen.queryByText(/would buy no shares/)).not.toBeInTheDocument();
  });

  it('keeps the selection across a reload through sessionStorage', async () => {
    serve();
    sessionStorage.setItem('bullpen:picks-draft:c-1', JSON.stringify({ ...draft, picks: ['XOM', 'JPM'] }));
    renderConfirm();
    const table = await screen.findByRole('table', { name: 'Planned allocation' });
    expect(within(table).getByRole('rowheader', { name: 'XOM' })).toBeInTheDocument();
    expect(within(table).getByRole('rowheader', { name: 'JPM' })).toBeInTheDocument();
  });

  it('joins with the picks and team, toasts success and goes to the contest', async () => {
    serve(makeContest({ affiliations: ['Bulls', 'Bears'], isTeamCollaboration: true }));
    server.use(
      http.post(`${API}/contest/join-contest`, () =>
        reply({ data: makeContestUser({ joined: true, picks: ['AAPL', 'MSFT'], affiliation: 'Bulls' }) }),
      ),
    );
    sessionStorage.setItem('bullpen:picks-draft:c-1', JSON.stringify({ ...draft, affiliation: 'Bulls' }));
    const { user } = renderConfirm();
    expect(await screen.findByText('Bulls')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirm and join' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/contest-detail/c-1');
    expect(sent('/contest/join-contest')[0]?.body).toEqual({
      contestId: 'c-1',
      picks: ['AAPL', 'MSFT'],
      affiliation: 'Bulls',
    });
    expect(toasts()).toContainEqual(
      expect.objectContaining({ kind: 'success', message: 'You joined “Spring Sprint”' }),
    );
    expect(sessionStorage.getItem('bullpen:picks-draft:c-1')).toBeNull();
  });

  it('changes picks for a participant (no affiliation sent)', async () => {
    serve();
    server.use(
      http.post(`${API}/contest/change-picks`, () =>
        reply({ data: makeContestUser({ joined: true, picks: ['XOM', 'JPM'] }) }),
      ),
    );
    const { user } = renderConfirm({ draft: { ...draft, mode: 'change', picks: ['XOM', 'JPM'] } });
    await user.click(await screen.findByRole('button', { name: 'Confirm new picks' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/contest-detail/c-1');
    expect(sent('/contest/change-picks')[0]?.body).toEqual({ contestId: 'c-1', picks: ['XOM', 'JPM'] });
    expect(toasts()).toContainEqual(expect.objectContaining({ kind: 'success', message: 'Your picks were saved' }));
  });

  it('shows the server’s message and keeps the button when saving fails for a reason that may pass', async () => {
    serve();
    server.use(http.post(`${API}/contest/join-contest`, () => apiError(503, 'Database unavailable')));
    const { user } = renderConfirm({ draft });
    await user.click(await screen.findByRole('button', { name: 'Confirm and join' }));
    expect(await screen.findByRole('button', { name: 'Confirm and join' })).toBeEnabled();
    expect(toasts()).toContainEqual(expect.objectContaining({ kind: 'error', message: 'Database unavailable' }));
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  });

  it.each([
    ['active', 'live', 'Go to the contest', '/contest-detail/c-1'],
    ['completed', 'completed', 'See the final standings', '/contest-completed/c-1'],
    ['cancelled', 'cancelled', 'Go to the contest', '/contest-detail/c-1'],
  ] as const)(
    'of a %s contest says picks are locked and offers no picks to choose, with or without a selection',
    async (status, label, action, href) => {
      serve(makeContest({ status }));
      const { unmount } = renderConfirm();
      expect(await screen.findByText(`Picks are locked: the contest is ${label}`)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: action })).toHaveAttribute('href', href);
      expect(screen.queryByRole('link', { name: 'Choose picks' })).not.toBeInTheDocument();
      unmount();
      renderConfirm({ draft });
      expect(await screen.findByText(`Picks are locked: the contest is ${label}`)).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Confirm and join' })).not.toBeInTheDocument();
    },
  );

  /** The contest as get-contest answers before the refusal, then after it. */
  function refuse(message: string, after: Contest) {
    let refused = false;
    server.use(
      http.post(`${API}/contest/get-contest`, () => reply({ contest: refused ? after : makeContest() })),
      http.post(`${API}/contest/join-contest`, () => {
        refused = true;
        return apiError(409, message);
      }),
      http.post(`${API}/contest/change-picks`, () => {
        refused = true;
        return apiError(409, message);
      }),
    );
  }
  const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

  it('says in place, not in a toast over the button, that the contest started while confirming, and leads to the live view', async () => {
    serve();
    refuse(
      'The contest is live; this is possible only before it starts',
      makeContest({ status: 'active', startsAt: ago(1) }),
    );
    const { user } = renderConfirm({ draft });
    await user.click(await screen.findByRole('button', { name: 'Confirm and join' }));
    const alert = await screen.findByRole('alert');
    expect(await within(alert).findByText('The contest has started: picks are locked')).toBeInTheDocument();
    expect(within(alert).getByText(/before you joined, so you are not playing in it/)).toBeInTheDocument();
    expect(within(alert).getByRole('link', { name: 'Watch it live' })).toHaveAttribute('href', '/live-contest/c-1');
    expect(within(alert).getByRole('link', { name: 'Back to the contest' })).toHaveAttribute(
      'href',
      '/contest-detail/c-1',
    );
    // No button left that can only fail again, and nothing covering the way on.
    expect(screen.queryByRole('button', { name: 'Confirm and join' })).not.toBeInTheDocument();
    expect(toasts()).toEqual([]);
    expect(alert).toHaveFocus();
  });

  it('says the contest has started at once, without waiting for the contest to be read again', async () => {
    serve();
    let refused = false;
    server.use(
      http.post(`${API}/contest/get-contest`, () =>
        refused ? new Promise<never>(() => {}) : reply({ contest: makeContest() }),
      ),
      http.post(`${API}/contest/join-contest`, () => {
        refused = true;
        return apiError(409, 'The contest has started; this is possible only before it starts');
      }),
    );
    const { user } = renderConfirm({ draft });
    await user.click(await screen.findByRole('button', { name: 'Confirm and join' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The contest has started: picks are locked')).toBeInTheDocument();
    expect(within(alert).getByRole('link', { name: 'Watch it live' })).toHaveAttribute('href', '/live-contest/c-1');
  });

  it('says that the contest filled up, and leads to other contests or back to it', async () => {
    serve();
    refuse('The contest is full', makeContest({ participantsCount: 20, maxParticipants: 20 }));
    const { user } = renderConfirm({ draft });
    await user.click(await screen.findByRole('button', { name: 'Confirm and join' }));
    const alert = await screen.findByRole('alert');
    expect(await within(alert).findByText('This contest is full')).toBeInTheDocument();
    expect(within(alert).getByRole('link', { name: 'Find another contest' })).toHaveAttribute('href', '/home');
    expect(within(alert).getByRole('link', { name: 'Back to the contest' })).toHaveAttribute(
      'href',
      '/contest-detail/c-1',
    );
    expect(screen.queryByRole('button', { name: 'Confirm and join' })).not.toBeInTheDocument();
    expect(toasts()).toEqual([]);
  });

  it('says that new picks came too late and that the earlier ones stand', async () => {
    serve();
    refuse(
      'The contest is live; this is possible only before it starts',
      makeContest({ status: 'active', startsAt: ago(1) }),
    );
    const { user } = renderConfirm({ draft: { ...draft, mode: 'change' } });
    await user.click(await screen.findByRole('button', { name: 'Confirm new picks' }));
    const alert = await screen.findByRole('alert');
    expect(await within(alert).findByText(/your earlier picks stand/)).toBeInTheDocument();
    expect(within(alert).getByRole('link', { name: 'Go to the live contest' })).toHaveAttribute(
      'href',
      '/live-contest/c-1',
    );
  });

  it('sends the user back to choose when there is no selection', async () => {
    serve();
    renderConfirm();
    expect(await screen.findByText('No picks to confirm')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Choose picks' })).toHaveAttribute('href', '/save-picks/c-1');
  });
});

describe('searching every listed stock', () => {
  // A market of thousands in miniature: the default list is the shipped table (EQUITIES); PLTR is listed only.
  const pltr: Equity = {
    ...(EQUITIES[0] as Equity),
    symbol: 'PLTR',
    name: 'Palantir Technologies Inc.',
    sector: 'Unclassified',
    price: 171.2,
    asOf: '2030-01-07T20:44:00.000Z',
    stale: true,
  };
  const listed = [...EQUITIES, pltr];
  const serveMarket = () => {
    serve();
    server.use(
      equityMarket(
        listed,
        EQUITIES.map((e) => e.symbol),
      ),
    );
  };

  it('finds a stock outside the default list as the user types and picks it from the keyboard', async () => {
    serveMarket();
    const { user } = renderSave();
    await screen.findByRole('checkbox', { name: 'Pick AAPL' });
    const search = screen.getByRole('combobox', { name: 'Search' });
    await user.type(search, 'pal');
    const list = await screen.findByRole('listbox', { name: 'Matching stocks' });
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['PLTR Palantir Technologies Inc.$171.20 · stale']);
    // Searched on the server, a few at a time: never the whole market.
    expect(sent('/equity/get-equities').map((r) => r.body)).toContainEqual({ query: 'pal', limit: 8 });
    await user.keyboard('{ArrowDown}{Enter}');
    expect(screen.getByTestId('pick-counter')).toHaveTextContent('1 / 2 selected');
    expect(within(screen.getByRole('list', { name: 'Your picks' })).getByText('PLTR')).toBeInTheDocument();
    // The search is cleared for the next one, and the pick joins the table, marked stale.
    expect(search).toHaveValue('');
    expect(box('PLTR')).toBeChecked();
    expect(within(box('PLTR').closest('tr') as HTMLElement).getByText('Stale')).toBeInTheDocument();

    await user.type(search, 'ms');
    await screen.findByRole('option', { name: /^MSFT/ });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox', { name: 'Matching stocks' })).not.toBeInTheDocument();
    expect(search).toHaveValue('ms');
    await user.keyboard('{Escape}');
    expect(search).toHaveValue('');
    await user.type(search, 'zzz');
    expect(await screen.findByText('No listed stock starts with “zzz”')).toBeInTheDocument();
  });

  it('prices a pick outside the default list on the confirm screen, read by symbol', async () => {
    serveMarket();
    renderConfirm({ draft: { contestId: 'c-1', mode: 'join', picks: ['AAPL', 'PLTR'], affiliation: null } });
    const table = await screen.findByRole('table', { name: 'Planned allocation' });
    expect(within(table).getByText('PLTR')).toBeInTheDocument();
    expect(within(table).getByText('292')).toBeInTheDocument(); // $50,000 / $171.20, whole shares
    expect(sent('/equity/get-equities').map((r) => r.body)).toContainEqual({ symbols: ['PLTR'] });
  });

  it('on a real market, says where prices come from and its state beside the stocks', async () => {
    serveMarket();
    server.use(
      http.get(`${API}/market/status`, () =>
        reply({
          ...SIMULATED_MARKET,
          feed: 'massive',
          label: 'Prices delayed 15 min · Massive',
          delayMinutes: 15,
          open: false,
          nextOpenAt: '2030-01-07T14:30:00.000Z',
        }),
      ),
    );
    renderSave();
    expect(await screen.findByText('Prices delayed 15 min · Massive')).toBeInTheDocument();
    expect(screen.getByText('Closed · opens Mon Jan 7 9:30 AM ET')).toBeInTheDocument();
    expect(screen.queryByText('Simulated prices')).not.toBeInTheDocument();
  });
});
