import {
  type ContestRules,
  initialMarginCents,
  type Order,
  type PlaceOrderBody,
  placeOrderBodySchema,
  positionCapMessage,
  reservedCashCents,
  rulesInCents,
  sharesWithinCap,
  stopSideProblem,
  type TradeBody,
  type TimeInForce,
  type TradeSide,
  tradeBodySchema,
} from '@bullpen/contract';
import { z } from 'zod';
import { commissionFor, maxBuyQuantity, parsePrice, type TicketOrderType, trailingStopPrice } from './order-math';

// The ticket's form: what is typed (kept as typed, "1.5" or "-1" included), checked against the player's money and
// shares by the ticket's own words, then built into the request body and checked by the shared order schemas.

type TrailBy = 'amount' | 'percent';

export interface TicketValues {
  side: TradeSide;
  quantity: string;
  type: TicketOrderType;
  limit: string;
  stop: string;
  trailBy: TrailBy;
  trail: string;
  /** A `datetime-local` value, in the player's time zone. */
  expiresAt: string;
  /** Day: the order also ends with the market's session. Offered only where the market has sessions. */
  timeInForce: TimeInForce;
}

/** A fresh ticket: buy one share at the market, good until `expiresAt` when it becomes a conditional order. */
export const blankTicket = (expiresAt: string): TicketValues => ({
  side: 'buy',
  quantity: '1',
  type: 'market',
  limit: '',
  stop: '',
  trailBy: 'amount',
  trail: '',
  expiresAt,
  timeInForce: 'gtc',
});

export type TicketField = keyof TicketValues | 'symbol';

/** What the checks need besides the form: the market, the player's money and shares, the contest. */
export interface TicketContext {
  contestId: string;
  symbol: string | null;
  price: number | null;
  /** Buying power less what open orders hold back. */
  buyingPower: number;
  /** Shares of the symbol: negative while short. */
  held: number;
  /** Of those, the shares open orders leave free to sell (long) or cover (short). */
  available: number;
  rules: ContestRules;
  /** The portfolio's value: the position cap is a share of it. */
  portfolioValue: number;
  /** The player's orders as the screen lists them: the open buys and shorts count against the cap as if filled. */
  orders: readonly Pick<Order, 'symbol' | 'side' | 'quantity' | 'status'>[];
  /** The contest's end, as a `datetime-local` value: the default and the latest good-until. */
  endsAt: string;
  now: number;
}

/** The order to send: a market order goes to /contest/trading, the others wait on the server. */
export type TicketOrder = { kind: 'market'; body: TradeBody } | { kind: 'conditional'; body: PlaceOrderBody };

const WHOLE = /^\s*\d+\s*$/;

export const quantityOf = (values: Pick<TicketValues, 'quantity'>) =>
  WHOLE.test(values.quantity) ? Number(values.quantity) : Number.NaN;

const needsLimit = (type: TicketOrderType) => type === 'limit' || type === 'stop-limit';
const needsStop = (type: TicketOrderType) => type === 'stop' || type === 'stop-limit';

/** A trail as typed: dollars with cents, or a percent with at most two decimals; undefined when unusable. */
function trailOf(values: Pick<TicketValues, 'trailBy' | 'trail'>): { amount?: number; percent?: number } {
  const value = parsePrice(values.trail);
  if (Number.isNaN(value)) return {};
  return values.trailBy === 'amount' ? { amount: value } : { percent: value };
}

/** A trailing stop's stop now, from the current price; NaN until the trail and the price are known. */
export function currentTrailingStop(values: TicketValues, price: number | null): number {
  return price === null ? Number.NaN : trailingStopPrice(values.side, price, trailOf(values));
}

/** The price a conditional order is reserved and checked at: its limit, else its stop (a trailing stop's first). */
function orderPrice(values: TicketValues, price: number | null): number | null {
  if (values.type === 'market') return price;
  if (values.type === 'trailing-stop') {
    const stop = currentTrailingStop(values, price);
    return Number.isNaN(stop) ? null : stop;
  }
  const limit = needsLimit(values.type) ? parsePrice(values.limit) : Number.NaN;
  const stop = needsStop(values.type) ? parsePrice(values.stop) : Number.NaN;
  const chosen = [limit, stop].find((value) => !Number.isNaN(value));
  return chosen ?? null;
}

const cents = (dollars: number) => Math.round(dollars * 100);

/**
 * Cash a conditional order holds back, as the server reserves it (the contract's rule): a buy's or a cover's amount,
 * 150 % of it for a short (API.md "Short selling"), none for a sell; none until the quantity and the price are usable.
 */
export function reservedCash(values: TicketValues, price: number | null): number {
  const quantity = quantityOf(values);
  const at = orderPrice(values, price);
  if (!(at && Number.isFinite(at)) || !Number.isInteger(quantity) || quantity < 1) return 0;
  return reservedCashCents(values.side, quantity, cents(at)) / 100;
}

