import { useToastStore } from '@bullpen/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { API, contest, controlledStream, equity, equityMarket, me, SIMULATED_MARKET } from './fixtures';
import { renderAt, server } from './render';

const orders: { body: unknown; key: string | null }[] = [];
let state = me();

/** A fake market that remembers what an accepted order changed, as the real API does. */
function market(answer: (body: { side: string; quantity: number; symbol: string }) => Response) {
  orders.length = 0;
  state = me();
  server.use(
    http.post(`${API}/contest/get-contest`, () => HttpResponse.json({ contest: contest() })),
    http.get(`${API}/contest-user/c1`, () => HttpResponse.json({ data: state })),
    http.post(`${API}/equity/get-equities`, () =>
      HttpResponse.json({
        equities: [
          equity('AAPL', 210, 'Apple Inc.'),
          equity('MSFT', 420.83, 'Microsoft'),
          equity('NVDA', 333.33, 'NVIDIA'),
        ],
      }),
    ),
    http.get(`${API}/equity/:symbol/history`, ({ params }) => HttpResponse.json({ symbol: params.symbol, points: [] })),
    http.get(`${API}/contest/active/c1/portfolio-history`, () => HttpResponse.json({ points: [] })),
    http.get(`${API}/contest/active/c1`, () =>
      HttpResponse.json({ contest: contest(), standings: [], teams: [], total: 0, asOf: new Date().toISOString() }),
    ),
    http.get(`${API}/contest/active/c1/events`, () => new HttpResponse(null, { status: 503 })),
    http.get(`${API}/contest/c1/orders`, () => HttpResponse.json({ orders: [] })),
    http.post(`${API}/contest/trading`, async ({ request }) => {
      const body = (await request.json()) as { side: string; quantity: number; symbol: string };
      orders.push({ body, key: request.headers.get('idempotency-key') });
      const response = answer(body);
      if (response.ok) {
        const { data } = await response.clone().json();
        state = { ...state, portfolio: data.portfolio, trades: [data.trade, ...state.trades] };
      }
      return response;
    }),
  );
}

async function chooseSymbol(text: string, symbol: string) {
  await userEvent.type(await screen.findByLabelText('Symbol'), text);
  // Matches come from the server's search as the user types: an option of the list under the field.
  await userEvent.click(await screen.findByRole('option', { name: new RegExp(`^${symbol}`) }));
}

it('shows the portfolio, positions, buying power and the simulated-prices label', async () => {
  market(() => HttpResponse.json({}));
  renderAt('/trading/c1');
  expect(await screen.findByRole('heading', { name: 'Trading' })).toBeInTheDocument();
  expect(await screen.findByText('Simulated prices')).toBeInTheDocument();
  const summary = screen.getByLabelText('My summary');
  expect(within(summary).getByText('Value').nextSibling).toHaveTextContent('$10,250.00');
  expect(within(summary).getByText('Return').nextSibling).toHaveTextContent('+2.50%');
  expect(screen.getByText('Buying power').nextSibling).toHaveTextContent('$1,000.00');
  expect(screen.getByRole('table', { name: 'My positions' })).toHaveTextContent('AAPL');
});

it('colours a return and a price change that round to 0.00% as flat, not as a loss or a gain', async () => {
  market(() => HttpResponse.json({}));
  const portfolio = me().portfolio;
  if (!portfolio) throw new Error('the fixture has a portfolio');
  state = me({ portfolio: { ...portfolio, value: 9_999.6, returnPct: -0.00004 } });
  server.use(
    http.post(`${API}/equity/get-equities`, () =>
      HttpResponse.json({ equities: [{ ...equity('AAPL', 210, 'Apple Inc.'), changePct: 0.00003 }] }),
    ),
  );
  const { container } = renderAt('/trading/c1');
  const summary = await screen.findByLabelText('My summary');
  const shown = within(summary).getByText('0.00%');
  expect(shown).toHaveClass('bp-trend--flat');
  const quote = await waitFor(() => {
    const element = container.querySelector<HTMLElement>('.bp-quote__price');
    if (!element) throw new Error('no quote yet');
    return element;
  });
  expect(within(quote).getByText('0.00%')).toHaveClass('bp-trend--flat');
});

