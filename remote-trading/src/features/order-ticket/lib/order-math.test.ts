import { estimatedAmount, maxBuyQuantity, orderProblem } from './order-math';

describe('order arithmetic', () => {
  it('buys as many whole shares as the cash allows, in cents', () => {
    expect(maxBuyQuantity(1000, 333.33)).toBe(3);
    expect(maxBuyQuantity(999.99, 333.33)).toBe(3);
    expect(maxBuyQuantity(999.98, 333.33)).toBe(2);
    expect(maxBuyQuantity(0.29, 0.1)).toBe(2);
    expect(maxBuyQuantity(100, 0)).toBe(0);
    expect(maxBuyQuantity(-5, 10)).toBe(0);
  });

  it('estimates the amount to the cent', () => {
    expect(estimatedAmount(3, 333.33)).toBe(999.99);
    expect(estimatedAmount(7, 0.1)).toBe(0.7);
  });

  it('explains what stops an order', () => {
    const base = { side: 'buy' as const, quantity: 1, price: 100, cash: 250, held: 0 };
    expect(orderProblem(base)).toBeNull();
    expect(orderProblem({ ...base, price: null })).toBe('Choose a symbol');
    expect(orderProblem({ ...base, quantity: 0 })).toBe('Enter a whole number of shares');
    expect(orderProblem({ ...base, quantity: 1.5 })).toBe('Enter a whole number of shares');
    expect(orderProblem({ ...base, quantity: 2 })).toBeNull();
    expect(orderProblem({ ...base, quantity: 3 })).toBe('Not enough buying power');
    expect(orderProblem({ ...base, side: 'sell', quantity: 1 })).toBe('You hold no shares of this symbol');
    expect(orderProblem({ ...base, side: 'sell', quantity: 5, held: 4 })).toBe('You hold 4 shares');
    expect(orderProblem({ ...base, side: 'sell', quantity: 4, held: 4 })).toBeNull();
  });
});
