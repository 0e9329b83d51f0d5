import * as fc from 'fast-check';
import { allocateStartingCash, planAllocation } from './allocation';
import { withinPositionCap } from './contest-rules';

describe('planAllocation', () => {
  it('splits the starting cash equally and buys whole shares, keeping the remainder as cash', () => {
    const plan = planAllocation(100_000, [
      { symbol: 'AAPL', price: 190.37 },
      { symbol: 'MSFT', price: 411.22 },
    ]);
    expect(plan.rows).toEqual([
      { symbol: 'AAPL', price: 190.37, budget: 50_000, shares: 262, cost: 49_876.94 },
      { symbol: 'MSFT', price: 411.22, budget: 50_000, shares: 121, cost: 49_757.62 },
    ]);
    expect(plan.invested).toBe(99_634.56);
    expect(plan.cash).toBe(365.44);
  });

  it('buys nothing of a pick that costs more than its share and keeps that money as cash', () => {
    const plan = planAllocation(1_000, [
      { symbol: 'NVR', price: 7_000 },
      { symbol: 'F', price: 12.5 },
    ]);
    expect(plan.rows.map((row) => row.shares)).toEqual([0, 40]);
    expect(plan.invested).toBe(500);
    expect(plan.cash).toBe(500);
  });

  it('does not lose a cent to floating point when the price divides the budget exactly', () => {
    // 0.1 + 0.2 style drift would make 100 shares of 0.07 come out as 99.
    const plan = planAllocation(21, [
      { symbol: 'A', price: 0.07 },
      { symbol: 'B', price: 0.07 },
      { symbol: 'C', price: 0.07 },
    ]);
    expect(plan.rows.map((row) => row.shares)).toEqual([100, 100, 100]);
    expect(plan.cash).toBe(0);
  });

  it('never spends more than the starting cash and always accounts for every cent', () => {
    const prices = [3.33, 17.01, 250.5, 999.99, 0.01, 42];
    for (let n = 1; n <= prices.length; n += 1) {
      const picks = prices.slice(0, n).map((price, i) => ({ symbol: `S${i}`, price }));
      const plan = planAllocation(12_345.67, picks);
      expect(plan.invested).toBeLessThanOrEqual(12_345.67);
      expect(Math.round((plan.invested + plan.cash) * 100)).toBe(1_234_567);
      for (const row of plan.rows) {
        expect(Number.isInteger(row.shares)).toBe(true);
        expect(row.cost).toBeLessThanOrEqual(row.budget + 1e-9);
        // One more share would overshoot the equal share.
        expect(row.cost + row.price).toBeGreaterThan(row.budget);
      }
    }
  });

  it('keeps all cash when there are no picks', () => {
    expect(planAllocation(5_000, [])).toEqual({ rows: [], invested: 0, cash: 5_000, cappedAtPct: null });
  });

  it('bounds each pick at a position cap below the equal split and keeps the rest as cash', () => {
    const picks = [
      { symbol: 'AAPL', price: 100 },
      { symbol: 'MSFT', price: 100 },
      { symbol: 'KO', price: 100 },
    ];
    const capped = planAllocation(100_000, picks, 25);
    expect(capped.rows.map((row) => [row.budget, row.shares])).toEqual([
      [25_000, 250],
      [25_000, 250],
      [25_000, 250],
    ]);
    expect(capped.cash).toBe(25_000);
    expect(capped.cappedAtPct).toBe(25);
    // A cap at or above the equal split changes nothing.
    expect(planAllocation(100_000, picks, 40)).toEqual({ ...planAllocation(100_000, picks), cappedAtPct: null });
    const onePick = planAllocation(100_000, [{ symbol: 'AAPL', price: 100 }], 10);
    expect(onePick.invested).toBe(10_000);
    expect(onePick.cash).toBe(90_000);
  });
});

describe('allocateStartingCash', () => {
  const symbols = ['AAPL', 'MSFT', 'KO', 'XOM', 'NVDA', 'F', 'T', 'GE', 'PG', 'V'];
  const start = fc.record({
    cashCents: fc.integer({ min: 100_000, max: 1_000_000_000 }),
    prices: fc.array(fc.integer({ min: 1, max: 10_000_000 }), { minLength: 1, maxLength: symbols.length }),
    capBp: fc.option(fc.integer({ min: 500, max: 10_000 }), { nil: null }),
  });

  it('never starts a position over the cap, never spends more than the cash, and spends as the equal split does', () => {
    fc.assert(
      fc.property(start, ({ cashCents, prices, capBp }) => {
        const picks = symbols.slice(0, prices.length);
        const priceOf = new Map(picks.map((symbol, i) => [symbol, prices[i] as number]));
        const capped = allocateStartingCash(cashCents, picks, priceOf, capBp);
        const equal = allocateStartingCash(cashCents, picks, priceOf);
        expect(capped.cashCents).toBeGreaterThanOrEqual(0);
        expect(capped.cashCents + capped.positions.reduce((sum, p) => sum + p.costCents, 0)).toBe(cashCents);
        for (const position of capped.positions) {
          const price = priceOf.get(position.symbol) as number;
          expect(withinPositionCap(capBp, position.quantity, price, cashCents)).toBe(true);
          const unbounded = equal.positions.find((p) => p.symbol === position.symbol);
          expect(position.quantity).toBeLessThanOrEqual(unbounded?.quantity ?? 0);
        }
        if (capBp === null || capBp * picks.length >= 10_000) expect(capped).toEqual(equal);
      }),
    );
  });
});
