import { useToastStore } from '@bullpen/shared';
import type { ContestUser, Order } from '@bullpen/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { mutate } from 'swr';
import { API, contest, equity, me } from './fixtures';
import { renderAt, server } from './render';

// The order ticket's limit, stop and stop-limit orders and the "Open orders" list, against a fake API that
// keeps orders and reservations as the real one does.

let state: ContestUser = me();
let orders: Order[] = [];
const placed: { body: Record<string, unknown>; key: string | null }[] = [];
let timeScale = 1;
let pricesAt = '2026-11-22T00:00:00.000Z';

const order = (over: Partial<Order>): Order => ({
  _id: `o${orders.length + 1}`,
  contestId: 'c1',
  symbol: 'AAPL',
  side: 'buy',
  quantity: 10,
  type: 'limit',
  limitPrice: 187.2,
  stopPrice: null,
  status: 'open',
  createdAt: new Date().toISOString(),
  updatedAt: new Date().toISOString(),
  fill: null,
  reason: null,
  ...over,
});

function reservedCash() {
  return orders
    .filter((o) => o.status === 'open' && o.side === 'buy')
    .reduce((sum, o) => sum + o.quantity * (o.limitPrice ?? o.stopPrice ?? 0), 0);
}

function withReservations(): ContestUser {
  const portfolio = state.portfolio;
  if (!portfolio) return state;
  return {
    ...state,
    portfolio: {
      ...portfolio,
      reservedCash: Math.round(reservedCash() * 100) / 100,
      positions: portfolio.positions.map((p) => ({
        ...p,
        reservedQuantity: orders
          .filter((o) => o.status === 'open' && o.side === 'sell' && o.symbol === p.symbol)
          .reduce((n, o) => n + o.quantity, 0),
      })),
    },
  };
}

function api() {
  state = me();
  orders = [];
  placed.length = 0;
  server.use(
    http.post(`${API}/contest/get-contest`, () => HttpResponse.json({ contest: contest() })),
    http.get(`${API}/contest-user/c1`, () => HttpResponse.json({ data: withReservations() })),
    http.post(`${API}/equity/get-equities`, () =>
      HttpResponse.json({
        equities: [
          equity('AAPL', 190, 'Apple Inc.'),
          equity('MSFT', 420.83, 'Microsoft'),
          equity('NVDA', 100, 'NVIDIA'),
        ].map((e) => ({
          ...e,
          updatedAt: pricesAt,
        })),
        market: { label: 'Simulated prices', timeScale },
      }),
    ),
    http.get(`${API}/equity/:symbol/history`, ({ params }) => HttpResponse.json({ symbol: params.symbol, points: [] })),
    http.get(`${API}/contest/active/c1/portfolio-history`, () => HttpResponse.json({ points: [] })),
    http.get(`${API}/contest/active/c1`, () =>
      HttpResponse.json({ contest: contest(), standings: [], teams: [], total: 0, asOf: new Date().toISOString() }),
    ),
    http.get(`${API}/contest/active/c1/events`, () => new HttpResponse(null, { status: 503 })),
    http.get(`${API}/contest/c1/orders`, () => HttpResponse.json({ orders })),
    http.post(`${API}/contest/orders`, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      placed.push({ body, key: request.headers.get('idempotency-key') });
      const created = order({
        symbol: body.symbol as string,
        side: body.side as 'buy' | 'sell',
        quantity: body.quantity as number,
        type: body.type as Order['type'],
        limitPrice: (body.limitPrice as number | undefined) ?? null,
        stopPrice: (body.stopPrice as number | undefined) ?? null,
      });
      orders = [created, ...orders];
      return HttpResponse.json({ data: { order: created, portfolio: withReservations().portfolio } });
    }),
    http.post(`${API}/contest/orders/cancel`, async ({ request }) => {
      const { orderId } = (await request.json()) as { orderId: string };
      orders = orders.map((o) => (o._id === orderId ? { ...o, status: 'cancelled' as const } : o));
      const cancelled = orders.find((o) => o._id === orderId);
      return HttpResponse.json({ data: { order: cancelled, portfolio: withReservations().portfolio } });
    }),
  );
}

async function chooseSymbol(text: string, symbol: string) {
  await userEvent.type(await screen.findByLabelText('Symbol'), text);
  // Matches come from the server's search as the user types: an option of the list under the field.
  await userEvent.click(await screen.findByRole('option', { name: new RegExp(`^${symbol}`) }));
}

