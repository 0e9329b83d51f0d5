import {
  commissionCents,
  fairFillPrice,
  positionCapMessage,
  rulesInCents,
  type StampedPrice,
  withinPositionCap,
} from '@bullpen/contract';
import { rulesOfContests } from '../db/contests';
import type { Executor } from '../db/database';
import { allPrices } from '../db/market';
import {
  type DueOrderRow,
  expireOrdersWithReasons,
  lockDueOrders,
  lockOrdersPastGoodUntil,
  lockPlayersPositions,
  lockWaitingOrders,
  moveFillAfter,
  OPEN_GATE,
  type OrderOutcome,
  type PriceGate,
  playersWithDueOrders,
  waitingOrderStamps,
  writeFills,
} from '../db/order-fills';
import { lockParticipantsCash, type PlayerKey, playersOf } from '../db/participants';
import type { NewTradeRow } from '../db/portfolios';
import { reservationsOfPlayers } from '../db/reservations';
import {
  DAY_ORDER_EXPIRED_REASON,
  describeOrderType,
  evaluateOrder,
  formatDollars,
  reservationOf,
  unaffordableReason,
} from '../domain/orders';
import { buyingPowerCents, opens } from '../domain/rules';
import { fill } from '../domain/trade';
import { newId } from '../lib/ids';
import type { MarketSession } from '../market/market-session';
import type { Delivery } from '../db/notifications';
import { notifyOrderOutcomes } from '../db/notification-producers';

export interface FillReport {
  filled: number;
  rejected: number;
  triggered: number;
}

const num = (value: string | number | null): number | null => (value === null ? null : Number(value));
const participantKey = (contestId: string, userId: string) => `${contestId}\u0000${userId}`;
const positionKey = (contestId: string, userId: string, symbol: string) => `${contestId}\u0000${userId}\u0000${symbol}`;

/** Σ |short value| of one player, from the holdings as this tick's fills have left them. */
function shortExposureOf(
  contestId: string,
  userId: string,
  held: ReadonlyMap<string, { quantity: number }>,
  prices: ReadonlyMap<string, number>,
): number {
  const prefix = `${participantKey(contestId, userId)}\u0000`;
  let total = 0;
  for (const [key, position] of held) {
    if (position.quantity < 0 && key.startsWith(prefix)) {
      total += -position.quantity * (prices.get(key.slice(prefix.length)) ?? 0);
    }
  }
  return total;
}

/**
 * Fills the conditional orders whose price has come (API.md "Conditional orders"), run by the clock inside the
 * tick's valuation transaction, so a fill counts in that tick's standings. Orders are taken oldest first at this tick's
 * price, each checked against the player's money and the position cap as the earlier fills have left them (an order's
 * own price, checked when it was placed, says nothing of the price it fills at). Only orders that fill or trigger now
 * are read in full, so 10,000 waiting orders cost one indexed scan.
 *
 * Races: the participant rows are locked (as a market order, a placement or a cancel locks its own) before the orders
 * are read again, so an order cancelled meanwhile is seen as cancelled, and a cancel that comes later finds it filled.
 */
