import {
  isPendingAnswer,
  isWorkingOrder,
  marketOrderResponseSchema,
  orderReservation,
  placeOrderBodySchema,
  stopSideProblem,
} from './orders';
import { tradeBodySchema } from './requests';

const base = { contestId: 'c1', symbol: 'aapl', side: 'buy', quantity: 10 } as const;
const fields = (body: unknown) => {
  const parsed = placeOrderBodySchema.safeParse(body);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.path.join('.'));
};

test('each type takes exactly the prices it needs', () => {
  expect(fields({ ...base, type: 'limit', limitPrice: 187.2 })).toEqual([]);
  expect(fields({ ...base, type: 'stop', stopPrice: 190 })).toEqual([]);
  expect(fields({ ...base, type: 'stop-limit', stopPrice: 190, limitPrice: 191 })).toEqual([]);
  expect(fields({ ...base, type: 'limit' })).toEqual(['limitPrice']);
  expect(fields({ ...base, type: 'limit', limitPrice: 1, stopPrice: 2 })).toEqual(['stopPrice']);
  expect(fields({ ...base, type: 'stop', limitPrice: 1 }).sort()).toEqual(['limitPrice', 'stopPrice']);
  expect(fields({ ...base, type: 'stop-limit', limitPrice: 1 })).toEqual(['stopPrice']);
});

test.each([0, -1, 0.001, 187.205, Number.POSITIVE_INFINITY, Number.NaN, 1_000_000.01])(
  'a limit price of %p is refused',
  (limitPrice) => {
    expect(fields({ ...base, type: 'limit', limitPrice })).toContain('limitPrice');
  },
);

test('the symbol is upper-cased, and whole shares only', () => {
  expect(placeOrderBodySchema.parse({ ...base, type: 'limit', limitPrice: 0.01 }).symbol).toBe('AAPL');
  expect(fields({ ...base, quantity: 1.5, type: 'limit', limitPrice: 1 })).toEqual(['quantity']);
  expect(fields({ ...base, quantity: 0, type: 'limit', limitPrice: 1 })).toEqual(['quantity']);
});

test.each([
  ['symbol', ' msft '],
  ['symbol', 'brk.b'],
  ['symbol', '1ABC'],
  ['symbol', 'TOOLONGSYMBOL'],
  ['symbol', ''],
  ['quantity', 1],
  ['quantity', 1_000_000],
  ['quantity', 1_000_001],
  ['quantity', 2.5],
  ['quantity', -3],
  ['contestId', '  '],
])('an order and a market trade judge %s %p alike, in the same words', (field, value) => {
  const verdict = (parsed: { success: boolean; data?: Record<string, unknown>; error?: { issues: unknown[] } }) =>
    parsed.success
      ? { value: parsed.data?.[field] }
      : { issues: (parsed.error?.issues ?? []).filter((issue) => (issue as { path: unknown[] }).path[0] === field) };
  const order = verdict(placeOrderBodySchema.safeParse({ ...base, type: 'limit', limitPrice: 1, [field]: value }));
  const trade = verdict(tradeBodySchema.safeParse({ ...base, [field]: value }));
  expect(order).toEqual(trade);
});

test('what an order reserves, in cents', () => {
  expect(orderReservation({ side: 'buy', quantity: 10, limitPrice: 187.2 })).toEqual({ cashCents: 187_200, shares: 0 });
  expect(orderReservation({ side: 'buy', quantity: 3, limitPrice: null, stopPrice: 0.29 })).toEqual({
    cashCents: 87,
    shares: 0,
  });
  expect(orderReservation({ side: 'sell', quantity: 4, limitPrice: 10 })).toEqual({ cashCents: 0, shares: 4 });
});

describe('stopSideProblem: which way a stop works', () => {
  // The price is $421.34: each side's stop one cent on its right side, at the price, and well past it.
  it.each([
    ['sell', 'falls', 'below', 42_133, 42_977],
    ['short', 'falls', 'below', 42_133, 42_977],
    ['buy', 'rises', 'above', 42_135, 1],
    ['cover', 'rises', 'above', 42_135, 1],
  ] as const)('a %s stop triggers when the price %s: it must be %s the price', (side, moves, where, right, wrong) => {
    expect(stopSideProblem(side, right, 42_134)).toBeNull();
    const message = `A ${side} stop triggers when the price ${moves} to it: set it ${where} the current price ($421.34)`;
    expect(stopSideProblem(side, 42_134, 42_134)).toBe(message);
    expect(stopSideProblem(side, wrong, 42_134)).toBe(message);
  });
});

test('time in force: day or gtc, optional, on market and conditional orders alike', () => {
  for (const timeInForce of ['day', 'gtc']) {
    expect(fields({ ...base, type: 'limit', limitPrice: 1, timeInForce })).toEqual([]);
    expect(tradeBodySchema.safeParse({ ...base, timeInForce }).success).toBe(true);
  }
  for (const timeInForce of ['ioc', 'DAY', null, 1]) {
    expect(fields({ ...base, type: 'limit', limitPrice: 1, timeInForce })).toEqual(['timeInForce']);
    expect(tradeBodySchema.safeParse({ ...base, timeInForce }).success).toBe(false);
  }
  // A market order is POST /contest/trading's: never a type of POST /contest/orders.
  expect(fields({ ...base, type: 'market' })).toContain('type');
});

test('POST /contest/trading answers a trade (200) or the order that waits (202), and each is told apart', () => {
  const portfolio = { cash: 0, reservedCash: 0, positions: [], value: 0, returnPct: 0, buyingPower: 0 };
  const order = {
    _id: 'o1',
    contestId: 'c1',
    symbol: 'AAPL',
    side: 'buy',
    quantity: 1,
    type: 'market',
    limitPrice: null,
    stopPrice: null,
    status: 'pending',
    createdAt: '2030-01-07T14:32:00.000Z',
    updatedAt: '2030-01-07T14:32:00.000Z',
    fill: null,
    reason: 'Waiting for the delayed price',
    timeInForce: 'gtc',
  } as const;
  const trade = {
    _id: 't1',
    contestId: 'c1',
    symbol: 'AAPL',
    side: 'buy',
    quantity: 1,
    price: 300,
    amount: 300,
    executedAt: '2030-01-07T14:32:00.000Z',
    orderId: null,
    commission: 0,
    reason: null,
  } as const;
  const waiting = marketOrderResponseSchema.parse({ data: { order, portfolio } });
  const filled = marketOrderResponseSchema.parse({ data: { trade, portfolio } });
  expect(isPendingAnswer(waiting)).toBe(true);
  expect(isPendingAnswer(filled)).toBe(false);
  expect(isWorkingOrder(order)).toBe(true);
  expect(isWorkingOrder({ status: 'open' })).toBe(true);
  for (const status of ['filled', 'cancelled', 'expired', 'rejected'] as const) {
    expect(isWorkingOrder({ status })).toBe(false);
  }
});
