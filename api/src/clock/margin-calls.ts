import { MARGIN } from '@bullpen/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../db/database';
import { trades } from '../db/schema';
import { commissionCents, rulesFrom } from '../domain/rules';
import { fill } from '../domain/trade';
import { newId } from '../lib/ids';

const MARGIN_CALL_REASON = 'margin call';

interface ShortRow {
  contest_id: string;
  user_id: string;
  symbol: string;
  quantity: string | number;
  cost_cents: string | number;
  price_cents: string | number;
}

/**
 * The margin rule of API.md, checked by the clock at the tick's prices in the tick's transaction (after fills, before
 * valuation, so the board shows the result): a player whose value is below 30 % of Σ |short value| has shorts covered,
 * the largest first, whole, until the rule holds again. Each cover is a trade with its commission and the reason
 * 'margin call'. Only contests that allow short selling are looked at, and only players with a short.
 */
export async function runMarginCalls(tx: Executor, now: Date): Promise<number> {
  const due = await queryRows<{ contest_id: string; user_id: string }>(
    tx,
    sql`WITH live AS (
          SELECT id FROM contests
          WHERE phase = 'active' AND cancelled_at IS NULL AND ends_at > ${now} AND (rules->>'shortSelling')::boolean
        ), shorted AS (
          SELECT DISTINCT pos.contest_id, pos.user_id FROM positions pos JOIN live ON live.id = pos.contest_id
          WHERE pos.quantity < 0
        ), valued AS (
          SELECT s.contest_id, s.user_id,
                 p.cash_cents + SUM(pos.quantity * e.price_cents) AS value_cents,
                 SUM(CASE WHEN pos.quantity < 0 THEN -pos.quantity * e.price_cents ELSE 0 END) AS short_cents
          FROM shorted s
          JOIN participants p ON p.contest_id = s.contest_id AND p.user_id = s.user_id
          JOIN positions pos ON pos.contest_id = s.contest_id AND pos.user_id = s.user_id
          JOIN equities e ON e.symbol = pos.symbol
          GROUP BY s.contest_id, s.user_id, p.cash_cents
        )
        SELECT contest_id, user_id FROM valued WHERE value_cents < ${MARGIN.maintenance} * short_cents
        ORDER BY contest_id, user_id`,
  );
  if (due.length === 0) return 0;
  const players = sql.join(
    due.map((p) => sql`(${p.contest_id}, ${p.user_id})`),
    sql`, `,
  );
  // The lock every order path takes, then everything read again under it.
  const cash = await queryRows<{ contest_id: string; user_id: string; cash_cents: string | number }>(
    tx,
    sql`SELECT contest_id, user_id, cash_cents FROM participants WHERE (contest_id, user_id) IN (${players})
        ORDER BY contest_id, user_id FOR UPDATE`,
  );
  const held = await queryRows<ShortRow>(
    tx,
    sql`SELECT pos.contest_id, pos.user_id, pos.symbol, pos.quantity, pos.cost_cents, e.price_cents
        FROM positions pos JOIN equities e ON e.symbol = pos.symbol
        WHERE (pos.contest_id, pos.user_id) IN (${players})
        ORDER BY pos.contest_id, pos.user_id, pos.symbol FOR UPDATE OF pos`,
  );
  const ruleRows = await queryRows<{ id: string; rules: string | Parameters<typeof rulesFrom>[0] }>(
    tx,
    sql`SELECT id, rules FROM contests WHERE id IN (${sql.join(
      [...new Set(due.map((p) => p.contest_id))].map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  const rulesOf = new Map(
    ruleRows.map((row) => [row.id, rulesFrom(typeof row.rules === 'string' ? JSON.parse(row.rules) : row.rules)]),
  );
  const tradeRows: (typeof trades.$inferInsert)[] = [];
  const cashUpdates: SQL[] = [];
  const emptied: SQL[] = [];
  for (const player of cash) {
    const rules = rulesOf.get(player.contest_id) ?? rulesFrom(null);
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
      emptied.push(sql`(${player.contest_id}, ${player.user_id}, ${short.symbol})`);
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
    if (covered) cashUpdates.push(sql`(${player.contest_id}, ${player.user_id}, ${cashCents}::bigint)`);
  }
  if (tradeRows.length === 0) return 0;
  await tx.insert(trades).values(tradeRows);
  await tx.execute(sql`DELETE FROM positions WHERE (contest_id, user_id, symbol) IN (${sql.join(emptied, sql`, `)})`);
  await tx.execute(sql`
    UPDATE participants AS p SET cash_cents = v.cash
    FROM (VALUES ${sql.join(cashUpdates, sql`, `)}) AS v(contest_id, user_id, cash)
    WHERE p.contest_id = v.contest_id AND p.user_id = v.user_id`);
  return tradeRows.length;
}
