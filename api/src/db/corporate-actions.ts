import { type SQL, sql } from 'drizzle-orm';
import { newYorkInstant } from '../market/nyse-calendar';
import type { CorporateAction } from '../market/price-feed';
import { type Executor, queryRows } from './database';

/**
 * What each stored action does to a holder's total return, as a WITH clause named `action_factors` (symbol,
 * effective_at, factor): a split multiplies the share count by to ÷ from; a dividend reinvested at the last price before
 * its ex date multiplies it by 1 + dividend ÷ price. A benchmark multiplies a symbol's later prices by the factors of the
 * actions between its base and that price, so a split is no fall and a dividend is kept (db/results.ts,
 * db/skill-stats.ts). Only actions the API has read are known: those of symbols held in live contests.
 */
export const actionFactorsCte = sql`action_factors AS MATERIALIZED (
    SELECT a.symbol, a.effective_at,
      CASE WHEN a.type = 'split' THEN a.split_to / a.split_from
      ELSE 1 + a.cash_amount * 100 / nullif((SELECT ph.price_cents FROM price_history ph
        WHERE ph.symbol = a.symbol AND ph.t < a.effective_at ORDER BY ph.t DESC LIMIT 1), 0)::float8
      END AS factor
    FROM corporate_actions a
  )`;

/** The product of the factors of `symbol`'s actions after `from` and up to `to` (1 when none), reading action_factors. */
export function actionAdjustment(symbol: SQL, from: SQL, to: SQL): SQL {
  return sql`coalesce((SELECT exp(sum(ln(af.factor))) FROM action_factors af
    WHERE af.symbol = ${symbol} AND af.effective_at > ${from} AND af.effective_at <= ${to} AND af.factor > 0), 1)`;
}

/** A live contest: started, not cancelled, not ended (contests `c`). */
const liveContest = sql`c.phase = 'active' AND c.cancelled_at IS NULL`;

/**
 * The symbols held (long or short) or in an open order in a live contest, and New York's date of the earliest live
 * contest's start: what the corporate-actions job asks the provider about.
 */
export async function symbolsInLiveContests(db: Executor): Promise<{ symbols: string[]; since: Date | null }> {
  const symbols = await queryRows<{ symbol: string }>(
    db,
    sql`SELECT DISTINCT p.symbol FROM positions p JOIN contests c ON c.id = p.contest_id
        WHERE ${liveContest} AND p.quantity <> 0
        UNION
        SELECT DISTINCT o.symbol FROM orders o JOIN contests c ON c.id = o.contest_id
        WHERE ${liveContest} AND o.status = 'open'
        ORDER BY 1`,
  );
  const [first] = await queryRows<{ since: Date | string | null }>(
    db,
    sql`SELECT min(c.starts_at) AS since FROM contests c WHERE ${liveContest}`,
  );
  return { symbols: symbols.map((row) => row.symbol), since: first?.since ? new Date(first.since) : null };
}

/**
 * Stores actions by the provider's id. One not applied yet takes the provider's latest word (a corrected date or
 * ratio); one already applied never changes. Two instances storing the same action store it once.
 */
export async function storeCorporateActions(
  db: Executor,
  actions: readonly (CorporateAction & { effectiveAt: Date })[],
  now: Date,
): Promise<void> {
  if (actions.length === 0) return;
  const rows = actions.map(
    (a) =>
      sql`(${a.id}, ${a.type}, ${a.symbol}, ${a.date}, ${a.type === 'split' ? a.splitFrom : null}::float8,
           ${a.type === 'split' ? a.splitTo : null}::float8, ${a.type === 'dividend' ? a.cashAmount : null}::float8,
           ${a.effectiveAt}::timestamptz, ${now}::timestamptz)`,
  );
  await db.execute(
    sql`INSERT INTO corporate_actions (id, type, symbol, date, split_from, split_to, cash_amount, effective_at, created_at)
        VALUES ${sql.join(rows, sql`, `)}
        ON CONFLICT (id) DO UPDATE SET
          type = excluded.type, symbol = excluded.symbol, date = excluded.date, split_from = excluded.split_from,
          split_to = excluded.split_to, cash_amount = excluded.cash_amount, effective_at = excluded.effective_at
        WHERE corporate_actions.settled_at IS NULL`,
  );
}

