import { commissionFor, estimatedAmount, maxBuyQuantity, trailingStopPrice } from './order-math';

describe('order arithmetic', () => {
  it('buys as many whole shares as the cash allows, in cents', () => {
    expect(maxBuyQuantity(1000, 333.33)).toBe(3);
    expect(maxBuyQuantity(999.99, 333.33)).toBe(3);
    expect(maxBuyQuantity(999.98, 333.33)).toBe(2);
    expect(maxBuyQuantity(0.29, 0.1)).toBe(2);
    expect(maxBuyQuantity(100, 0)).toBe(0);
    expect(maxBuyQuantity(-5, 10)).toBe(0);
  });

  it('leaves room for the commission when it counts the most shares', () => {
    const fee = { perTrade: 4.95, perShare: 0.01 };
    // 3 × $333.33 + $4.98 = $1,004.97: over $1,000, so 2.
    expect(maxBuyQuantity(1000, 333.33, fee)).toBe(2);
    expect(maxBuyQuantity(1004.97, 333.33, fee)).toBe(3);
    expect(maxBuyQuantity(4.95, 1, fee)).toBe(0);
  });

  it('charges perTrade + perShare × quantity, rounded up to the cent', () => {
    expect(commissionFor({ perTrade: 4.95, perShare: 0 }, 10)).toBe(4.95);
    expect(commissionFor({ perTrade: 0, perShare: 0.005 }, 3)).toBe(0.02);
    expect(commissionFor({ perTrade: 0, perShare: 0.004 }, 1)).toBe(0.01);
    expect(commissionFor({ perTrade: 0, perShare: 0.004 }, 100)).toBe(0.4);
    expect(commissionFor({ perTrade: 1, perShare: 0.0049 }, 100)).toBe(1.49);
    expect(commissionFor({ perTrade: 0, perShare: 0 }, 100)).toBe(0);
    expect(commissionFor({ perTrade: 4.95, perShare: 0 }, 0)).toBe(0);
  });

  it('puts a trailing stop below the price for a sell or short, above it for a buy or cover', () => {
    expect(trailingStopPrice('sell', 190, { amount: 2.5 })).toBe(187.5);
    expect(trailingStopPrice('short', 190, { percent: 5 })).toBe(180.5);
    expect(trailingStopPrice('buy', 190, { amount: 2.5 })).toBe(192.5);
    expect(trailingStopPrice('cover', 333.33, { percent: 10 })).toBe(366.67);
    expect(trailingStopPrice('sell', 190, {})).toBeNaN();
    // Away from the price to a whole cent, as the server places it: $425.08 less 5 % is $403.826.
    expect(trailingStopPrice('sell', 425.08, { percent: 5 })).toBe(403.82);
    expect(trailingStopPrice('buy', 425.08, { percent: 5 })).toBe(446.34);
    expect(trailingStopPrice('sell', 3, { amount: 5 })).toBe(0);
  });

  it('estimates the amount to the cent', () => {
    expect(estimatedAmount(3, 333.33)).toBe(999.99);
    expect(estimatedAmount(7, 0.1)).toBe(0.7);
  });
});
