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
  if (side === 'sell' && quantity > held)
    return held === 0 ? 'You hold no shares of this symbol' : `You hold ${held} shares`;
  return null;
}

// Conditional orders (API.md "Conditional orders"): limit, stop and stop-limit, filled later by the clock.

export type TicketOrderType = 'market' | 'limit' | 'stop' | 'stop-limit';

/** A price as typed: dollars with at most two decimals, more than zero; NaN otherwise. */
export function parsePrice(text: string): number {
  if (!/^\s*\d+(\.\d{1,2})?\s*$/.test(text)) return Number.NaN;
  const value = Number(text);
  return value > 0 ? value : Number.NaN;
}

export interface ConditionalCheck {
  side: TradeSide;
  type: Exclude<TicketOrderType, 'market'>;
  quantity: number;
  limitPrice: number;
  stopPrice: number;
  /** Cash not held by open orders. */
  cash: number;
  /** Shares not held by open orders. */
  held: number;
  hasSymbol: boolean;
}

/** What a conditional order holds back while it waits: a buy quantity × (limit ?? stop) of cash, a sell its shares. */
export function reservedAmount(
  side: TradeSide,
  quantity: number,
  limitPrice: number | null,
  stopPrice: number | null,
): number {
  if (side === 'sell' || !Number.isInteger(quantity) || quantity < 1) return 0;
  const price = limitPrice ?? stopPrice;
  return price && Number.isFinite(price) ? (quantity * cents(price)) / 100 : 0;
}

/** Why the conditional order cannot be sent, in the words shown on the ticket; null when it can. */
export function conditionalProblem(check: ConditionalCheck): string | null {
  const { side, type, quantity, limitPrice, stopPrice, cash, held } = check;
  if (!check.hasSymbol) return 'Choose a symbol';
  if (!Number.isInteger(quantity) || quantity < 1) return 'Enter a whole number of shares';
  const needsLimit = type !== 'stop';
  const needsStop = type !== 'limit';
  if (needsStop && Number.isNaN(stopPrice)) return 'Enter a stop price in dollars and cents, more than $0';
  if (needsLimit && Number.isNaN(limitPrice)) return 'Enter a limit price in dollars and cents, more than $0';
  if (side === 'buy') {
    const reserve = reservedAmount(side, quantity, needsLimit ? limitPrice : null, stopPrice);
    if (cents(reserve) > cents(cash)) return `Not enough buying power: this order reserves ${formatDollars(reserve)}`;
  }
  if (side === 'sell' && quantity > held)
    return held === 0 ? 'You have no shares of this symbol free to sell' : `You have ${held} shares free to sell`;
  return null;
}

function formatDollars(value: number): string {
  return `$${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}