/** The most shares this side can trade now: buying power for a buy or short, free shares for a sell or cover. */
export function maxQuantity(values: TicketValues, context: TicketContext): number {
  if (values.side === 'sell' || values.side === 'cover') return Math.max(0, context.available);
  const at = cents(orderPrice(values, context.price) ?? 0);
  // A waiting short holds back its initial margin: counted a share at a time, never more shares than the cash covers.
  const perShare = values.type !== 'market' && values.side === 'short' ? initialMarginCents(at) : at;
  const affordable = maxBuyQuantity(context.buyingPower, perShare / 100, context.rules.commission);
  // The cap's limit too, as the server counts it: Max never offers what the server would refuse.
  const room = roomUnderCap(values, context);
  return room === null ? affordable : Math.min(affordable, room.shares);
}

/** The words of a buy or short over the cap, the same the server's refusal shows: "…: 12 more shares would fit". */
export function overCapMessage(maxPositionPct: number, room: CapRoom, adds: boolean): string {
  const cap = positionCapMessage(Math.round(maxPositionPct * 100));
  if (room.shares === 0) return `${cap}: no more shares fit`;
  return `${cap}: ${room.shares} ${adds ? 'more ' : ''}${room.shares === 1 ? 'share' : 'shares'} would fit`;
}

/** What the position cap leaves for this buy or short: shares that fit, after those open orders would add. */
export interface CapRoom {
  shares: number;
  /** Shares of open orders of this side and symbol, counted as filled. */
  pending: number;
}

/**
 * How many shares this buy or short may add under the contest's cap, counted as the server counts them (the
 * contract's rule): at the order's price (the current one for a market order), with the position and the portfolio
 * valued at it, and the open orders of the same side and symbol counted as filled. Null without a cap, for a sell or
 * cover, or until the symbol and its price are known.
 */
export function roomUnderCap(values: TicketValues, context: TicketContext): CapRoom | null {
  const { price, symbol } = context;
  const at = orderPrice(values, price);
  if (context.rules.maxPositionPct === null || price === null || at === null || !symbol) return null;
  if (values.side !== 'buy' && values.side !== 'short') return null;
  const pending = context.orders
    .filter((order) => order.status === 'open' && order.symbol === symbol && order.side === values.side)
    .reduce((sum, order) => sum + order.quantity, 0);
  const valueCents = cents(context.portfolioValue) + context.held * (cents(at) - cents(price));
  const rules = rulesInCents(context.rules);
  return { shares: sharesWithinCap(rules, Math.abs(context.held) + pending, cents(at), valueCents), pending };
}

