import { commissionCents, MARGIN, rulesInCents } from '@bullpen/contract';
import { rulesOfContests } from '../db/contests';
import type { Executor } from '../db/database';
import { lockPricedHoldings, playersBelowMargin, writeMarginCalls } from '../db/margin-calls';
import { lockParticipantsCash, type ParticipantCash } from '../db/participants';
import type { NewTradeRow, PositionKey } from '../db/portfolios';
import { fill } from '../domain/trade';
import { newId } from '../lib/ids';
import type { Delivery } from '../db/notifications';
import { notifyMarginCalls } from '../db/notification-producers';

const MARGIN_CALL_REASON = 'margin call';

/**
 * The margin rule of API.md, checked by the clock at the tick's prices in the tick's transaction (after fills, before
 * valuation, so the board shows the result): a player whose value is below 30 % of Σ |short value| has shorts covered,
 * the largest first, whole, until the rule holds again. Each cover is a trade with its commission and the reason
 * 'margin call'. Only contests that allow short selling are looked at, and only players with a short.
 */
export async function runMarginCalls(tx: Executor, now: Date, deliveries: Delivery[] = []): Promise<number> {
  const due = await playersBelowMargin(tx, now);
  if (due.keys.length === 0) return 0;
  // The lock every order path takes, then everything read again under it.
  const cash = await lockParticipantsCash(tx, due);
  const held = await lockPricedHoldings(tx, due);
  const rulesOf = await rulesOfContests(tx, [...new Set(due.keys.map((p) => p.contest_id))]);
  const tradeRows: NewTradeRow[] = [];
  const cashUpdates: ParticipantCash[] = [];
  const emptied: PositionKey[] = [];
  for (const player of cash) {
    const rules = rulesOf.get(player.contest_id) ?? rulesInCents(null);
    const mine = held.filter((h) => h.contest_id === player.contest_id && h.user_id === player.user_id);
    let cashCents = Number(player.cash_cents);
    let valueCents = mine.reduce((sum, h) => sum + Number(h.quantity) * Number(h.price_cents), cashCents);
    const shorts = mine
      .filter((h) => Number(h.quantity) < 0)
      .map((h) => ({ ...h, exposure: -Number(h.quantity) * Number(h.price_cents) }))
      .sort((a, b) => b.exposure - a.exposure || a.symbol.localeCompare(b.symbol));
    let shortCents = shorts.reduce((sum, h) => sum + h.exposure, 0);
    let covered = false;
    for (const short of shorts) {
      if (valueCents >= MARGIN.maintenance * shortCents) break;
      const quantity = -Number(short.quantity);
      const priceCents = Number(short.price_cents);
      const commission = commissionCents(rules, quantity);
      const outcome = fill(
        { quantity: Number(short.quantity), costCents: Number(short.cost_cents) },
        'cover',
        quantity,
        priceCents,
        commission,
      );
      if (!outcome.ok) continue;
      cashCents += outcome.cashDeltaCents;
      valueCents -= commission;
      shortCents -= short.exposure;
      covered = true;
      emptied.push({ contestId: player.contest_id, userId: player.user_id, symbol: short.symbol });
      tradeRows.push({
        id: newId(),
        contestId: player.contest_id,
        userId: player.user_id,
        symbol: short.symbol,
        side: 'cover',
        quantity,
        priceCents,
        amountCents: outcome.amountCents,
        commissionCents: commission,
        executedAt: now,
        orderId: null,
        reason: MARGIN_CALL_REASON,
      });
    }
    if (covered) cashUpdates.push({ contestId: player.contest_id, userId: player.user_id, cashCents });
  }
  if (tradeRows.length === 0) return 0;
  await writeMarginCalls(tx, tradeRows, emptied, cashUpdates);
  const covers = new Map<string, { contestId: string; userId: string; covers: number }>();
  for (const trade of tradeRows) {
    const key = `${trade.contestId}\u0000${trade.userId}`;
    const entry = covers.get(key) ?? { contestId: trade.contestId, userId: trade.userId, covers: 0 };
    entry.covers += 1;
    covers.set(key, entry);
  }
  deliveries.push(await notifyMarginCalls(tx, [...covers.values()], now));
  return tradeRows.length;
}
