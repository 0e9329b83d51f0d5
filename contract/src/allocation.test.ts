import { planAllocation } from './allocation';

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
    expect(planAllocation(5_000, [])).toEqual({ rows: [], invested: 0, cash: 5_000 });
  });
});