const toasts = () => useToastStore.getState().toasts.map((t) => [t.kind, t.message]);

beforeEach(() => {
  timeScale = 1;
  pricesAt = '2026-11-22T00:00:00.000Z';
});

it('a limit buy: the price field says what it means, the ticket says what it reserves, the review comes first', async () => {
  api();
  renderAt('/trading/c1');
  await chooseSymbol('AAP', 'AAPL');
  await userEvent.selectOptions(screen.getByLabelText('Order type'), 'limit');
  expect(screen.getByLabelText('Order type')).toHaveAccessibleDescription(
    'Waits until the price reaches your limit, then fills at that price or better.',
  );
  expect(screen.queryByLabelText('Stop price ($)')).not.toBeInTheDocument();
  const limit = screen.getByLabelText('Limit price ($)');
  expect(limit).toHaveAccessibleDescription('Buys only at this price or lower.');

  await userEvent.type(limit, '187.2');
  await userEvent.clear(screen.getByLabelText('Quantity (shares)'));
  await userEvent.type(screen.getByLabelText('Quantity (shares)'), '5');
  expect(limit).toHaveAccessibleDescription('Buys only at this price or lower.');
  expect(screen.getByText('Reserves until it fills or you cancel').nextSibling).toHaveTextContent('$936.00');
  await userEvent.click(screen.getByRole('button', { name: 'Review order' }));
  const review = screen.getByRole('dialog');
  expect(review).toHaveFocus();
  expect(review).toHaveTextContent(
    'Buy 5 AAPL with a limit order, limit $187.20? It reserves $936.00 until it fills or you cancel it, and expires when the contest ends.',
  );
  expect(placed).toEqual([]);
  await userEvent.click(screen.getByRole('button', { name: 'Place limit order' }));

  await waitFor(() =>
    expect(toasts()).toEqual([['success', 'Limit order placed: buy 5 AAPL. It waits in Open orders.']]),
  );
  expect(placed).toEqual([
    {
      body: { contestId: 'c1', symbol: 'AAPL', side: 'buy', quantity: 5, type: 'limit', limitPrice: 187.2 },
      key: expect.stringMatching(/^[0-9a-f-]{36}$/),
    },
  ]);
  const list = await screen.findByRole('list', { name: 'Open orders' });
  expect(within(list).getByRole('listitem')).toHaveTextContent('Buy 5 AAPL Limitlimit $187.20Open');
  // Buying power is what is not reserved.
  await waitFor(() => expect(screen.getByText('Buying power').nextSibling).toHaveTextContent('$64.00'));
});

it('a price just asked for is not wrong yet: the field says what it means, and Review order says what is missing', async () => {
  api();
  renderAt('/trading/c1');
  await chooseSymbol('AAP', 'AAPL');
  await userEvent.selectOptions(screen.getByLabelText('Order type'), 'limit');
  const limit = screen.getByLabelText('Limit price ($)');
  expect(limit).toHaveAccessibleDescription('Buys only at this price or lower.');
  expect(limit).not.toHaveAttribute('aria-invalid');
  expect(screen.queryByText(/Enter a limit price/)).not.toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Review order' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(limit).toHaveAccessibleDescription(
    'Buys only at this price or lower. Enter a limit price in dollars and cents, more than $0',
  );
  expect(limit).toHaveAttribute('aria-invalid', 'true');
  expect(screen.getByRole('button', { name: 'Review order' })).toBeDisabled();
});

it('says which way a stop works before Review: a sell stop at or above the price, a buy stop at or below it', async () => {
  api();
  renderAt('/trading/c1');
  await chooseSymbol('AAP', 'AAPL');
  await userEvent.click(screen.getByLabelText('Sell'));
  await userEvent.selectOptions(screen.getByLabelText('Order type'), 'stop');
  const stop = screen.getByLabelText('Stop price ($)');
  await userEvent.type(stop, '195');
  expect(
    screen.getByText('A sell stop triggers when the price falls to it: set it below the current price ($190.00)'),
  ).toBeInTheDocument();
  expect(stop).toHaveAttribute('aria-invalid', 'true');
  expect(screen.getByRole('button', { name: 'Review order' })).toBeDisabled();
  await userEvent.click(screen.getByLabelText('Buy'));
  await userEvent.clear(stop);
  await userEvent.type(stop, '190');
  expect(
    screen.getByText('A buy stop triggers when the price rises to it: set it above the current price ($190.00)'),
  ).toBeInTheDocument();
  await userEvent.clear(stop);
  await userEvent.type(stop, '190.01');
  expect(screen.queryByText(/stop triggers when/)).not.toBeInTheDocument();
});

