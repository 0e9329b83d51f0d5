import { allocateStartingCash } from '@bullpen/contract';
import { acceptsPicks, acceptsTrades, contestStatus, phaseAt } from './contest-status';
import { roundRatio, toCents, toDollars } from './money';
import { affiliationProblems, picksProblems } from './picks';
import { rankPlayers, rankTeams, teamTotals } from './ranking';
import { costAfterClosing, fill } from './trade';
import { describePortfolio, portfolioValueCents, returnRatio } from './valuation';

const at = (iso: string) => new Date(iso);
const timing = { startsAt: at('2030-01-01T10:00:00Z'), endsAt: at('2030-01-01T12:00:00Z') };

describe('contest status from the clock', () => {
  test('upcoming before the start, active until the end, completed from the end', () => {
    expect(phaseAt(timing, at('2030-01-01T09:59:59Z'))).toBe('upcoming');
    expect(phaseAt(timing, at('2030-01-01T10:00:00Z'))).toBe('active');
    expect(phaseAt(timing, at('2030-01-01T11:59:59Z'))).toBe('active');
    expect(phaseAt(timing, at('2030-01-01T12:00:00Z'))).toBe('completed');
  });

  test('cancellation wins over the phase', () => {
    expect(contestStatus({ phase: 'upcoming', cancelledAt: at('2030-01-01T09:00:00Z') })).toBe('cancelled');
    expect(contestStatus({ phase: 'active', cancelledAt: null })).toBe('active');
  });

  test('picks close at the start even before the clock has moved the contest', () => {
    const contest = { ...timing, phase: 'upcoming' as const, cancelledAt: null };
    expect(acceptsPicks(contest, at('2030-01-01T09:59:59Z'))).toBe(true);
    expect(acceptsPicks(contest, at('2030-01-01T10:00:00Z'))).toBe(false);
    expect(acceptsPicks({ ...contest, cancelledAt: at('2030-01-01T09:00:00Z') }, at('2030-01-01T09:30:00Z'))).toBe(
      false,
    );
  });

  test('trading only while live and before the end', () => {
    const live = { ...timing, phase: 'active' as const, cancelledAt: null };
    expect(acceptsTrades(live, at('2030-01-01T11:00:00Z'))).toBe(true);
    expect(acceptsTrades(live, at('2030-01-01T12:00:00Z'))).toBe(false);
    expect(acceptsTrades({ ...live, phase: 'upcoming' }, at('2030-01-01T11:00:00Z'))).toBe(false);
    expect(acceptsTrades({ ...live, phase: 'completed' }, at('2030-01-01T11:00:00Z'))).toBe(false);
  });
});

describe('money', () => {
  test('dollars and cents round-trip without floating-point drift', () => {
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(1234.565)).toBe(123457);
    expect(toDollars(123457)).toBe(1234.57);
    expect(roundRatio(-0.0000001)).toBe(0);
    expect(roundRatio(0.123456789)).toBe(0.123457);
  });
});

describe('picks', () => {
  const known = (s: string) => ['AAPL', 'MSFT', 'NVDA'].includes(s);
  test('exactly picksCount distinct known symbols', () => {
    expect(picksProblems(['AAPL', 'MSFT'], 2, known)).toEqual([]);
    expect(picksProblems(['AAPL'], 2, known)).toEqual([{ field: 'picks', message: 'Choose exactly 2 picks' }]);
    expect(picksProblems(['AAPL', 'AAPL'], 2, known)).toEqual([
      { field: 'picks', message: 'Picks must be different symbols' },
    ]);
    expect(picksProblems(['AAPL', 'ZZZZ'], 2, known)).toEqual([{ field: 'picks.1', message: 'Unknown symbol ZZZZ' }]);
  });

  test('affiliation exactly when the contest has teams', () => {
    expect(affiliationProblems(undefined, [])).toEqual([]);
    expect(affiliationProblems('Red', [])).toHaveLength(1);
    expect(affiliationProblems(undefined, ['Red', 'Blue'])).toEqual([
      { field: 'affiliation', message: 'Choose a team' },
    ]);
    expect(affiliationProblems('Green', ['Red', 'Blue'])).toHaveLength(1);
    expect(affiliationProblems('Blue', ['Red', 'Blue'])).toEqual([]);
  });
});

describe('start allocation', () => {
  test('equal split, whole shares, remainder stays cash', () => {
    const prices = new Map([
      ['AAPL', 23_027],
      ['MSFT', 43_335],
    ]);
    const allocation = allocateStartingCash(1_000_000, ['AAPL', 'MSFT'], prices);
    // $5,000 per pick: 21 × $230.27 = $4,835.67 and 11 × $433.35 = $4,766.85.
    expect(allocation.positions).toEqual([
      { symbol: 'AAPL', quantity: 21, costCents: 483_567 },
      { symbol: 'MSFT', quantity: 11, costCents: 476_685 },
    ]);
    expect(allocation.cashCents).toBe(1_000_000 - 483_567 - 476_685);
  });

  test('a pick dearer than its share of the cash buys nothing and the cash stays', () => {
    const allocation = allocateStartingCash(
      100_000,
      ['BKNG', 'T'],
      new Map([
        ['BKNG', 419_050],
        ['T', 2_190],
      ]),
    );
    expect(allocation.positions).toEqual([{ symbol: 'T', quantity: 22, costCents: 48_180 }]);
    expect(allocation.cashCents).toBe(100_000 - 48_180);
  });

  test('never spends more than the starting cash', () => {
    for (let cash = 100_000; cash < 100_500; cash += 37) {
      const allocation = allocateStartingCash(
        cash,
        ['A', 'B', 'C'],
        new Map([
          ['A', 333],
          ['B', 7_001],
          ['C', 12_345],
        ]),
      );
      const spent = allocation.positions.reduce((sum, p) => sum + p.costCents, 0);
      expect(allocation.cashCents).toBe(cash - spent);
      expect(allocation.cashCents).toBeGreaterThanOrEqual(0);
    }
  });
});