export async function fillDueOrders(
  tx: Executor,
  now: Date,
  session?: MarketSession,
  /** Where the notifications of the orders that filled or were rejected are reported (one statement's delivery). */
  deliveries: Delivery[] = [],
): Promise<FillReport> {
  const report: FillReport = { filled: 0, rejected: 0, triggered: 0 };
  const gate = priceGate(session, now);
  const fair = await fairPrices(tx, now, session);
  const due = await playersWithDueOrders(tx, now, gate);
  const first = mergePlayers(due.keys, [...fair.values()]);
  if (first.keys.length === 0) return report;

  // Lock every concerned participant, in one order (no deadlock between two workers' ticks or with routes, which each
  // lock a single participant), then read the orders again: what was cancelled meanwhile is no longer open.
  const cash = await lockParticipantsCash(tx, first);
  const conditional = due.keys.length > 0 ? await lockDueOrders(tx, first, now, gate) : [];
  const waiting = (await lockWaitingOrders(tx, [...fair.keys()])).map(
    (row): DueOrderRow & { reserve_price_cents: string | number | null } => ({
      ...row,
      triggered: false,
      price_cents: fair.get(row.id)?.priceCents ?? 0,
    }),
  );
  // Oldest first, whatever kind: a waiting market order and a limit of the same player share one cash.
  const candidates: (DueOrderRow & { reserve_price_cents?: string | number | null })[] = [
    ...conditional,
    ...waiting,
  ].sort((a, b) => Number(a.seq) - Number(b.seq));
  if (candidates.length === 0) return report;

  const heldRows = await lockPlayersPositions(tx, first);
  const reservedRows = await reservationsOfPlayers(tx, first);

  const contestIds = [...new Set(candidates.map((row) => row.contest_id))];
  const rulesOf = await rulesOfContests(tx, contestIds);
  const prices = await allPrices(tx);
  const cashOf = new Map(cash.map((row) => [participantKey(row.contest_id, row.user_id), num(row.cash_cents)]));
  const reservedCash = new Map<string, number>();
  const reservedShares = new Map<string, number>();
  for (const row of reservedRows) {
    const pk = participantKey(row.contest_id, row.user_id);
    reservedCash.set(pk, (reservedCash.get(pk) ?? 0) + Number(row.cash));
    reservedShares.set(positionKey(row.contest_id, row.user_id, row.symbol), Number(row.shares));
  }
  const held = new Map(
    heldRows.map((row) => [
      positionKey(row.contest_id, row.user_id, row.symbol),
      { quantity: Number(row.quantity), costCents: Number(row.cost_cents) },
    ]),
  );
  // Each player's portfolio value at this tick's prices (cash + Σ quantity × price), kept up to date as the orders
  // fill: the position cap is checked against the portfolio as the earlier fills of this tick left it.
  const worthOf = new Map<string, number>();
  for (const [pk, cents] of cashOf) if (cents !== null) worthOf.set(pk, cents);
  for (const row of heldRows) {
    const pk = participantKey(row.contest_id, row.user_id);
    const cents = worthOf.get(pk);
    if (cents !== undefined) worthOf.set(pk, cents + Number(row.quantity) * (prices.get(row.symbol) ?? 0));
  }
  const touchedPositions = new Set<string>();
  const touchedCash = new Set<string>();
  const orderUpdates: OrderOutcome[] = [];
  const tradeRows: NewTradeRow[] = [];

  for (const row of candidates) {
    const order = {
      side: row.side,
      type: row.type,
      quantity: Number(row.quantity),
      limitPriceCents: num(row.limit_price_cents),
      stopPriceCents: num(row.stop_price_cents),
      reservePriceCents: num(row.reserve_price_cents ?? null),
      triggered: row.triggered,
    };
    const priceCents = Number(row.price_cents);
    const pk = participantKey(row.contest_id, row.user_id);
    const posKey = positionKey(row.contest_id, row.user_id, row.symbol);
    const cashCents = cashOf.get(pk);
    const { triggered, fills } = evaluateOrder(order, priceCents);
    const newlyTriggered = triggered && !row.triggered;
    if (!fills) {
      if (newlyTriggered) {
        report.triggered += 1;
        orderUpdates.push({ id: row.id, status: 'open' });
      }
      continue;
    }
    if (cashCents === null || cashCents === undefined) continue;
    const rules = rulesOf.get(row.contest_id) ?? rulesInCents(null);
    const own = reservationOf(order);
    const position = held.get(posKey) ?? null;
    const heldQuantity = position?.quantity ?? 0;
    // What this order may use: what it reserved itself plus what no other open order holds.
    const otherCash = (reservedCash.get(pk) ?? 0) - own.cashCents;
    const otherShares = (reservedShares.get(posKey) ?? 0) - own.shares;
    const commission = commissionCents(rules, order.quantity);
    const amountCents = order.quantity * priceCents;
    // This order no longer holds anything, whatever happens to it.
    reservedCash.set(pk, otherCash);
    reservedShares.set(posKey, otherShares);
    const reject = (reason: string) => {
      report.rejected += 1;
      orderUpdates.push({ id: row.id, status: 'rejected', reason, triggered });
    };
    const what = `Your ${describeOrderType(order.type)} order to ${order.side} ${order.quantity} ${row.symbol}`;
    if ((order.side === 'short' || order.side === 'cover') && !rules.shortSelling) {
      reject(`${what} could not fill: short selling is not allowed in this contest`);
      continue;
    }
    if (opens(order.side)) {
      const exposure = shortExposureOf(row.contest_id, row.user_id, held, prices);
      const free = buyingPowerCents(cashCents, exposure) - otherCash;
      if ((order.side === 'buy' && heldQuantity < 0) || (order.side === 'short' && heldQuantity > 0)) {
        reject(`${what} could not fill: you hold ${row.symbol} the other way`);
        continue;
      }
      if (amountCents + commission > free) {
        reject(
          order.side === 'buy' && commission === 0 && exposure === 0
            ? unaffordableReason(
                { type: order.type, quantity: order.quantity, symbol: row.symbol },
                priceCents,
                Math.max(0, free),
              )
            : `${what} ${order.type === 'market' ? 'came to' : 'triggered at'} ${formatDollars(priceCents)}, but it needs ${formatDollars(amountCents + commission)} and ${formatDollars(Math.max(0, free))} of buying power is free`,
        );
        continue;
      }
      // The cap at the fill, at the fill's price, whatever price the order was placed and checked at: the shares are
      // valued at the price paid, so the portfolio is worth its value now less the commission.
      const valueAfter = (worthOf.get(pk) ?? cashCents) - commission;
      if (!withinPositionCap(rules.maxPositionBp, Math.abs(heldQuantity) + order.quantity, priceCents, valueAfter)) {
        reject(
          `${positionCapMessage(rules.maxPositionBp ?? 0)}: your ${describeOrderType(order.type)} order to ${order.side} ${order.quantity} ${row.symbol} at ${formatDollars(priceCents)} was not filled`,
        );
        continue;
      }
    } else {
      const free = (order.side === 'sell' ? heldQuantity : -heldQuantity) - otherShares;
      if (order.quantity > free) {
        reject(
          order.side === 'sell'
            ? `Your ${order.type} order to sell ${order.quantity} ${row.symbol} could not fill: you no longer hold those shares`
            : `${what} could not fill: you are no longer short those shares`,
        );
        continue;
      }
    }
    const outcome = fill(position, order.side, order.quantity, priceCents, commission);
    if (!outcome.ok) {
      reject(`${what} could not fill: it does not apply to what you hold`);
      continue;
    }
    const tradeId = newId();
    cashOf.set(pk, cashCents + outcome.cashDeltaCents);
    held.set(posKey, { quantity: outcome.quantity, costCents: outcome.costCents });
    worthOf.set(
      pk,
      (worthOf.get(pk) ?? cashCents) + outcome.cashDeltaCents + (outcome.quantity - heldQuantity) * priceCents,
    );
    touchedCash.add(pk);
    touchedPositions.add(posKey);
    tradeRows.push({
      id: tradeId,
      contestId: row.contest_id,
      userId: row.user_id,
      symbol: row.symbol,
      side: order.side,
      quantity: order.quantity,
      priceCents,
      amountCents: outcome.amountCents,
      commissionCents: commission,
      executedAt: now,
      orderId: row.id,
    });
    orderUpdates.push({ id: row.id, status: 'filled', tradeId, triggered });
    report.filled += 1;
  }

  // Trades in fill order (their seq follows), then the holdings, the cash and the orders.
  const positionRows = [...touchedPositions].map((key) => {
    const [contestId, userId, symbol] = key.split('\u0000') as [string, string, string];
    const after = held.get(key) ?? { quantity: 0, costCents: 0 };
    return { contestId, userId, symbol, ...after };
  });
  const cashRows = [...touchedCash].map((key) => {
    const [contestId, userId] = key.split('\u0000') as [string, string];
    return { contestId, userId, cashCents: cashOf.get(key) ?? 0 };
  });
  await writeFills(tx, { trades: tradeRows, positions: positionRows, cash: cashRows, orders: orderUpdates }, now);
  const decided = orderUpdates.filter((update) => update.status !== 'open').map((update) => update.id);
  deliveries.push(...(await notifyOrderOutcomes(tx, decided, now)));
  return report;
}

