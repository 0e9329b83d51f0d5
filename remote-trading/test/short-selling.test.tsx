import { useToastStore } from '@bullpen/shared';
import { formatShortDateTime } from '@bullpen/shared/format';
import type { ContestRules, ContestUser, Order, Portfolio, Position, Trade } from '@bullpen/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { API, contest, controlledStream, equity, me } from './fixtures';
import { renderAt, server } from './render';

// Each test is a whole journey through the ticket, typed key by key.
jest.setTimeout(20_000);

// The third release's rules on the trading screen: short selling, commission, the position cap, trailing stops,
// good-until, and margin calls, against a fake API that answers as the real one does.

const RULES: ContestRules = { shortSelling: true, commission: { perTrade: 4.95, perShare: 0.01 }, maxPositionPct: 25 };
const endsAt = new Date(Date.now() + 3_600_000).toISOString();

const short: Position = {
  symbol: 'TSLA',
  quantity: -10,
  avgCost: 250,
  price: 245,
  value: -2_450,
  pnl: 50,
  pnlPct: 0.02,
  reservedQuantity: 0,
};

const portfolio = (over: Partial<Portfolio> = {}): Portfolio => ({
  ...(me().portfolio as Portfolio),
  cash: 8_000,
  buyingPower: 7_654.32,
  value: 10_000,
  ...over,
});

let state: ContestUser;
let orders: Order[];
const placed: Record<string, unknown>[] = [];
/** The server's answer to the next order, when a test gives one. */
let answerWith: ((body: Record<string, unknown>) => Response | null) | null = null;

function api(rules: ContestRules | undefined, mine: Partial<Portfolio> = {}) {
  state = me({ portfolio: portfolio(mine) });
  orders = [];
  placed.length = 0;
  answerWith = null;
  const answer = async (request: Request) => {
    const body = (await request.json()) as Record<string, unknown>;
    placed.push(body);
    return answerWith?.(body) ?? null;
  };
  server.use(
    http.post(`${API}/contest/get-contest`, () => HttpResponse.json({ contest: contest({ endsAt, rules }) })),
    http.get(`${API}/contest-user/c1`, () => HttpResponse.json({ data: state })),
    http.post(`${API}/equity/get-equities`, () =>
      HttpResponse.json({
        equities: [equity('AAPL', 210, 'Apple Inc.'), equity('NVDA', 100, 'NVIDIA'), equity('TSLA', 245, 'Tesla')],
      }),
    ),
    http.get(`${API}/equity/:symbol/history`, ({ params }) => HttpResponse.json({ symbol: params.symbol, points: [] })),
    http.get(`${API}/contest/active/c1/portfolio-history`, () => HttpResponse.json({ points: [] })),
    http.get(`${API}/contest/active/c1`, () =>
      HttpResponse.json({ contest: contest(), standings: [], teams: [], total: 0, asOf: new Date().toISOString() }),
    ),
    http.get(`${API}/contest/active/c1/events`, () => new HttpResponse(null, { status: 503 })),
    http.get(`${API}/contest/c1/orders`, () => HttpResponse.json({ orders })),
    http.post(`${API}/contest/trading`, async ({ request }) => (await answer(request)) ?? HttpResponse.json({})),
    http.post(`${API}/contest/orders`, async ({ request }) => {
      const refused = await answer(request);
      if (refused) return refused;
      const body = placed[placed.length - 1] as Record<string, unknown>;
      const order = {
        _id: `o${placed.length}`,
        contestId: 'c1',
        symbol: body.symbol,
        side: body.side,
        quantity: body.quantity,
        type: body.type,
        limitPrice: null,
        stopPrice: 189,
        status: 'open',
        createdAt: new Date().toISOString(),
        updatedAt: new Date().toISOString(),
        fill: null,
        reason: null,
        trailAmount: null,
        trailPercent: body.trailPercent ?? null,
        expiresAt: endsAt,
      } as Order;
      orders = [order];
      return HttpResponse.json({ data: { order, portfolio: state.portfolio } });
    }),
  );
}

async function chooseSymbol(text: string, symbol: string) {
  // The first render of a run loads the whole screen's modules: slow on a busy machine.
  await userEvent.type(await screen.findByLabelText('Symbol', undefined, { timeout: 5_000 }), text);
  // Matches come from the server's search as the user types: an option of the list under the field.
  await userEvent.click(await screen.findByRole('option', { name: new RegExp(`^${symbol}`) }));
}