it('a stop-limit sell asks for both prices, each with its meaning, and checks the shares free to sell', async () => {
  api();
  renderAt('/trading/c1');
  await chooseSymbol('AAP', 'AAPL');
  await userEvent.click(screen.getByLabelText('Sell'));
  await userEvent.selectOptions(screen.getByLabelText('Order type'), 'stop-limit');
  expect(screen.getByLabelText('Stop price ($)')).toHaveAccessibleDescription(
    'When the price falls to this, the order becomes a limit order.',
  );
  await userEvent.type(screen.getByLabelText('Stop price ($)'), '18');
  await userEvent.clear(screen.getByLabelText('Stop price ($)'));
  expect(screen.getByLabelText('Stop price ($)')).toHaveAccessibleDescription(
    'When the price falls to this, the order becomes a limit order. Enter a stop price in dollars and cents, more than $0',
  );
  await userEvent.type(screen.getByLabelText('Stop price ($)'), '180');
  expect(screen.getByLabelText('Limit price ($)')).toHaveAccessibleDescription('Sells only at this price or higher.');
  await userEvent.type(screen.getByLabelText('Limit price ($)'), '179.5');
  const quantity = screen.getByLabelText('Quantity (shares)');
  await userEvent.clear(quantity);
  await userEvent.type(quantity, '21');
  expect(screen.getByText('You have 20 shares free to sell')).toBeInTheDocument();
  await userEvent.clear(quantity);
  await userEvent.type(quantity, '20');
  expect(screen.getByText('Reserves until it fills or you cancel').nextSibling).toHaveTextContent('20 shares');
  await userEvent.click(screen.getByRole('button', { name: 'Review order' }));
  expect(screen.getByRole('dialog')).toHaveTextContent(
    'Sell 20 AAPL with a stop-limit order, stop $180.00, limit $179.50?',
  );
  await userEvent.click(screen.getByRole('button', { name: 'Place stop-limit order' }));
  await waitFor(() => expect(placed).toHaveLength(1));
  // The ticket names both: the shares held, and those the open order leaves free to sell.
  await waitFor(() =>
    expect(screen.getByText('Available to sell').nextSibling).toHaveTextContent('0 (20 reserved by open orders)'),
  );
  expect(screen.getByText('Shares held').nextSibling).toHaveTextContent('20');
  expect(placed[0]?.body).toEqual({
    contestId: 'c1',
    symbol: 'AAPL',
    side: 'sell',
    quantity: 20,
    type: 'stop-limit',
    stopPrice: 180,
    limitPrice: 179.5,
  });
});

it.each([
  ['0', 'Enter a limit price in dollars and cents, more than $0'],
  ['187.205', 'Enter a limit price in dollars and cents, more than $0'],
  ['-5', 'Enter a limit price in dollars and cents, more than $0'],
  ['abc', 'Enter a limit price in dollars and cents, more than $0'],
  ['500', 'Not enough buying power: this order reserves $1,500.00'],
])('a limit price of "%s" is kept as typed and refused: %s', async (typed, message) => {
  api();
  renderAt('/trading/c1');
  await chooseSymbol('AAP', 'AAPL');
  await userEvent.selectOptions(screen.getByLabelText('Order type'), 'limit');
  await userEvent.type(screen.getByLabelText('Limit price ($)'), typed);
  if (typed === '500') {
    await userEvent.clear(screen.getByLabelText('Quantity (shares)'));
    await userEvent.type(screen.getByLabelText('Quantity (shares)'), '3');
    expect(screen.getByText(message)).toBeInTheDocument();
  } else {
    expect(screen.getByLabelText('Limit price ($)')).toHaveValue(typed);
    expect(screen.getByLabelText('Limit price ($)')).toHaveAccessibleDescription(
      `Buys only at this price or lower. ${message}`,
    );
  }
  expect(screen.getByRole('button', { name: 'Review order' })).toBeDisabled();
});