// No time in the words: the server knows no player's zone, and the order carries its expiresAt for the screen to show.
const GOOD_UNTIL_PASSED = 'Its good-until time passed before it filled';

/**
 * Which prices may trigger conditional orders at this tick: with a delayed feed or exchange hours, only prices stamped
 * at or after an order was placed; with exchange hours, only prices of the latest session (API.md "Conditional orders
 * trigger only on prices of an open session"). The simulator around the clock: every price, as before.
 */
function priceGate(session: MarketSession | undefined, now: Date): PriceGate {
  if (!session || (session.hours === 'always' && session.delayMinutes === 0)) return OPEN_GATE;
  const latest = session.latestSession(now);
  return {
    stampedAfterPlacement: true,
    session: session.hours === 'always' ? null : (latest ?? { opensAt: new Date(0), closesAt: new Date(0) }),
  };
}

const ms = (value: Date | string) => (value instanceof Date ? value.getTime() : Date.parse(value));

/**
 * The price each waiting market order fills at this tick, if it has come: the first one stamped at or after its
 * `fill_after` (the contract's fairness rule), of a session with exchange hours. An order whose first prices were all
 * stamped outside a session (after the close, before the open) looks from the next open on.
 */
async function fairPrices(
  tx: Executor,
  now: Date,
  session: MarketSession | undefined,
): Promise<Map<string, PlayerKey & StampedPrice>> {
  const rows = await waitingOrderStamps(tx, now);
  const byOrder = new Map<string, { key: PlayerKey; fillAfter: number; stamps: StampedPrice[] }>();
  for (const row of rows) {
    let entry = byOrder.get(row.id);
    if (!entry) {
      entry = { key: { contest_id: row.contest_id, user_id: row.user_id }, fillAfter: ms(row.fill_after), stamps: [] };
      byOrder.set(row.id, entry);
    }
    entry.stamps.push({ at: ms(row.t), priceCents: Number(row.price_cents) });
  }
  const fair = new Map<string, PlayerKey & StampedPrice>();
  const moves: { id: string; fillAfter: Date }[] = [];
  for (const [id, { key, fillAfter, stamps }] of byOrder) {
    const inSession = session ? stamps.filter((stamp) => session.isSessionPrice(new Date(stamp.at))) : stamps;
    const price = fairFillPrice(inSession, fillAfter);
    if (price) {
      fair.set(id, { ...key, ...price });
      continue;
    }
    const last = stamps.at(-1);
    const nextOpen = last ? session?.nextOpenAfter(new Date(last.at)) : null;
    if (nextOpen) moves.push({ id, fillAfter: nextOpen });
  }
  await moveFillAfter(tx, moves);
  return fair;
}

function mergePlayers(...lists: (readonly PlayerKey[])[]) {
  const seen = new Map<string, PlayerKey>();
  for (const list of lists) {
    for (const key of list) seen.set(participantKey(key.contest_id, key.user_id), key);
  }
  return playersOf([...seen.values()].map((key) => ({ contest_id: key.contest_id, user_id: key.user_id })));
}

/**
 * Orders past their own `expiresAt` (earlier than the contest's end: those expire with the contest) become expired at
 * the first tick after it, before fills, releasing what they held back (reservations are summed from open orders).
 */
export async function expireDueOrders(tx: Executor, now: Date, deliveries: Delivery[] = []): Promise<number> {
  const due = await lockOrdersPastGoodUntil(tx, now);
  if (due.length === 0) return 0;
  await expireOrdersWithReasons(
    tx,
    due.map((row) => ({
      id: row.id,
      reason: row.time_in_force === 'day' ? DAY_ORDER_EXPIRED_REASON : GOOD_UNTIL_PASSED,
    })),
    now,
  );
  deliveries.push(
    ...(await notifyOrderOutcomes(
      tx,
      due.map((row) => row.id),
      now,
    )),
  );
  return due.length;
}
