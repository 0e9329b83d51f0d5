import type { TradeSide } from '@bullpen/shared/schemas';

// Market orders of DESIGN §5: whole shares at the current price, no commission, no shorting, no margin.

const cents = (dollars: number) => Math.round(dollars * 100);

/** The most whole shares the cash can buy at this price. */
export function maxBuyQuantity(cash: number, price: number): number {
  if (!(price > 0) || !(cash > 0)) return 0;
  return Math.floor(cents(cash) / cents(price));
}

export function estimatedAmount(quantity: number, price: number): number {
  return cents(quantity * price) / 100;
}

export interface OrderCheck {
  side: TradeSide;
  quantity: number;
  price: number | null;
  cash: number;
  held: number;
}

/** Why the order cannot be sent, in the words shown on the ticket; null when it can. The server checks again. */
export function orderProblem({ side, quantity, price, cash, held }: OrderCheck): string | null {
  if (price === null) return 'Choose a symbol';
  if (!Number.isInteger(quantity) || quantity < 1) return 'Enter a whole number of shares';
  if (side === 'buy' && quantity > maxBuyQuantity(cash, price)) return 'Not enough buying power';
  if (side === 'sell' && quantity > held) return held === 0 ? 'You hold no shares of this symbol' : `You hold ${held} shares`;
  return null;
}
