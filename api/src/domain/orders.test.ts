import { evaluateOrder, reservationOf, unaffordableReason, type WaitingOrder } from './orders';

const order = (overrides: Partial<WaitingOrder>): WaitingOrder => ({
  side: 'buy',
  type: 'limit',
  quantity: 10,
  limitPriceCents: null,
  stopPriceCents: null,
  triggered: false,
  ...overrides,
});

describe('when an order fills (API.md "Filling"), at the boundary and a cent either side', () => {
  test.each([
    ['buy limit $95', order({ type: 'limit', limitPriceCents: 9500 }), [9501, 9500, 9499], [false, true, true]],
    [
      'sell limit $105',
      order({ side: 'sell', type: 'limit', limitPriceCents: 10_500 }),
      [10_499, 10_500, 10_501],
      [false, true, true],
    ],
    ['buy stop $105', order({ type: 'stop', stopPriceCents: 10_500 }), [10_499, 10_500, 10_501], [false, true, true]],
    [
      'sell stop $95',
      order({ side: 'sell', type: 'stop', stopPriceCents: 9500 }),
      [9501, 9500, 9499],
      [false, true, true],
    ],
  ])('%s', (_label, o, prices, fills) => {
    expect(prices.map((p) => evaluateOrder(o, p).fills)).toEqual(fills);
  });

  test('a stop-limit triggers like a stop, then waits as a limit', () => {
    const buy = order({ type: 'stop-limit', stopPriceCents: 10_500, limitPriceCents: 10_400 });
    expect(evaluateOrder(buy, 10_400)).toEqual({ triggered: false, fills: false });
    expect(evaluateOrder(buy, 10_500)).toEqual({ triggered: true, fills: false });
    expect(evaluateOrder({ ...buy, triggered: true }, 10_400)).toEqual({ triggered: true, fills: true });
    expect(evaluateOrder({ ...buy, triggered: true }, 10_401)).toEqual({ triggered: true, fills: false });
    const sell = order({ side: 'sell', type: 'stop-limit', stopPriceCents: 9500, limitPriceCents: 9500 });
    expect(evaluateOrder(sell, 9500)).toEqual({ triggered: true, fills: true });
    expect(evaluateOrder(sell, 9501)).toEqual({ triggered: false, fills: false });
  });
});

test('what an open order reserves', () => {
  expect(reservationOf(order({ type: 'limit', limitPriceCents: 18_720 }))).toEqual({ cashCents: 187_200, shares: 0 });
  expect(reservationOf(order({ type: 'stop', stopPriceCents: 100 }))).toEqual({ cashCents: 1000, shares: 0 });
  expect(reservationOf(order({ type: 'stop-limit', stopPriceCents: 100, limitPriceCents: 120 }))).toEqual({
    cashCents: 1200,
    shares: 0,
  });
  expect(reservationOf(order({ side: 'sell', limitPriceCents: 100 }))).toEqual({ cashCents: 0, shares: 10 });
});

test('the reason a buy stop is rejected says what it would cost and what it could use', () => {
  expect(unaffordableReason({ type: 'stop', quantity: 20, symbol: 'NVDA' }, 14_000, 220_000)).toBe(
    'Your stop order to buy 20 NVDA triggered at $140.00, but $2,800.00 is more than the $2,200.00 of cash it could use',
  );
});
