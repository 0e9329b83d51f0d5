import { useToastStore } from '@bullpen/shared';
import { type ContestUser, type MarketStatusResponse, nextOpenWords, type Order } from '@bullpen/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { API, contest, equity, me } from './fixtures';
import { renderAt, server } from './render';

// Market orders that wait (API.md "Market orders that wait"), as a player sees them: on a delayed feed the ticket says
// at which price a market order fills and when it is shown; a 202 answer says the order waits and why; Open orders
// lists it as pending with its reason and a Cancel; where the market has sessions, orders can be good for the day.

const SIMULATOR: MarketStatusResponse = {
  feed: 'simulated',
  label: 'Simulated prices',
  delayMinutes: 0,
  open: true,
  session: null,
  nextOpenAt: null,
  timeZone: 'America/New_York',
};
const DELAYED_OPEN: MarketStatusResponse = {
  feed: 'massive',
  label: 'Prices delayed 15 min · Massive',
  delayMinutes: 15,
  open: true,
  session: { opensAt: '2026-11-23T14:30:00.000Z', closesAt: '2026-11-23T21:00:00.000Z' },
  nextOpenAt: '2026-11-24T14:30:00.000Z',
  timeZone: 'America/New_York',
};
const CLOSED: MarketStatusResponse = {
  ...DELAYED_OPEN,
  delayMinutes: 0,
  open: false,
  session: null,
};

let state: ContestUser = me();
let orders: Order[] = [];
const sent: { path: string; body: Record<string, unknown> }[] = [];
let statusReads = 0;

function api(status: MarketStatusResponse, reason = 'Waiting for the delayed price') {
  state = me();
  orders = [];
  sent.length = 0;
  statusReads = 0;
  const portfolio = () => state.portfolio;
  server.use(
    http.get(`${API}/market/status`, () => {
      statusReads += 1;
      return HttpResponse.json(status);
    }),
    http.post(`${API}/contest/get-contest`, () => HttpResponse.json({ contest: contest() })),
    http.get(`${API}/contest-user/c1`, () => HttpResponse.json({ data: state })),
    http.post(`${API}/equity/get-equities`, () =>
      HttpResponse.json({
        equities: [equity('AAPL', 190, 'Apple Inc.'), equity('MSFT', 420.83, 'Microsoft')],
        market: { label: status.label, timeScale: 1 },
      }),
    ),
    http.get(`${API}/equity/:symbol/history`, ({ params }) => HttpResponse.json({ symbol: params.symbol, points: [] })),
    http.get(`${API}/contest/active/c1/portfolio-history`, () => HttpResponse.json({ points: [] })),
    http.get(`${API}/contest/active/c1`, () =>
      HttpResponse.json({ contest: contest(), standings: [], teams: [], total: 0, asOf: new Date().toISOString() }),
    ),
    http.get(`${API}/contest/active/c1/events`, () => new HttpResponse(null, { status: 503 })),
    http.get(`${API}/contest/c1/orders`, () => HttpResponse.json({ orders })),
    // The server's answers: a market order waits (202) unless the market is the simulator's.
    http.post(`${API}/contest/trading`, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.push({ path: '/contest/trading', body });
      const quantity = body.quantity as number;
      const waiting: Order = {
        _id: `o${orders.length + 1}`,
        contestId: 'c1',
        symbol: body.symbol as string,
        side: body.side as Order['side'],
        quantity,
        type: 'market',
        limitPrice: null,
        stopPrice: null,
        status: 'pending',
        createdAt: new Date().toISOString(),
        updatedAt: new Date().toISOString(),
        fill: null,
        reason,
        trailAmount: null,
        trailPercent: null,
        expiresAt: contest().endsAt,
        timeInForce: (body.timeInForce as Order['timeInForce']) ?? 'gtc',
      };
      orders = [waiting, ...orders];
      const held = quantity * 190;
      state = { ...state, portfolio: state.portfolio && { ...state.portfolio, reservedCash: held } };
      return HttpResponse.json({ data: { order: waiting, portfolio: portfolio() } }, { status: 202 });
    }),
    http.post(`${API}/contest/orders`, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.push({ path: '/contest/orders', body });
      const created: Order = {
        _id: `o${orders.length + 1}`,
        contestId: 'c1',
        symbol: body.symbol as string,
        side: body.side as Order['side'],
        quantity: body.quantity as number,
        type: body.type as Order['type'],
        limitPrice: (body.limitPrice as number | undefined) ?? null,
        stopPrice: null,
        status: 'open',
        createdAt: new Date().toISOString(),
        updatedAt: new Date().toISOString(),
        fill: null,
        reason: null,
        timeInForce: (body.timeInForce as Order['timeInForce']) ?? 'gtc',
      };
      orders = [created, ...orders];
      return HttpResponse.json({ data: { order: created, portfolio: portfolio() } });
    }),
    http.post(`${API}/contest/orders/cancel`, async ({ request }) => {
      const { orderId } = (await request.json()) as { orderId: string };
      orders = orders.map((o) => (o._id === orderId ? { ...o, status: 'cancelled' as const, reason: null } : o));
      state = { ...state, portfolio: state.portfolio && { ...state.portfolio, reservedCash: 0 } };
      return HttpResponse.json({ data: { order: orders.find((o) => o._id === orderId), portfolio: portfolio() } });
    }),
  );
}