interface DueAction {
  id: string;
  type: 'split' | 'dividend';
  symbol: string;
  date: string;
  split_from: number | null;
  split_to: number | null;
  cash_amount: number | null;
  effective_at: Date | string;
}

/**
 * Applies every action whose time has come and that is not settled yet, in the caller's transaction (the clock's tick),
 * and settles it. Each action is a few set-based statements over all the contests it concerns, never a loop over
 * players. The action's row is locked: a second instance waits, then finds it settled. The contest marks
 * (contest_actions' primary key, inserted in the same statement that changes the holdings) make the application
 * once-only even so. Every data-modifying WITH clause runs whether or not the final SELECT reads it. Answers how many
 * holdings changed.
 */
export async function applyDueCorporateActions(tx: Executor, now: Date): Promise<number> {
  const due = await queryRows<DueAction>(
    tx,
    sql`SELECT id, type, symbol, date, split_from, split_to, cash_amount, effective_at FROM corporate_actions
        WHERE settled_at IS NULL AND effective_at <= ${now}
        ORDER BY effective_at, id
        FOR UPDATE`,
  );
  let changed = 0;
  for (const action of due) {
    const effectiveAt = new Date(action.effective_at);
    changed +=
      action.type === 'split'
        ? await applySplit(tx, action, effectiveAt, now)
        : await applyDividend(tx, action, effectiveAt, now);
    await tx.execute(sql`UPDATE corporate_actions SET settled_at = ${now} WHERE id = ${action.id}`);
  }
  return changed;
}

/**
 * The contests the action concerns, marked as done in the same statement: live now, and already live before the action
 * took effect (a contest that started after it has the action in its start prices already). `ON CONFLICT DO NOTHING
 * RETURNING` yields only the contests not marked before, so nothing downstream of it runs twice.
 */
function markedContests(action: DueAction, effectiveAt: Date, now: Date) {
  return sql`marked AS (
      INSERT INTO contest_actions (action_id, contest_id, applied_at)
      SELECT ${action.id}, c.id, ${now}::timestamptz FROM contests c
      WHERE ${liveContest} AND c.starts_at < ${effectiveAt}::timestamptz AND c.ends_at > ${effectiveAt}::timestamptz
      ON CONFLICT DO NOTHING
      RETURNING contest_id
    )`;
}

/**
 * A split of `split_from` → `split_to` shares (ratio r = to ÷ from): a holding of q becomes ⌊|q|·r⌋ (signed as q), the
 * fraction left over is paid in cash at the adjusted price (a short pays for it), the cost basis stays with the whole
 * shares (so the average cost is ÷ r); open orders' quantities × r rounded down (an order left with none is cancelled)
 * and their prices ÷ r (a trailing stop's stop and trail amount too).
 */
