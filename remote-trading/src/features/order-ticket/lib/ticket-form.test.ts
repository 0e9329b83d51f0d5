import type { ContestRules } from '@bullpen/shared/schemas';
import { blankTicket, roomUnderCap, type TicketContext, type TicketValues } from './ticket-form';

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