describe('orders', () => {
  const holding = { quantity: 10, costCents: 50_000 };
  test('a buy adds its amount to the cost and takes it and the commission from cash', () => {
    expect(fill(holding, 'buy', 2, 40_000, 100)).toEqual({
      ok: true,
      amountCents: 80_000,
      cashDeltaCents: -80_100,
      quantity: 12,
      costCents: 130_000,
    });
  });
  test('a sell keeps the average cost', () => {
    expect(fill(holding, 'sell', 4, 6_000, 0)).toEqual({
      ok: true,
      amountCents: 24_000,
      cashDeltaCents: 24_000,
      quantity: 6,
      costCents: 30_000,
    });
  });
  test('a partial cover keeps the average cost of the short', () => {
    expect(fill({ quantity: -3, costCents: -10_000 }, 'cover', 1, 2_000, 0)).toMatchObject({
      ok: true,
      quantity: -2,
      costCents: -6_667,
    });
  });
  test('selling more than held is refused (no shorting by selling)', () => {
    expect(fill(holding, 'sell', 11, 6_000, 0)).toEqual({ ok: false, reason: 'insufficient-shares' });
  });
  test('selling everything clears the cost basis', () => {
    expect(fill(holding, 'sell', 10, 6_000, 0)).toMatchObject({ ok: true, quantity: 0, costCents: 0 });
  });
  test('the average-cost rule rounds to the cent and leaves nothing once all is closed', () => {
    expect(costAfterClosing({ quantity: 3, costCents: 10_000 }, 1)).toBe(6_667);
    expect(costAfterClosing({ quantity: -3, costCents: -10_000 }, 3)).toBe(0);
  });
});

describe('valuation', () => {
  test('value = cash + quantity × price; return = value / starting − 1', () => {
    const prices = new Map([['AAPL', 25_000]]);
    expect(portfolioValueCents(10_000, [{ symbol: 'AAPL', quantity: 4, costCents: 80_000 }], prices)).toBe(110_000);
    expect(returnRatio(110_000, 100_000)).toBeCloseTo(0.1, 12);
    expect(describePortfolio(10_000, [{ symbol: 'AAPL', quantity: 4, costCents: 80_000 }], prices, 100_000)).toEqual({
      cash: 100,
      buyingPower: 100,
      reservedCash: 0,
      positions: [
        {
          symbol: 'AAPL',
          quantity: 4,
          avgCost: 200,
          price: 250,
          value: 1000,
          pnl: 200,
          pnlPct: 0.25,
          reservedQuantity: 0,
        },
      ],
      value: 1100,
      returnPct: 0.1,
    });
  });

  test('reserved cash and shares are shown beside, never subtracted from, cash and holdings', () => {
    const prices = new Map([['AAPL', 25_000]]);
    const portfolio = describePortfolio(10_000, [{ symbol: 'AAPL', quantity: 4, costCents: 80_000 }], prices, 100_000, {
      cashCents: 6_050,
      shares: new Map([['AAPL', 3]]),
    });
    expect(portfolio).toMatchObject({ cash: 100, reservedCash: 60.5, value: 1100 });
    expect(portfolio.positions[0]).toMatchObject({ quantity: 4, reservedQuantity: 3 });
  });
});

describe('ranking', () => {
  test('ties share the better rank and are listed by earlier joinedAt', () => {
    const ranked = rankPlayers([
      { userId: 'late-tie', valueCents: 500, joinedAt: at('2030-01-01T00:00:03Z') },
      { userId: 'top', valueCents: 900, joinedAt: at('2030-01-01T00:00:05Z') },
      { userId: 'early-tie', valueCents: 500, joinedAt: at('2030-01-01T00:00:01Z') },
      { userId: 'last', valueCents: 100, joinedAt: at('2030-01-01T00:00:00Z') },
    ]);
    expect(ranked.map((r) => [r.userId, r.rank])).toEqual([
      ['top', 1],
      ['early-tie', 2],
      ['late-tie', 2],
      ['last', 4],
    ]);
  });

  test('teams rank by the mean of their members, ties share the better rank', () => {
    const members = [
      { affiliation: 'Red', valueCents: 110_000 },
      { affiliation: 'Red', valueCents: 90_000 },
      { affiliation: 'Blue', valueCents: 100_000 },
      { affiliation: 'Green', valueCents: 120_000 },
    ];
    expect(rankTeams(teamTotals(members), ['Red', 'Blue', 'Green', 'Empty'], 100_000)).toEqual([
      { rank: 1, affiliation: 'Green', members: 1, returnPct: 0.2 },
      { rank: 2, affiliation: 'Red', members: 2, returnPct: 0 },
      { rank: 2, affiliation: 'Blue', members: 1, returnPct: 0 },
    ]);
  });
});