async function applySplit(tx: Executor, action: DueAction, effectiveAt: Date, now: Date): Promise<number> {
  const from = Number(action.split_from);
  const to = Number(action.split_to);
  const ratio = to / from;
  // The adjusted price: the last price stamped before the execution date began in New York (the prior day's after-hours
  // are the last unadjusted prices; its pre-market already trades split), ÷ r. A symbol never priced here falls back
  // to its current price, which by then is the adjusted one.
  const dayStart = newYorkInstant(action.date, '00:00');
  const [priced] = await queryRows<{ price_cents: string | number | null }>(
    tx,
    sql`SELECT coalesce(
          (SELECT ph.price_cents::float8 / ${ratio}::float8 FROM price_history ph
           WHERE ph.symbol = ${action.symbol} AND ph.t < ${dayStart}::timestamptz ORDER BY ph.t DESC LIMIT 1),
          (SELECT e.price_cents::float8 FROM equities e WHERE e.symbol = ${action.symbol})) AS price_cents`,
  );
  const adjustedCents = Number(priced?.price_cents ?? 0);
  // A stored price from before the execution date is the old share's: with a delayed feed, and a symbol that has not
  // traded since, it may still be the last one at the open. Left as it was, it would fill the split orders at the old
  // share's price and value the new holdings at it until the feed's first split price. It is adjusted with the holdings;
  // the feed's next price (stamped later, so adjusted by the provider) replaces it as usual.
  // Valuations read prices as of the tick from the history: the adjusted price goes there too, at this tick.
  await tx.execute(
    sql`WITH adjusted AS (
          UPDATE equities SET
            price_cents = greatest(1, round(price_cents::numeric / ${ratio}::numeric))::bigint,
            exact_price_cents = exact_price_cents / ${ratio}::float8,
            previous_close_cents = greatest(1, round(previous_close_cents::numeric / ${ratio}::numeric))::bigint
          WHERE symbol = ${action.symbol} AND updated_at < ${dayStart}::timestamptz
          RETURNING symbol, price_cents
        )
        INSERT INTO price_history (symbol, t, price_cents)
        SELECT symbol, ${now}::timestamptz, price_cents FROM adjusted
        ON CONFLICT (symbol, t) DO UPDATE SET price_cents = excluded.price_cents`,
  );
  const rows = await queryRows<{ changed: string | number }>(
    tx,
    sql`WITH ${markedContests(action, effectiveAt, now)},
    held AS (
      SELECT p.contest_id, p.user_id, p.quantity, p.cost_cents,
             (abs(p.quantity)::numeric * ${to}::numeric / ${from}::numeric) AS exact
      FROM positions p JOIN marked m ON m.contest_id = p.contest_id
      WHERE p.symbol = ${action.symbol} AND p.quantity <> 0
    ),
    split AS (
      SELECT contest_id, user_id, quantity, cost_cents, exact,
             (sign(quantity) * trunc(exact))::bigint AS after,
             (sign(quantity) * round((exact - trunc(exact)) * ${adjustedCents}::numeric))::bigint AS cash
      FROM held
    ),
    resized AS (
      UPDATE positions p SET quantity = s.after, cost_cents = round(s.cost_cents::numeric * trunc(s.exact) / s.exact)::bigint
      FROM split s
      WHERE p.contest_id = s.contest_id AND p.user_id = s.user_id AND p.symbol = ${action.symbol} AND s.after <> 0
      RETURNING 1
    ),
    gone AS (
      DELETE FROM positions p USING split s
      WHERE p.contest_id = s.contest_id AND p.user_id = s.user_id AND p.symbol = ${action.symbol} AND s.after = 0
      RETURNING 1
    ),
    paid AS (
      UPDATE participants pa SET cash_cents = pa.cash_cents + s.cash
      FROM split s WHERE pa.contest_id = s.contest_id AND pa.user_id = s.user_id AND s.cash <> 0
      RETURNING 1
    ),
    orders_split AS (
      UPDATE orders o SET
        quantity = CASE WHEN trunc(o.quantity * ${ratio}::numeric) >= 1 THEN trunc(o.quantity * ${ratio}::numeric)::bigint ELSE o.quantity END,
        status = CASE WHEN trunc(o.quantity * ${ratio}::numeric) >= 1 THEN o.status ELSE 'cancelled' END,
        reason = CASE WHEN trunc(o.quantity * ${ratio}::numeric) >= 1 THEN o.reason ELSE ${`Cancelled by the ${to}-for-${from} split of ${action.symbol}: less than a share left`} END,
        limit_price_cents = greatest(1, round(o.limit_price_cents::numeric / ${ratio}::numeric))::bigint,
        stop_price_cents = greatest(1, round(o.stop_price_cents::numeric / ${ratio}::numeric))::bigint,
        trail_amount_cents = greatest(1, round(o.trail_amount_cents::numeric / ${ratio}::numeric))::bigint,
        updated_at = ${now}
      FROM marked m
      WHERE o.contest_id = m.contest_id AND o.symbol = ${action.symbol} AND o.status = 'open'
      RETURNING 1
    ),
    recorded AS (
      INSERT INTO participant_actions
        (action_id, contest_id, user_id, type, symbol, date, ratio, per_share, quantity_before, quantity_after, cash_cents, applied_at)
      SELECT ${action.id}, contest_id, user_id, 'split', ${action.symbol}, ${action.date}, ${ratio}::float8, NULL,
             quantity, after, cash, ${now}::timestamptz
      FROM split
      ON CONFLICT DO NOTHING
      RETURNING 1
    )
    SELECT count(*) AS changed FROM recorded`,
  );
  return Number(rows[0]?.changed ?? 0);
}