async function chooseSymbol(text: string, symbol: string) {
  await userEvent.type(await screen.findByLabelText('Symbol'), text);
  const matches = await screen.findByRole('listbox', { name: 'Matching symbols' });
  await userEvent.click(within(matches).getByRole('option', { name: new RegExp(`^${symbol}`) }));
}

async function setQuantity(value: string) {
  const quantity = screen.getByLabelText('Quantity (shares)');
  await userEvent.clear(quantity);
  await userEvent.type(quantity, value);
}

const toasts = () => useToastStore.getState().toasts.map((t) => [t.kind, t.message]);

it('on a delayed feed the ticket says a market order fills at the price of the moment it was placed', async () => {
  api(DELAYED_OPEN);
  renderAt('/trading/c1');
  await chooseSymbol('AAP', 'AAPL');
  await waitFor(() =>
    expect(screen.getByLabelText('Order type')).toHaveAccessibleDescription(
      'Fills at the market price at the time you placed it — shown in about 15 minutes',
    ),
  );
  await userEvent.click(screen.getByRole('button', { name: 'Review order' }));
  expect(screen.getByRole('dialog')).toHaveTextContent(
    'Fills at the market price at the time you placed it — shown in about 15 minutes.',
  );
  expect(screen.getByRole('dialog')).not.toHaveTextContent('Market orders fill at the price when they arrive.');
});

it('a waiting market order says so with its reason, is listed as pending, and can be cancelled', async () => {
  api(DELAYED_OPEN);
  renderAt('/trading/c1');
  await chooseSymbol('AAP', 'AAPL');
  await setQuantity('2');
  await userEvent.click(screen.getByRole('button', { name: 'Review order' }));
  await userEvent.click(screen.getByRole('button', { name: 'Confirm buy' }));

  await waitFor(() =>
    expect(toasts()).toEqual([
      [
        'success',
        'Market order waiting: Buy 2 AAPL. Waiting for the delayed price. It is in Open orders until it fills.',
      ],
    ]),
  );
  expect(sent).toEqual([
    { path: '/contest/trading', body: { contestId: 'c1', symbol: 'AAPL', side: 'buy', quantity: 2 } },
  ]);
  const open = await screen.findByRole('list', { name: 'Open orders' });
  const row = within(open).getByRole('listitem');
  expect(row).toHaveTextContent('Buy 2 AAPL');
  expect(row).toHaveTextContent('Market');
  expect(row).toHaveTextContent('Pending');
  expect(row).toHaveTextContent('Waiting for the delayed price');
  // Not a trade yet: nothing in the history says it was bought.
  expect(screen.queryByText(/^Bought 2 AAPL/)).not.toBeInTheDocument();

  await userEvent.click(within(row).getByRole('button', { name: 'Cancel market order: Buy 2 AAPL' }));
  await waitFor(() => expect(toasts()).toContainEqual(['success', 'Order cancelled: buy 2 AAPL']));
  expect(screen.queryByRole('list', { name: 'Open orders' })).not.toBeInTheDocument();
  const recent = within(screen.getByRole('list', { name: 'Recent orders' })).getAllByRole('listitem')[0];
  expect(recent).toHaveTextContent('Cancelled');
  expect(recent).not.toHaveTextContent('Waiting for the delayed price');
});