const ticket = () => screen.getByRole('region', { name: 'Place an order' });
const figure = (label: string) => within(ticket()).getByText(label).nextSibling;
const toasts = () => useToastStore.getState().toasts.map((t) => [t.kind, t.message]);

/** A `datetime-local` value in the test's time zone, as the field shows it. */
function local(ms: number) {
  const date = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

it('offers Short and Cover only where the rules allow short selling', async () => {
  api(undefined);
  renderAt('/trading/c1');
  await chooseSymbol('NVD', 'NVDA');
  expect(screen.getByLabelText('Buy')).toBeEnabled();
  expect(screen.queryByLabelText('Short')).not.toBeInTheDocument();
  expect(screen.queryByLabelText('Cover')).not.toBeInTheDocument();
});

it('enables Sell only with a long position and Cover only with a short one', async () => {
  api(RULES, { positions: [...(me().portfolio?.positions ?? []), short] });
  renderAt('/trading/c1');
  await chooseSymbol('NVD', 'NVDA');
  expect(screen.getByLabelText('Buy')).toBeEnabled();
  expect(screen.getByLabelText('Sell')).toBeDisabled();
  expect(screen.getByLabelText('Short')).toBeEnabled();
  expect(screen.getByLabelText('Cover')).toBeDisabled();

  await userEvent.click(
    within(screen.getByRole('table', { name: 'My positions' })).getByRole('button', { name: 'TSLA' }),
  );
  expect(screen.getByLabelText('Buy')).toBeDisabled();
  expect(screen.getByLabelText('Sell')).toBeDisabled();
  expect(screen.getByLabelText('Cover')).toBeEnabled();
  await userEvent.click(screen.getByLabelText('Cover'));
  expect(figure('Available to cover')).toHaveTextContent('10');
  await userEvent.type(screen.getByLabelText('Quantity (shares)'), '1');
  expect(screen.getByText('You are short 10 shares')).toBeInTheDocument();

  await userEvent.click(
    within(screen.getByRole('table', { name: 'My positions' })).getByRole('button', { name: 'AAPL' }),
  );
  expect(screen.getByLabelText('Sell')).toBeEnabled();
  expect(screen.getByLabelText('Short')).toBeDisabled();
});

it('shows buying power and the commission to the cent before Review, and shorts with them', async () => {
  api(RULES);
  answerWith = () =>
    HttpResponse.json({
      data: {
        trade: {
          _id: 't1',
          contestId: 'c1',
          symbol: 'NVDA',
          side: 'short',
          quantity: 7,
          price: 100,
          amount: 700,
          commission: 5.02,
          reason: null,
          executedAt: new Date().toISOString(),
          orderId: null,
        },
        portfolio: state.portfolio,
      },
    });
  renderAt('/trading/c1');
  await chooseSymbol('NVD', 'NVDA');
  await userEvent.click(screen.getByLabelText('Short'));
  const quantity = screen.getByLabelText('Quantity (shares)');
  await userEvent.clear(quantity);
  await userEvent.type(quantity, '7');
  expect(figure('Buying power')).toHaveTextContent('$7,654.32');
  // $4.95 + 7 × $0.01
  expect(figure('Commission')).toHaveTextContent('$5.02');
  expect(figure('Estimated amount')).toHaveTextContent('$700.00');
  await userEvent.click(screen.getByRole('button', { name: 'Review order' }));
  expect(screen.getByRole('dialog')).toHaveTextContent(
    'Short 7 NVDA at about $100.00 for about $700.00? Market orders fill at the price when they arrive. Commission: $5.02.',
  );
  await userEvent.click(screen.getByRole('button', { name: 'Confirm short' }));
  await waitFor(() => expect(toasts()).toEqual([['success', 'Shorted 7 NVDA at $100.00']]));
  expect(placed).toEqual([{ contestId: 'c1', symbol: 'NVDA', side: 'short', quantity: 7 }]);
});

it('charges a per-share commission under half a cent as a whole cent on one share, never as nothing', async () => {
  api({ ...RULES, commission: { perTrade: 0, perShare: 0.004 } });
  renderAt('/trading/c1');
  await chooseSymbol('NVD', 'NVDA');
  // $0.004 is rounded up to $0.01, as the server charges it: a one-share trade does not dodge the commission.
  expect(figure('Commission')).toHaveTextContent('$0.01');
  await userEvent.click(screen.getByRole('button', { name: 'Review order' }));
  expect(screen.getByRole('dialog')).toHaveTextContent(
    'Buy 1 NVDA at about $100.00 for about $100.00? Market orders fill at the price when they arrive. Commission: $0.01.',
  );
  await userEvent.click(screen.getByRole('button', { name: 'Back' }));
  const quantity = screen.getByLabelText('Quantity (shares)');
  await userEvent.clear(quantity);
  await userEvent.type(quantity, '101');
  // $0.404 up to the cent.
  expect(figure('Commission')).toHaveTextContent('$0.41');
});

it('shows how many shares fit under the cap, refuses more before Review, offers no more with Max, and says it again when the server refuses', async () => {
  api({ ...RULES, commission: { perTrade: 4.95, perShare: 0 } });
  answerWith = () =>
    HttpResponse.json(
      {
        errMessage: 'At most 25% of your portfolio in one stock: at most 20 more shares fit',
        errors: [{ field: 'quantity', message: 'At most 25% of your portfolio in one stock' }],
        data: { maxQuantity: 20 },
      },
      { status: 409 },
    );
  renderAt('/trading/c1');
  await chooseSymbol('NVD', 'NVDA');
  // 25 % of $10,000 less the $4.95 commission, at $100: 24 shares.
  expect(figure('Fits under the 25% cap')).toHaveTextContent('24 shares');
  const quantity = screen.getByLabelText('Quantity (shares)');
  await userEvent.clear(quantity);
  await userEvent.type(quantity, '30');
  await userEvent.click(screen.getByRole('button', { name: 'Review order' }));
  // Said beside the field before anything is sent, in the server's words.
  await waitFor(() =>
    expect(quantity).toHaveAccessibleDescription('At most 25% of your portfolio in one stock: 24 shares would fit'),
  );
  expect(screen.queryByRole('button', { name: 'Confirm buy' })).not.toBeInTheDocument();
  // Max offers what fits under the cap, not what the cash would buy.
  await userEvent.click(screen.getByRole('button', { name: 'Max' }));
  expect(quantity).toHaveValue('24');
  expect(quantity).not.toHaveAttribute('aria-invalid');
  // The price moved before the server saw it: its refusal is said the same way, with its own figure.
  await userEvent.click(screen.getByRole('button', { name: 'Review order' }));
  await userEvent.click(screen.getByRole('button', { name: 'Confirm buy' }));
  await waitFor(() =>
    expect(quantity).toHaveAccessibleDescription('At most 25% of your portfolio in one stock: 20 shares would fit'),
  );
  expect(quantity).toHaveAttribute('aria-invalid', 'true');
  expect(toasts()).toEqual([]);
  await userEvent.clear(quantity);
  await userEvent.type(quantity, '20');
  expect(quantity).not.toHaveAttribute('aria-invalid');
  expect(screen.getByRole('button', { name: 'Review order' })).toBeEnabled();
});

it('counts open orders as filled when it says how many shares fit under the cap, as the server does', async () => {
  api({ ...RULES, commission: { perTrade: 4.95, perShare: 0 } });
  orders = [
    {
      _id: 'o7',
      contestId: 'c1',
      symbol: 'NVDA',
      side: 'buy',
      quantity: 10,
      type: 'limit',
      limitPrice: 95,
      stopPrice: null,
      status: 'open',
      createdAt: new Date(Date.now() - 60_000).toISOString(),
      updatedAt: new Date(Date.now() - 60_000).toISOString(),
      fill: null,
      reason: null,
      trailAmount: null,
      trailPercent: null,
      expiresAt: endsAt,
    },
  ];
  answerWith = () =>
    HttpResponse.json(
      {
        errMessage:
          'At most 25% of your portfolio in one stock: at most 14 more shares fit, counting the 10 NVDA of your open orders',
        errors: [{ field: 'quantity', message: 'At most 25% of your portfolio in one stock' }],
        data: { maxQuantity: 14 },
      },
      { status: 409 },
    );
  renderAt('/trading/c1');
  await screen.findByRole('list', { name: 'Open orders' });
  await chooseSymbol('NVD', 'NVDA');
  // 24 shares fit in 25 % of $10,000 less the $4.95 commission at $100; the open buy limit of 10 counts as filled.
  expect(figure('Fits under the 25% cap')).toHaveTextContent('14 more shares (10 in open orders)');
  const quantity = screen.getByLabelText('Quantity (shares)');
  await userEvent.clear(quantity);
  await userEvent.type(quantity, '20');
  expect(figure('Fits under the 25% cap')).toHaveClass('bp-warning-text');
  await userEvent.click(screen.getByRole('button', { name: 'Review order' }));
  await waitFor(() =>
    expect(quantity).toHaveAccessibleDescription(
      'At most 25% of your portfolio in one stock: 14 more shares would fit',
    ),
  );
  // A limit is counted at its own price: at $80, (10 + 21) × $80 = $2,480 fits, a 22nd share would not.
  await userEvent.selectOptions(screen.getByLabelText('Order type'), 'limit');
  await userEvent.type(screen.getByLabelText('Limit price ($)'), '80');
  expect(figure('Fits under the 25% cap')).toHaveTextContent('21 more shares (10 in open orders)');
  // A short is not held back by open buys.
  await userEvent.click(screen.getByLabelText('Short'));
  expect(figure('Fits under the 25% cap')).toHaveTextContent(/^31 shares$/);
});

it("a trailing stop shows today's stop from the current price, by amount or percent", async () => {
  api(RULES);
  renderAt('/trading/c1');
  await chooseSymbol('AAP', 'AAPL');
  await userEvent.click(screen.getByLabelText('Sell'));
  await userEvent.selectOptions(screen.getByLabelText('Order type'), 'trailing-stop');
  expect(figure('Stop today')).toHaveTextContent('—');
  await userEvent.type(screen.getByLabelText('Trail amount ($)'), '5');
  expect(figure('Stop today')).toHaveTextContent('$205.00');
  await userEvent.click(screen.getByLabelText('Percent (%)'));
  await userEvent.type(screen.getByLabelText('Trail percent (%)'), '60');
  expect(screen.getByLabelText('Trail percent (%)')).toHaveAccessibleDescription(
    'The stop stays this far below the highest price since you placed the order. Enter a trail percent, more than 0 and at most 50',
  );
  await userEvent.clear(screen.getByLabelText('Trail percent (%)'));
  await userEvent.type(screen.getByLabelText('Trail percent (%)'), '10');
  expect(figure('Stop today')).toHaveTextContent('$189.00');
  await userEvent.click(screen.getByRole('button', { name: 'Review order' }));
  expect(screen.getByRole('dialog')).toHaveTextContent(
    'Sell 1 AAPL with a trailing stop order, trail 10%? It reserves 1 share until it fills or you cancel it, and expires when the contest ends.',
  );
  await userEvent.click(screen.getByRole('button', { name: 'Place trailing-stop order' }));
  await waitFor(() => expect(placed).toHaveLength(1));
  expect(placed[0]).toEqual({
    contestId: 'c1',
    symbol: 'AAPL',
    side: 'sell',
    quantity: 1,
    type: 'trailing-stop',
    trailPercent: 10,
  });
  // The open order shows its trail and the stop it has reached.
  const open = await screen.findByRole('list', { name: 'Open orders' });
  expect(open).toHaveTextContent('Sell 1 AAPL Trailing stop');
  expect(open).toHaveTextContent('trail 10%, stop now $189.00');
  expect(open).toHaveTextContent('Good until');

  // Cancelled, it names the stop it had reached, no longer moving.
  server.use(
    http.post(`${API}/contest/orders/cancel`, () => {
      orders = [{ ...(orders[0] as Order), status: 'cancelled' }];
      return HttpResponse.json({ data: { order: orders[0], portfolio: state.portfolio } });
    }),
  );
  await userEvent.click(within(open).getByRole('button', { name: /^Cancel trailing.stop order/i }));
  await waitFor(() =>
    expect(toasts().at(-1)).toEqual(['success', 'Order cancelled: sell 1 AAPL, trail 10%, stop $189.00']),
  );
});

it('good until defaults to the contest end and must come before it, and in the future', async () => {
  api(RULES);
  renderAt('/trading/c1');
  await chooseSymbol('NVD', 'NVDA');
  await userEvent.selectOptions(screen.getByLabelText('Order type'), 'limit');
  await userEvent.type(screen.getByLabelText('Limit price ($)'), '95');
  const until = screen.getByLabelText('Good until');
  expect(until).toHaveValue(local(Date.parse(endsAt)));
  fireEvent.change(until, { target: { value: local(Date.parse(endsAt) + 86_400_000) } });
  await waitFor(() => expect(until).toHaveAttribute('aria-invalid', 'true'));
  expect(screen.getByText('Choose a time before the contest ends')).toBeInTheDocument();
  fireEvent.change(until, { target: { value: local(Date.now() - 3_600_000) } });
  expect(await screen.findByText('Choose a time in the future')).toBeInTheDocument();
  const chosen = local(Date.now() + 30 * 60_000);
  fireEvent.change(until, { target: { value: chosen } });
  await waitFor(() => expect(until).not.toHaveAttribute('aria-invalid'));
  await userEvent.click(screen.getByRole('button', { name: 'Review order' }));
  await userEvent.click(screen.getByRole('button', { name: 'Place limit order' }));
  await waitFor(() => expect(placed).toHaveLength(1));
  expect(placed[0]).toMatchObject({ type: 'limit', limitPrice: 95, expiresAt: new Date(chosen).toISOString() });
});

it('shows a short as such: negative shares, a Short badge, a gain when the price fell; buying power beside cash', async () => {
  api(RULES, { positions: [short] });
  renderAt('/trading/c1');
  const row = within(await screen.findByRole('table', { name: 'My positions' })).getByRole('row', { name: /TSLA/ });
  expect(row).toHaveTextContent('Short');
  expect(row).toHaveTextContent('-10');
  expect(row).toHaveTextContent('+$50.00');
  expect(row.querySelector('.bp-trend--up')).toHaveTextContent('+$50.00');
  const summary = screen.getByLabelText('My summary');
  expect(within(summary).getByText('Cash').nextSibling).toHaveTextContent('$8,000.00');
  expect(within(summary).getByText('Buying power').nextSibling).toHaveTextContent('$7,654.32');
});

it('warns when a margin call covers a short, and the trade history names it with its commission', async () => {
  api(RULES, { positions: [short] });
  const stream = controlledStream();
  server.use(http.get(`${API}/contest/active/c1/events`, stream.response));
  renderAt('/trading/c1');
  await screen.findByRole('table', { name: 'My positions' });
  const cover: Trade = {
    _id: 't7',
    contestId: 'c1',
    symbol: 'TSLA',
    side: 'cover',
    quantity: 10,
    price: 312.5,
    amount: 3_125,
    executedAt: new Date().toISOString(),
    orderId: null,
    commission: 5.05,
    reason: 'margin call',
  };
  state = { ...state, trades: [cover], tradesTotal: 1, portfolio: portfolio({ positions: [] }) };
  stream.send('margin-call', { contestId: 'c1', trades: [cover] });
  await waitFor(() =>
    expect(toasts()).toEqual([
      ['warning', 'Margin call: your portfolio fell below the margin your shorts need, so 10 TSLA covered at $312.50'],
    ]),
  );
  const history = await screen.findByRole('table', { name: 'Trade history' });
  const row = within(history).getByRole('row', { name: /TSLA/ });
  expect(row).toHaveTextContent('Cover');
  expect(row).toHaveTextContent('Margin call');
  expect(row).toHaveTextContent('$5.05');
});

it('an expired order shows its status and why', async () => {
  api(RULES);
  orders = [
    {
      _id: 'o9',
      contestId: 'c1',
      symbol: 'NVDA',
      side: 'short',
      quantity: 5,
      type: 'trailing-stop',
      limitPrice: null,
      stopPrice: 96.5,
      status: 'expired',
      createdAt: new Date(Date.now() - 600_000).toISOString(),
      updatedAt: new Date().toISOString(),
      fill: null,
      reason: 'Your trailing stop order to short 5 NVDA expired unfilled',
      trailAmount: 3.5,
      trailPercent: null,
      expiresAt: new Date(Date.now() - 60_000).toISOString(),
    },
  ];
  renderAt('/trading/c1');
  const recent = await screen.findByRole('list', { name: 'Recent orders' });
  expect(recent).toHaveTextContent('Short 5 NVDA Trailing stop');
  // The stop it ended at, no longer moving.
  expect(recent).toHaveTextContent('trail $3.50, stop $96.50');
  expect(recent).not.toHaveTextContent('stop now');
  expect(recent).toHaveTextContent('Expired');
  expect(recent).toHaveTextContent('Your trailing stop order to short 5 NVDA expired unfilled');
  // When it expired, in the viewer's zone (the server's reason names no time).
  expect(recent).toHaveTextContent(`Good until ${formatShortDateTime(orders[0]?.expiresAt as string)}`);
});