/** A cash dividend: `cash_amount` × the shares held, paid to a long holding and by a short one. */
async function applyDividend(tx: Executor, action: DueAction, effectiveAt: Date, now: Date): Promise<number> {
  const perShare = Number(action.cash_amount);
  const rows = await queryRows<{ changed: string | number }>(
    tx,
    sql`WITH ${markedContests(action, effectiveAt, now)},
    held AS (
      SELECT p.contest_id, p.user_id, p.quantity,
             round(p.quantity::numeric * ${perShare}::numeric * 100)::bigint AS cash
      FROM positions p JOIN marked m ON m.contest_id = p.contest_id
      WHERE p.symbol = ${action.symbol} AND p.quantity <> 0
    ),
    paid AS (
      UPDATE participants pa SET cash_cents = pa.cash_cents + h.cash
      FROM held h WHERE pa.contest_id = h.contest_id AND pa.user_id = h.user_id AND h.cash <> 0
      RETURNING 1
    ),
    recorded AS (
      INSERT INTO participant_actions
        (action_id, contest_id, user_id, type, symbol, date, ratio, per_share, quantity_before, quantity_after, cash_cents, applied_at)
      SELECT ${action.id}, contest_id, user_id, 'dividend', ${action.symbol}, ${action.date}, NULL, ${perShare}::float8,
             quantity, quantity, cash, ${now}::timestamptz
      FROM held
      ON CONFLICT DO NOTHING
      RETURNING 1
    )
    SELECT count(*) AS changed FROM recorded`,
  );
  return Number(rows[0]?.changed ?? 0);
}

export interface ParticipantActionRow {
  type: 'split' | 'dividend';
  symbol: string;
  date: string;
  ratio: number | null;
  perShare: number | null;
  quantityBefore: number;
  quantityAfter: number;
  cashCents: number;
}

/** One player's actions in one contest, newest first. */
export async function participantActionsOf(
  db: Executor,
  contestId: string,
  userId: string,
): Promise<ParticipantActionRow[]> {
  const rows = await queryRows<{
    type: 'split' | 'dividend';
    symbol: string;
    date: string;
    ratio: number | string | null;
    per_share: number | string | null;
    quantity_before: number | string;
    quantity_after: number | string;
    cash_cents: number | string;
  }>(
    db,
    sql`SELECT type, symbol, date, ratio, per_share, quantity_before, quantity_after, cash_cents
        FROM participant_actions WHERE contest_id = ${contestId} AND user_id = ${userId}
        ORDER BY applied_at DESC, date DESC, action_id DESC`,
  );
  return rows.map((row) => ({
    type: row.type,
    symbol: row.symbol,
    date: row.date,
    ratio: row.ratio === null ? null : Number(row.ratio),
    perShare: row.per_share === null ? null : Number(row.per_share),
    quantityBefore: Number(row.quantity_before),
    quantityAfter: Number(row.quantity_after),
    cashCents: Number(row.cash_cents),
  }));
}