it('computes the amount, the max buy from cash and the max sell from holdings, and refuses too much', async () => {
  market(() => HttpResponse.json({}));
  renderAt('/trading/c1');
  await chooseSymbol('nvid', 'NVDA');
  const quantity = screen.getByLabelText('Quantity (shares)');
  await userEvent.click(screen.getByRole('button', { name: 'Max' }));
  expect(quantity).toHaveValue('3');
  expect(screen.getByText('Estimated amount').nextSibling).toHaveTextContent('$999.99');
  await userEvent.clear(quantity);
  await userEvent.type(quantity, '4');
  expect(screen.getByText('Not enough buying power')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Review order' })).toBeDisabled();

  await userEvent.click(screen.getByRole('button', { name: 'AAPL' }));
  await userEvent.click(screen.getByLabelText('Sell'));
  await userEvent.click(screen.getByRole('button', { name: 'Max' }));
  expect(quantity).toHaveValue('20');
  await userEvent.type(quantity, '1');
  expect(screen.getByText('You hold 20 shares')).toBeInTheDocument();
});

it('right after a buy, the fresh ticket shows no error until something is typed', async () => {
  market((body) =>
    HttpResponse.json({
      data: {
        trade: {
          _id: 't1',
          contestId: 'c1',
          symbol: body.symbol,
          side: body.side,
          quantity: body.quantity,
          price: 333.33,
          amount: 999.99,
          executedAt: new Date().toISOString(),
        },
        portfolio: { ...me().portfolio, cash: 0.01 },
      },
    }),
  );
  renderAt('/trading/c1');
  await chooseSymbol('nvid', 'NVDA');
  await userEvent.click(screen.getByRole('button', { name: 'Max' }));
  await userEvent.click(screen.getByRole('button', { name: 'Review order' }));
  await userEvent.click(screen.getByRole('button', { name: 'Confirm buy' }));
  await waitFor(() => expect(screen.getByText('Buying power').nextSibling).toHaveTextContent('$0.01'));
  const quantity = screen.getByLabelText('Quantity (shares)');
  expect(quantity).toHaveValue('1');
  expect(quantity).not.toHaveAttribute('aria-invalid');
  expect(screen.queryByText('Not enough buying power')).not.toBeInTheDocument();
  // Typing, or asking to review, says it.
  await userEvent.click(screen.getByRole('button', { name: 'Review order' }));
  expect(screen.getByText('Not enough buying power')).toBeInTheDocument();
  expect(quantity).toHaveAttribute('aria-invalid', 'true');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

it.each(['1.5', '-1', '1e3', 'abc', ''])(
  'keeps "%s" as typed and says what is wrong instead of rewriting it',
  async (typed) => {
    market(() => HttpResponse.json({}));
    renderAt('/trading/c1');
    await chooseSymbol('AAP', 'AAPL');
    const quantity = screen.getByLabelText('Quantity (shares)');
    await userEvent.clear(quantity);
    if (typed) await userEvent.type(quantity, typed);
    expect(quantity).toHaveValue(typed);
    expect(quantity).toHaveAttribute('aria-invalid', 'true');
    expect(quantity).toHaveAccessibleDescription('Enter a whole number of shares');
    expect(screen.getByRole('button', { name: 'Review order' })).toBeDisabled();
    expect(screen.getByText('Estimated amount').nextSibling).toHaveTextContent('$0.00');
  },
);

it('confirms before sending, sends one Idempotency-Key per order, and shows the result', async () => {
  market((body) =>
    HttpResponse.json({
      data: {
        trade: {
          _id: 't1',
          contestId: 'c1',
          symbol: body.symbol,
          side: body.side,
          quantity: body.quantity,
          price: 210.05,
          amount: 420.1,
          executedAt: new Date().toISOString(),
        },
        portfolio: { ...me().portfolio, cash: 579.9 },
      },
    }),
  );
  renderAt('/trading/c1');
  await chooseSymbol('AAP', 'AAPL');
  await userEvent.clear(screen.getByLabelText('Quantity (shares)'));
  await userEvent.type(screen.getByLabelText('Quantity (shares)'), '2');
  await userEvent.click(screen.getByRole('button', { name: 'Review order' }));
  expect(screen.getByRole('dialog')).toHaveTextContent('Buy 2 AAPL at about $210.00 for about $420.00?');
  expect(orders).toEqual([]);
  await userEvent.click(screen.getByRole('button', { name: 'Confirm buy' }));
  await waitFor(() =>
    expect(useToastStore.getState().toasts.map((t) => t.message)).toEqual(['Bought 2 AAPL at $210.05']),
  );
  expect(orders).toHaveLength(1);
  expect(orders[0]?.body).toEqual({ contestId: 'c1', symbol: 'AAPL', side: 'buy', quantity: 2 });
  expect(orders[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
  expect(await screen.findByRole('table', { name: 'Trade history' })).toHaveTextContent('AAPL');
  expect(screen.getByText('Buying power').nextSibling).toHaveTextContent('$579.90');
});

it("shows the server's refusal as an error toast and changes nothing", async () => {
  market(() => HttpResponse.json({ errMessage: 'Not enough cash', errors: [] }, { status: 409 }));
  renderAt('/trading/c1');
  await chooseSymbol('AAP', 'AAPL');
  await userEvent.click(screen.getByRole('button', { name: 'Review order' }));
  await userEvent.click(screen.getByRole('button', { name: 'Confirm buy' }));
  await waitFor(() =>
    expect(useToastStore.getState().toasts.map((t) => [t.kind, t.message])).toEqual([['error', 'Not enough cash']]),
  );
  expect(screen.getByText('Buying power').nextSibling).toHaveTextContent('$1,000.00');
  expect(screen.getByText('No trades yet.')).toBeInTheDocument();
});

it('keeps the keyboard focus in the ticket: the field after a match, the review when it opens, Review order after', async () => {
  market(() => HttpResponse.json({ errMessage: 'Not enough cash', errors: [] }, { status: 409 }));
  renderAt('/trading/c1');
  const search = await screen.findByLabelText('Symbol', undefined, { timeout: 5_000 });
  expect(search).toHaveRole('combobox');
  await userEvent.type(search, 'AAP');
  const list = await screen.findByRole('listbox', { name: 'Matching symbols' });
  expect(search).toHaveAttribute('aria-expanded', 'true');
  // The arrows highlight a match while the focus stays in the field; Enter chooses it.
  await userEvent.keyboard('{ArrowDown}');
  const aapl = within(list).getByRole('option', { name: /^AAPL/ });
  expect(aapl).toHaveAttribute('aria-selected', 'true');
  expect(search).toHaveAttribute('aria-activedescendant', aapl.id);
  expect(search).toHaveFocus();
  await userEvent.keyboard('{Enter}');
  expect(screen.queryByRole('listbox', { name: 'Matching symbols' })).not.toBeInTheDocument();
  expect(within(screen.getByRole('region', { name: 'Place an order' })).getByText('AAPL')).toBeInTheDocument();
  expect(search).toHaveFocus();

  screen.getByRole('button', { name: 'Review order' }).focus();
  await userEvent.keyboard('{Enter}');
  expect(screen.getByRole('dialog')).toHaveFocus();
  await userEvent.tab();
  expect(screen.getByRole('button', { name: 'Back' })).toHaveFocus();
  await userEvent.keyboard('{Enter}');
  expect(screen.getByRole('button', { name: 'Review order' })).toHaveFocus();

  await userEvent.keyboard('{Enter}');
  screen.getByRole('button', { name: 'Confirm buy' }).focus();
  await userEvent.keyboard('{Enter}');
  await waitFor(() => expect(screen.getByRole('button', { name: 'Review order' })).toHaveFocus());
}, 20_000);

it('tells a non-participant that only players can trade', async () => {
  market(() => HttpResponse.json({}));
  server.use(
    http.get(`${API}/contest-user/c1`, () =>
      HttpResponse.json({ data: me({ joined: false, portfolio: null, rank: null }) }),
    ),
  );
  renderAt('/trading/c1');
  expect(await screen.findByText('Only players of this contest can trade in it.')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'See the leaderboard' })).toHaveAttribute('href', '/live-contest/c1');
});

it('follows each tick on the stream: the positions and the ticket show the same new price', async () => {
  market(() => HttpResponse.json({}));
  const tick = '2026-11-22T10:00:05.000Z';
  const stream = controlledStream();
  server.use(http.get(`${API}/contest/active/c1/events`, stream.response));
  renderAt('/trading/c1');
  const positions = await screen.findByRole('table', { name: 'My positions' });
  expect(within(positions).getByRole('row', { name: /AAPL/ })).toHaveTextContent('$210.00');
  // A tick moves AAPL from $210 to $215: the API now values the portfolio at it, and the stream announces it.
  const [aapl, msft] = me().portfolio?.positions ?? [];
  state = me({
    portfolio: {
      cash: 1_000,
      reservedCash: 0,
      value: 10_350,
      returnPct: 0.035,
      positions: [{ ...aapl, price: 215, value: 4_300 } as never, msft as never],
    },
  });
  stream.send('standings', { contestId: 'c1', standings: [], teams: [], total: 0, asOf: tick });
  stream.send('prices', { prices: [{ symbol: 'AAPL', price: 215, changePct: 0.01 }], asOf: tick });
  await waitFor(() => expect(within(positions).getByRole('row', { name: /AAPL/ })).toHaveTextContent('$215.00'));
  expect(within(screen.getByLabelText('My summary')).getByText('Value').nextSibling).toHaveTextContent('$10,350.00');
});

describe('the symbol field searches every listed stock on the server', () => {
  // A market of thousands in miniature: the default list is the shipped table (AAPL, MSFT, NVDA); PLTR is listed only.
  const listed = [
    equity('AAPL', 210, 'Apple Inc.'),
    equity('MSFT', 420.83, 'Microsoft'),
    equity('NVDA', 333.33, 'NVIDIA'),
    { ...equity('PLTR', 171.2, 'Palantir Technologies Inc.'), asOf: '2030-01-07T20:44:00.000Z', stale: true },
    equity('PANW', 190, 'Palo Alto Networks'),
  ];
  const delayed = () =>
    server.use(
      http.get(`${API}/market/status`, () =>
        HttpResponse.json({
          ...SIMULATED_MARKET,
          feed: 'massive',
          label: 'Prices delayed 15 min · Massive',
          delayMinutes: 15,
          session: { opensAt: '2030-01-07T14:30:00.000Z', closesAt: '2030-01-07T21:00:00.000Z' },
          nextOpenAt: '2030-01-08T14:30:00.000Z',
        }),
      ),
    );

  it('finds a stock outside the default list as the user types, and quotes it with its time and a stale mark', async () => {
    market(() => HttpResponse.json({}));
    const equities = equityMarket(listed, ['AAPL', 'MSFT', 'NVDA']);
    server.use(http.post(`${API}/equity/get-equities`, equities.answer));
    delayed();
    renderAt('/trading/c1');
    const search = await screen.findByLabelText('Symbol', undefined, { timeout: 5_000 });
    await userEvent.type(search, 'pal');
    const list = await screen.findByRole('listbox', { name: 'Matching symbols' });
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      expect.stringMatching(/^PLTR Palantir Technologies Inc\.\$171\.20 · stale$/),
      expect.stringMatching(/^PANW Palo Alto Networks\$190\.00$/),
    ]);
    // Searched on the server, a few at a time: never the whole market.
    expect(equities.sent).toContainEqual({ query: 'pal', limit: 8 });
    expect(equities.sent.every((body) => body.query === undefined || body.limit === 8)).toBe(true);
    await userEvent.keyboard('{ArrowDown}{Enter}');
    const ticket = within(screen.getByRole('region', { name: 'Place an order' }));
    // Its price is read by symbol, and shown with its own time and the feed's word that it is stale.
    expect((await ticket.findAllByText('$171.20')).length).toBeGreaterThan(0);
    expect(equities.sent).toContainEqual({ symbols: ['PLTR'] });
    expect(ticket.getByText(/^as of (Jan 7, )?3:44 PM ET$/)).toBeInTheDocument();
    expect(ticket.getByText('Stale')).toBeInTheDocument();
  }, 20_000);

  it('Escape closes the list, and again clears the field; no match says so', async () => {
    market(() => HttpResponse.json({}));
    server.use(http.post(`${API}/equity/get-equities`, equityMarket(listed, ['AAPL', 'MSFT', 'NVDA']).answer));
    renderAt('/trading/c1');
    const search = await screen.findByLabelText('Symbol', undefined, { timeout: 5_000 });
    await userEvent.type(search, 'ms');
    await screen.findByRole('listbox', { name: 'Matching symbols' });
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('listbox', { name: 'Matching symbols' })).not.toBeInTheDocument();
    expect(search).toHaveValue('ms');
    await userEvent.keyboard('{Escape}');
    expect(search).toHaveValue('');
    await userEvent.type(search, 'zzz');
    expect(await screen.findByText('No listed stock starts with “zzz”')).toBeInTheDocument();
    // With the simulator a price shows no time and no stale mark: as it always has.
    await userEvent.clear(search);
    await userEvent.type(search, 'AAPL');
    await userEvent.keyboard('{Enter}');
    const ticket = within(screen.getByRole('region', { name: 'Place an order' }));
    expect((await ticket.findAllByText('$210.00')).length).toBeGreaterThan(0);
    expect(ticket.queryByText(/^as of/)).not.toBeInTheDocument();
    expect(ticket.queryByText('Stale')).not.toBeInTheDocument();
  }, 20_000);
});