it('while the market is closed, a market order is queued for the open; orders can be good for the day', async () => {
  api(CLOSED, 'Queued for the open');
  renderAt('/trading/c1');
  await chooseSymbol('AAP', 'AAPL');
  // Closed: the ticket says the order waits for the open, and when that is (New York's clock), before Review.
  expect(screen.getByLabelText('Order type')).toHaveAccessibleDescription(
    `The market is closed: it waits and fills at the first price after it opens (${nextOpenWords(CLOSED.nextOpenAt as string)})`,
  );
  expect(screen.queryByText(/shown in about/)).not.toBeInTheDocument();
  const timeInForce = await screen.findByLabelText('Time in force');
  expect(
    within(timeInForce)
      .getAllByRole('option')
      .map((o) => o.textContent),
  ).toEqual(['Good till cancelled', 'Day']);
  await userEvent.selectOptions(timeInForce, 'day');
  expect(timeInForce).toHaveAccessibleDescription("Ends at the market's close if it has not filled.");
  await userEvent.click(screen.getByRole('button', { name: 'Review order' }));
  expect(screen.getByRole('dialog')).toHaveTextContent('The market is closed: it waits and fills at the first price');
  expect(screen.getByRole('dialog')).not.toHaveTextContent('Market orders fill at the price when they arrive.');
  await userEvent.click(screen.getByRole('button', { name: 'Confirm buy' }));
  await waitFor(() =>
    expect(toasts()).toEqual([
      ['success', 'Market order waiting: Buy 1 AAPL. Queued for the open. It is in Open orders until it fills.'],
    ]),
  );
  const row = within(await screen.findByRole('list', { name: 'Open orders' })).getByRole('listitem');
  expect(row).toHaveTextContent('Queued for the open');

  // A limit order, good for the day.
  await userEvent.selectOptions(screen.getByLabelText('Order type'), 'limit');
  await userEvent.type(screen.getByLabelText('Limit price ($)'), '180');
  expect(screen.getByLabelText('Time in force')).toHaveValue('day');
  await userEvent.click(screen.getByRole('button', { name: 'Review order' }));
  await userEvent.click(screen.getByRole('button', { name: 'Place limit order' }));
  await waitFor(() => expect(sent).toHaveLength(2));
  expect(sent.map((s) => [s.path, s.body.timeInForce])).toEqual([
    ['/contest/trading', 'day'],
    ['/contest/orders', 'day'],
  ]);
  // One read of the market status for the whole page, however much the ticket changed.
  expect(statusReads).toBe(1);
});

it('on the simulator the ticket is as it was: no delay sentence, no time in force, a market order fills at once', async () => {
  api(SIMULATOR);
  server.use(
    http.post(`${API}/contest/trading`, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.push({ path: '/contest/trading', body });
      const trade = {
        _id: 't1',
        contestId: 'c1',
        symbol: 'AAPL',
        side: 'buy',
        quantity: 1,
        price: 190,
        amount: 190,
        executedAt: new Date().toISOString(),
        commission: 0,
        orderId: null,
        reason: null,
      };
      return HttpResponse.json({ data: { trade, portfolio: state.portfolio } });
    }),
  );
  renderAt('/trading/c1');
  await chooseSymbol('AAP', 'AAPL');
  await waitFor(() => expect(statusReads).toBe(1));
  expect(screen.getByLabelText('Order type')).toHaveAccessibleDescription('Fills now, at the current price.');
  expect(screen.queryByText(/shown in about/)).not.toBeInTheDocument();
  expect(screen.queryByLabelText('Time in force')).not.toBeInTheDocument();
  await userEvent.selectOptions(screen.getByLabelText('Order type'), 'limit');
  expect(screen.queryByLabelText('Time in force')).not.toBeInTheDocument();
  await userEvent.selectOptions(screen.getByLabelText('Order type'), 'market');
  await userEvent.click(screen.getByRole('button', { name: 'Review order' }));
  expect(screen.getByRole('dialog')).toHaveTextContent('Market orders fill at the price when they arrive.');
  await userEvent.click(screen.getByRole('button', { name: 'Confirm buy' }));
  await waitFor(() => expect(toasts()).toEqual([['success', 'Bought 1 AAPL at $190.00']]));
  expect(sent).toEqual([
    { path: '/contest/trading', body: { contestId: 'c1', symbol: 'AAPL', side: 'buy', quantity: 1 } },
  ]);
});
