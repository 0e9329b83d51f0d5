import type { ContestRules } from '@bullpen/contract';
import {
  blankTicket,
  maxQuantity,
  reservedCash,
  roomUnderCap,
  type TicketContext,
  type TicketValues,
} from './ticket-form';

const RULES: ContestRules = { shortSelling: true, commission: { perTrade: 0, perShare: 0 }, maxPositionPct: 25 };

const values = (over: Partial<TicketValues> = {}): TicketValues => ({ ...blankTicket(''), ...over });

const context = (over: Partial<TicketContext> = {}): TicketContext => ({
  contestId: 'c1',
  symbol: 'NVDA',
  price: 100,
  buyingPower: 10_000,
  held: 0,
  available: 0,
  rules: RULES,
  portfolioValue: 10_000,
  orders: [],
  endsAt: '',
  now: 0,
  ...over,
});

const open = (side: 'buy' | 'short' | 'sell', quantity: number, symbol = 'NVDA') =>
  ({ symbol, side, quantity, status: 'open' }) as const;

describe('the room under the position cap', () => {
  it('counts the open orders of the same side and symbol as filled, as the server does', () => {
    // 25 % of $10,000 at $100: 25 shares.
    expect(roomUnderCap(values(), context())).toEqual({ shares: 25, pending: 0 });
    const orders = [open('buy', 10), open('buy', 4), open('short', 7), open('buy', 100, 'AAPL')];
    expect(roomUnderCap(values(), context({ orders }))).toEqual({ shares: 11, pending: 14 });
    expect(roomUnderCap(values({ side: 'short' }), context({ orders }))).toEqual({ shares: 18, pending: 7 });
    // Filled, cancelled or rejected orders add nothing.
    const closed = [
      { ...open('buy', 10), status: 'filled' as const },
      { ...open('buy', 10), status: 'rejected' as const },
    ];
    expect(roomUnderCap(values(), context({ orders: closed }))).toEqual({ shares: 25, pending: 0 });
  });

  it('is counted at the order’s price, with the position valued at it', () => {
    // A limit at $80: 25 % of $10,000 is 31 shares at $80.
    expect(roomUnderCap(values({ type: 'limit', limit: '80' }), context())?.shares).toBe(31);
    // Holding 20 at $100, the portfolio is worth $9,600 with them at $80: 30 shares in all, 10 more.
    expect(roomUnderCap(values({ type: 'limit', limit: '80' }), context({ held: 20 }))?.shares).toBe(10);
  });

  it('says nothing without a cap, for sells and covers, or before there is a price', () => {
    expect(roomUnderCap(values(), context({ rules: { ...RULES, maxPositionPct: null } }))).toBeNull();
    expect(roomUnderCap(values({ side: 'sell' }), context({ held: 5 }))).toBeNull();
    expect(roomUnderCap(values({ side: 'cover' }), context({ held: -5 }))).toBeNull();
    expect(roomUnderCap(values(), context({ price: null }))).toBeNull();
    expect(roomUnderCap(values({ type: 'limit', limit: 'x' }), context())).toBeNull();
  });
});

describe('the most shares the buying power covers', () => {
  it('counts the price in whole cents, as the server does: $1.10 is 110 cents, not 111', () => {
    // 110.00000000000001 cents in floating point; rounded up, it lost a share of the $11.00.
    expect(maxQuantity(values(), context({ price: 1.1, buyingPower: 11 }))).toBe(10);
    expect(maxQuantity(values({ type: 'limit', limit: '2.2' }), context({ buyingPower: 22 }))).toBe(10);
  });

  it('holds a waiting short to its initial margin, a share at a time', () => {
    // 150 % of $1.01 is $1.515, $1.52 a share: 6 shares of $10.00; a short at the market needs its amount.
    expect(maxQuantity(values({ side: 'short', type: 'limit', limit: '1.01' }), context({ buyingPower: 10 }))).toBe(6);
    expect(maxQuantity(values({ side: 'short' }), context({ price: 1.01, buyingPower: 10 }))).toBe(9);
    expect(reservedCash(values({ side: 'short', type: 'limit', limit: '1.01', quantity: '3' }), 1)).toBe(4.55);
  });
});