it('open orders can be cancelled from the keyboard; closed ones show their status and reason', async () => {
  api();
  orders = [
    order({ _id: 'o1', type: 'stop', side: 'buy', symbol: 'NVDA', quantity: 20, limitPrice: null, stopPrice: 105 }),
    order({
      _id: 'o0',
      type: 'stop',
      side: 'buy',
      symbol: 'NVDA',
      quantity: 20,
      limitPrice: null,
      stopPrice: 105,
      status: 'rejected',
      createdAt: new Date(Date.now() - 3_600_000).toISOString(),
      reason:
        'Your stop order to buy 20 NVDA triggered at $140.00, but $2,800.00 is more than the $2,200.00 of cash it could use',
    }),
  ];
  renderAt('/trading/c1');
  const open = await screen.findByRole('list', { name: 'Open orders' });
  expect(open).toHaveTextContent('Buy 20 NVDA');
  expect(open).toHaveTextContent('stop $105.00');
  const recent = screen.getByRole('list', { name: 'Recent orders' });
  expect(recent).toHaveTextContent('Rejected');
  expect(recent).toHaveTextContent('but $2,800.00 is more than the $2,200.00 of cash it could use');

  const cancel = within(open).getByRole('button', { name: 'Cancel stop order: Buy 20 NVDA' });
  cancel.focus();
  await userEvent.keyboard('{Enter}');
  await waitFor(() => expect(toasts()).toEqual([['success', 'Order cancelled: buy 20 NVDA, stop $105.00']]));
  expect(screen.queryByRole('list', { name: 'Open orders' })).not.toBeInTheDocument();
  expect(
    screen.getByText(
      'No open orders. A limit, stop, stop-limit or trailing-stop order waits here until its price comes.',
    ),
  ).toBeInTheDocument();
  expect(within(screen.getByRole('list', { name: 'Recent orders' })).getAllByRole('listitem')[0]).toHaveTextContent(
    'Cancelled',
  );
});

it('a fill shows in the trade history and raises a toast in words', async () => {
  api();
  orders = [order({ _id: 'o1' })];
  renderAt('/trading/c1');
  await screen.findByRole('list', { name: 'Open orders' });
  // The clock fills the order at the next tick: the contest state changes, the orders are read again.
  const fill = {
    _id: 't9',
    contestId: 'c1',
    symbol: 'AAPL',
    side: 'buy' as const,
    quantity: 10,
    price: 187.2,
    amount: 1872,
    executedAt: new Date().toISOString(),
    orderId: 'o1',
  };
  orders = [{ ...(orders[0] as Order), status: 'filled', fill }];
  state = { ...state, trades: [fill], tradesTotal: 1 };
  await act(async () => {
    await mutate('/contest-user/c1');
  });
  await waitFor(() => expect(toasts()).toEqual([['success', 'Your limit order to buy 10 AAPL filled at $187.20']]));
  expect(await screen.findByRole('table', { name: 'Trade history' })).toHaveTextContent('AAPL');
  expect(within(screen.getByRole('list', { name: 'Recent orders' })).getByRole('listitem')).toHaveTextContent(
    'Filled at $187.20',
  );
});

it('a tick seen only in the prices (the live stream leaves the contest state alone) is enough to notice a fill', async () => {
  api();
  orders = [order({ _id: 'o1', side: 'sell', quantity: 3, limitPrice: 200 })];
  renderAt('/trading/c1');
  await screen.findByRole('list', { name: 'Open orders' });
  const fill = {
    _id: 't9',
    contestId: 'c1',
    symbol: 'AAPL',
    side: 'sell' as const,
    quantity: 3,
    price: 200.5,
    amount: 601.5,
    executedAt: new Date().toISOString(),
    orderId: 'o1',
  };
  orders = [{ ...(orders[0] as Order), status: 'filled', fill }];
  state = { ...state, trades: [fill], tradesTotal: 1 };
  pricesAt = '2026-11-22T00:00:05.000Z';
  await act(async () => {
    await mutate(['/equity/get-equities', {}]);
  });
  await waitFor(() => expect(toasts()).toEqual([['success', 'Your limit order to sell 3 AAPL filled at $200.50']]));
  // The contest state is read again: the fill is in the trade history.
  expect(await screen.findByRole('table', { name: 'Trade history' })).toHaveTextContent('AAPL');
});

it('says when market time is compressed, and nothing in real time', async () => {
  timeScale = 60;
  api();
  renderAt('/trading/c1');
  expect(
    await screen.findByText('Simulated time runs 60× faster than real time: a market day lasts 24 minutes.'),
  ).toBeInTheDocument();
});

it('in real time the ticket says nothing about time', async () => {
  api();
  renderAt('/trading/c1');
  await screen.findByRole('heading', { name: 'Trading' });
  await screen.findByLabelText('Order type');
  expect(screen.queryByText(/Simulated time runs/)).not.toBeInTheDocument();
});