const money = (value: number) =>
  `$${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** The local `datetime-local` text of an instant. */
export function localDateTime(iso: string): string {
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** What stops the order, by field, in the words the ticket shows. The server checks all of it again. */
function ticketProblems(values: TicketValues, context: TicketContext): Partial<Record<TicketField, string>> {
  const problems: Partial<Record<TicketField, string>> = {};
  if (context.price === null || !context.symbol) problems.symbol = 'Choose a symbol';
  const quantity = quantityOf(values);
  if (!Number.isInteger(quantity) || quantity < 1) problems.quantity = 'Enter a whole number of shares';
  const conditional = values.type !== 'market';
  if (needsStop(values.type) && Number.isNaN(parsePrice(values.stop)))
    problems.stop = 'Enter a stop price in dollars and cents, more than $0';
  else if (needsStop(values.type) && context.price !== null) {
    // Said before Review, in the server's words: a stop already crossed would fill at once.
    const wrongSide = stopSideProblem(
      values.side,
      Math.round(parsePrice(values.stop) * 100),
      Math.round(context.price * 100),
    );
    if (wrongSide) problems.stop = wrongSide;
  }
  if (needsLimit(values.type) && Number.isNaN(parsePrice(values.limit)))
    problems.limit = 'Enter a limit price in dollars and cents, more than $0';
  if (values.type === 'trailing-stop') {
    const trail = trailOf(values);
    if (values.trailBy === 'amount' && trail.amount === undefined)
      problems.trail = 'Enter a trail in dollars and cents, more than $0';
    if (values.trailBy === 'percent' && (trail.percent === undefined || trail.percent > 50))
      problems.trail = 'Enter a trail percent, more than 0 and at most 50';
  }
  if (conditional) {
    const chosen = Date.parse(values.expiresAt);
    const end = Date.parse(context.endsAt);
    if (Number.isNaN(chosen)) problems.expiresAt = 'Enter a date and time';
    else if (chosen <= context.now) problems.expiresAt = 'Choose a time in the future';
    else if (chosen > end) problems.expiresAt = 'Choose a time before the contest ends';
  }
  if (problems.symbol || problems.quantity || problems.stop || problems.limit || problems.trail) return problems;

  const { side } = values;
  const commission = commissionFor(context.rules.commission, quantity);
  if (side === 'sell' && quantity > context.available) {
    problems.quantity = conditional
      ? context.available <= 0
        ? 'You have no shares of this symbol free to sell'
        : `You have ${context.available} shares free to sell`
      : context.available <= 0
        ? 'You hold no shares of this symbol'
        : `You hold ${context.available} shares`;
  } else if (side === 'cover' && quantity > context.available) {
    problems.quantity =
      context.available <= 0
        ? 'You have no short shares of this symbol to cover'
        : `You are short ${context.available} shares`;
  } else if (side !== 'sell') {
    const cost = conditional ? reservedCash(values, context.price) : quantity * (context.price ?? 0);
    const needed = Math.round((cost + commission) * 100);
    const checked = side !== 'cover' || conditional;
    if (checked && needed > Math.round(context.buyingPower * 100)) {
      problems.quantity = conditional
        ? `Not enough buying power: this order reserves ${money(cost + commission)}`
        : 'Not enough buying power';
    }
    // Said before Review rather than after a refusal: the cap counted as the server counts it.
    const room = roomUnderCap(values, context);
    if (!problems.quantity && room !== null && context.rules.maxPositionPct !== null && quantity > room.shares) {
      problems.quantity = overCapMessage(context.rules.maxPositionPct, room, context.held !== 0 || room.pending > 0);
    }
  }
  return problems;
}

/** The request body the reviewed form stands for. */
function ticketOrder(values: TicketValues, context: TicketContext): TicketOrder {
  const base = {
    contestId: context.contestId,
    symbol: context.symbol ?? '',
    side: values.side,
    quantity: quantityOf(values),
    // Good till cancelled is the server's default: only a day order says so, so other bodies stay as they were.
    ...(values.timeInForce === 'day' ? { timeInForce: 'day' as const } : {}),
  };
  if (values.type === 'market') return { kind: 'market', body: base };
  const trail = trailOf(values);
  return {
    kind: 'conditional',
    body: {
      ...base,
      type: values.type,
      ...(needsLimit(values.type) ? { limitPrice: parsePrice(values.limit) } : {}),
      ...(needsStop(values.type) ? { stopPrice: parsePrice(values.stop) } : {}),
      ...(values.type === 'trailing-stop' && trail.amount !== undefined ? { trailAmount: trail.amount } : {}),
      ...(values.type === 'trailing-stop' && trail.percent !== undefined ? { trailPercent: trail.percent } : {}),
      // The contest's end is the server's default: only an earlier time is sent.
      ...(values.expiresAt !== context.endsAt ? { expiresAt: new Date(values.expiresAt).toISOString() } : {}),
    },
  };
}

/** Where a field of the request body is typed on the ticket. */
const FIELD_OF_BODY: Record<string, TicketField> = {
  symbol: 'symbol',
  side: 'side',
  quantity: 'quantity',
  limitPrice: 'limit',
  stopPrice: 'stop',
  trailAmount: 'trail',
  trailPercent: 'trail',
  expiresAt: 'expiresAt',
  timeInForce: 'timeInForce',
};

export const ticketFieldOf = (bodyField: string): TicketField | null => FIELD_OF_BODY[bodyField] ?? null;

/**
 * The form's schema for the player's situation now: the ticket's checks, then the shared request schema over the
 * body it builds (so the limits the server enforces are said before sending). Its output is the order to send.
 */
export function ticketSchema(context: TicketContext) {
  return z
    .object({
      side: z.enum(['buy', 'sell', 'short', 'cover']),
      quantity: z.string(),
      type: z.enum(['market', 'limit', 'stop', 'stop-limit', 'trailing-stop']),
      limit: z.string(),
      stop: z.string(),
      trailBy: z.enum(['amount', 'percent']),
      trail: z.string(),
      expiresAt: z.string(),
      timeInForce: z.enum(['day', 'gtc']),
    })
    .superRefine((values, ctx) => {
      const problems = Object.entries(ticketProblems(values, context));
      for (const [field, message] of problems) ctx.addIssue({ code: 'custom', path: [field], message });
      if (problems.length > 0) return;
      const order = ticketOrder(values, context);
      const parsed =
        order.kind === 'market' ? tradeBodySchema.safeParse(order.body) : placeOrderBodySchema.safeParse(order.body);
      if (parsed.success) return;
      for (const issue of parsed.error.issues) {
        const field = ticketFieldOf(String(issue.path[0] ?? '')) ?? 'quantity';
        ctx.addIssue({ code: 'custom', path: [field], message: issue.message });
      }
    })
    .transform((values) => ticketOrder(values, context));
}
