import { CALL_SIGN_PATTERN } from '@bullpen/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from './database';
import { type Delivery, deliver, NO_DELIVERY } from './notifications';

// Where each kind of notification comes from (API.md "Notifications"). Every producer is one INSERT … SELECT through
// `deliver`, in the transaction of the event it tells of (a fill, a contest's start or end, a join), whatever the number
// of players concerned; its subject makes it idempotent: a tick or request that runs again writes nothing twice.

/** Minutes before a contest's start when its players hear it starts soon. */
const STARTING_SOON_MS = 10 * 60_000;

const list = (values: readonly string[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );
/** Dollars with cents from a cents column, as the app writes them: $1,234.50. */
const dollars = (cents: SQL) => sql`'$' || to_char((${cents})::numeric / 100, 'FM999,999,999,990.00')`;

/** Conditional orders that have just filled, been rejected or expired (their reason is already a sentence). */
export async function notifyOrderOutcomes(tx: Executor, orderIds: readonly string[], now: Date): Promise<Delivery[]> {
  const deliveries: Delivery[] = [];
  // A bound list per statement keeps every statement's parameters within the drivers' limits.
  for (let i = 0; i < orderIds.length; i += 5000) {
    const ids = orderIds.slice(i, i + 5000);
    deliveries.push(
      await deliver(
        tx,
        sql`SELECT o.user_id, 'order-' || o.status AS kind, o.id AS subject,
              CASE o.status WHEN 'filled' THEN 'Order filled: ' WHEN 'rejected' THEN 'Order rejected: ' ELSE 'Order expired: ' END
                || o.side || ' ' || o.quantity || ' ' || o.symbol AS title,
              CASE WHEN o.status = 'filled'
                THEN 'Your ' || o.type || ' order to ' || o.side || ' ' || o.quantity || ' ' || o.symbol || ' filled at '
                     || ${dollars(sql`t.price_cents`)} || ' in ' || c.name || '.'
                ELSE COALESCE(o.reason, 'It did not fill.') || ' (' || c.name || ')'
              END AS body,
              '/trading/' || o.contest_id AS href
            FROM orders o JOIN contests c ON c.id = o.contest_id LEFT JOIN trades t ON t.id = o.fill_trade_id
            WHERE o.id IN (${list(ids)}) AND o.status IN ('filled', 'rejected', 'expired')`,
        now,
      ),
    );
  }
  return deliveries;
}

/** Open orders of contests that end now expired with them. */
export async function notifyExpiredWithContests(tx: Executor, contestIds: readonly string[], now: Date) {
  if (contestIds.length === 0) return [] as Delivery[];
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`SELECT id FROM orders WHERE contest_id IN (${list(contestIds)}) AND status = 'expired' AND updated_at = ${now}::timestamptz`,
  );
  return notifyOrderOutcomes(
    tx,
    rows.map((row) => row.id),
    now,
  );
}

/** Players whose shorts the clock covered this tick, with how many covers each. */
export async function notifyMarginCalls(
  tx: Executor,
  covered: readonly { contestId: string; userId: string; covers: number }[],
  now: Date,
): Promise<Delivery> {
  if (covered.length === 0) return NO_DELIVERY;
  const values = sql.join(
    covered.map((row) => sql`(${row.contestId}::text, ${row.userId}::text, ${row.covers}::int)`),
    sql`, `,
  );
  return deliver(
    tx,
    sql`SELECT v.user_id, 'margin-call' AS kind, v.contest_id || '@' || ${now.toISOString()} AS subject,
          'Margin call in ' || c.name AS title,
          'Your value fell below 30% of your shorts: the clock covered ' || v.covers
            || CASE WHEN v.covers = 1 THEN ' short' ELSE ' shorts' END || ' at the market price.' AS body,
          '/trading/' || v.contest_id AS href
        FROM (VALUES ${values}) AS v(contest_id, user_id, covers) JOIN contests c ON c.id = v.contest_id`,
    now,
  );
}

/** Players of contests that start within ten minutes who have not heard so yet. */
export async function notifyStartingSoon(tx: Executor, now: Date): Promise<Delivery> {
  const soon = new Date(now.getTime() + STARTING_SOON_MS);
  return deliver(
    tx,
    sql`SELECT p.user_id, 'contest-starting' AS kind, c.id AS subject, c.name || ' starts soon' AS title,
          'It starts in ' || m.minutes || CASE WHEN m.minutes = 1 THEN ' minute' ELSE ' minutes' END
            || ': your picks lock then.' AS body,
          '/contest-detail/' || c.id AS href
        FROM contests c
        CROSS JOIN LATERAL (SELECT GREATEST(1, CEIL(EXTRACT(EPOCH FROM (c.starts_at - ${now}::timestamptz)) / 60))::int AS minutes) m
        JOIN participants p ON p.contest_id = c.id
        WHERE c.phase = 'upcoming' AND c.cancelled_at IS NULL
          AND c.starts_at > ${now}::timestamptz AND c.starts_at <= ${soon}::timestamptz
          AND NOT EXISTS (SELECT 1 FROM notifications n
                          WHERE n.user_id = p.user_id AND n.kind = 'contest-starting' AND n.subject = c.id)`,
    now,
  );
}

/** Every player of a contest that has just started (in the start's transaction). */
export async function notifyContestStarted(tx: Executor, contestId: string, now: Date): Promise<Delivery> {
  return deliver(
    tx,
    sql`SELECT p.user_id, 'contest-started' AS kind, c.id AS subject, c.name || ' has started' AS title,
          'Trading is open: your picks are now your portfolio.' AS body, '/live-contest/' || c.id AS href
        FROM participants p JOIN contests c ON c.id = p.contest_id WHERE p.contest_id = ${contestId}`,
    now,
  );
}

/** Every player of contests that have just ended, with their final rank. */
export async function notifyContestsEnded(tx: Executor, contestIds: readonly string[], now: Date) {
  if (contestIds.length === 0) return NO_DELIVERY;
  return deliver(
    tx,
    sql`SELECT p.user_id, 'contest-ended' AS kind, c.id AS subject, c.name || ' has ended' AS title,
          CASE WHEN p.rank IS NULL THEN 'The final standings are ready.'
               ELSE 'You finished #' || p.rank || ' of ' || c.participants_count || '.' END AS body,
          '/contest-completed/' || c.id AS href
        FROM participants p JOIN contests c ON c.id = p.contest_id WHERE p.contest_id IN (${list(contestIds)})`,
    now,
  );
}

/** The creator of a contest hears that someone joined it (never of their own join). */
export async function notifyJoined(
  tx: Executor,
  contestId: string,
  joiner: { id: string; ticker: string | null },
  now: Date,
): Promise<Delivery> {
  return deliver(
    tx,
    sql`SELECT c.created_by AS user_id, 'contest-joined' AS kind, c.id || ':' || ${joiner.id}::text AS subject,
          ${joiner.ticker ?? 'A player'}::text || ' joined ' || c.name AS title,
          c.participants_count || ' of ' || c.max_participants || ' places taken.' AS body,
          '/contest-detail/' || c.id AS href
        FROM contests c WHERE c.id = ${contestId} AND c.created_by <> ${joiner.id}`,
    now,
  );
}

/**
 * Players who entered or left a live contest's top 3 since the last tick: `top` is each live contest's top 3 as this
 * tick's valuation ranked it (db/valuation.ts; contests whose top 3 a crowd shares are absent and keep their places), and
 * podium_places the top 3 as last seen, brought up to date here. Contests of 3 players or fewer are left out (all of
 * them are always in it); places of contests no longer live are dropped silently.
 */
export async function notifyPodiumChanges(
  tx: Executor,
  top: readonly { contestId: string; userId: string }[],
  now: Date,
): Promise<Delivery> {
  const topRows =
    top.length > 0
      ? sql`SELECT v.contest_id, v.user_id FROM (VALUES ${sql.join(
          top.map((row) => sql`(${row.contestId}::text, ${row.userId}::text)`),
          sql`, `,
        )}) AS v(contest_id, user_id)`
      : sql`SELECT NULL::text AS contest_id, NULL::text AS user_id WHERE false`;
  const changes = await queryRows<{ contest_id: string; user_id: string; direction: 'in' | 'out' }>(
    tx,
    sql`WITH ranked AS (${topRows}),
        top AS (
          SELECT r.contest_id, r.user_id FROM ranked r JOIN contests c ON c.id = r.contest_id
          WHERE c.participants_count > 3
        ),
        gone AS (
          DELETE FROM podium_places pp
          WHERE (pp.contest_id IN (SELECT contest_id FROM top)
                 AND NOT EXISTS (SELECT 1 FROM top t WHERE t.contest_id = pp.contest_id AND t.user_id = pp.user_id))
             OR NOT EXISTS (SELECT 1 FROM contests c WHERE c.id = pp.contest_id AND c.phase = 'active')
          RETURNING pp.contest_id, pp.user_id
        ),
        came AS (
          INSERT INTO podium_places (contest_id, user_id) SELECT contest_id, user_id FROM top
          ON CONFLICT DO NOTHING RETURNING contest_id, user_id
        )
        SELECT contest_id, user_id, 'in' AS direction FROM came
        UNION ALL
        SELECT g.contest_id, g.user_id, 'out' FROM gone g JOIN contests c ON c.id = g.contest_id
          WHERE c.phase = 'active'`,
  );
  if (changes.length === 0) return NO_DELIVERY;
  const values = sql.join(
    changes.map((row) => sql`(${row.contest_id}::text, ${row.user_id}::text, ${row.direction}::text)`),
    sql`, `,
  );
  return deliver(
    tx,
    sql`SELECT v.user_id, CASE WHEN v.direction = 'in' THEN 'top-three-entered' ELSE 'top-three-left' END AS kind,
          v.contest_id || '@' || ${now.toISOString()} AS subject,
          CASE WHEN v.direction = 'in' THEN 'You are in the top 3 of ' ELSE 'You left the top 3 of ' END || c.name AS title,
          CASE WHEN v.direction = 'in' THEN 'You are #' ELSE 'You are now #' END || COALESCE(p.rank::text, '?')
            || ' of ' || c.participants_count || '.' AS body,
          '/live-contest/' || v.contest_id AS href
        FROM (VALUES ${values}) AS v(contest_id, user_id, direction)
        JOIN contests c ON c.id = v.contest_id
        LEFT JOIN participants p ON p.contest_id = v.contest_id AND p.user_id = v.user_id`,
    now,
  );
}

/** `@CALLSIGN` words of a chat message, upper-cased, each once (at most 20: a message cannot ping a crowd). */
function mentionedCallSigns(text: string): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(/(?:^|[^\w@])@([A-Za-z][A-Za-z0-9]{1,7})\b/g)) {
    const sign = (match[1] ?? '').toUpperCase();
    if (CALL_SIGN_PATTERN.test(sign)) found.add(sign);
    if (found.size >= 20) break;
  }
  return [...found];
}

/**
 * A chat message's mentions: each `@CALLSIGN` of someone who reads the message's channel other than the author hears
 * of it, once per message: on the contest's channel a player or the creator, on a team's channel (`team`) a player of
 * that team. The link opens the contest where its chat is. For the chat to call in the transaction that stores it.
 */
export async function notifyMentions(
  tx: Executor,
  message: { contestId: string; messageId: string; authorId: string; text: string; team?: string | null },
  now: Date,
): Promise<Delivery> {
  const team = message.team ?? null;
  const signs = mentionedCallSigns(message.text);
  if (signs.length === 0) return NO_DELIVERY;
  const excerpt = message.text.length > 140 ? `${message.text.slice(0, 139)}…` : message.text;
  return deliver(
    tx,
    sql`SELECT u.id AS user_id, 'mention' AS kind, ${message.messageId}::text AS subject,
          COALESCE(a.ticker, 'A player') || ' mentioned you in ' || c.name AS title,
          ${excerpt}::text AS body,
          CASE WHEN c.phase = 'upcoming' THEN '/contest-detail/' ELSE '/live-contest/' END || c.id AS href
        FROM users u JOIN contests c ON c.id = ${message.contestId}
        LEFT JOIN users a ON a.id = ${message.authorId}
        WHERE u.ticker IN (${list(signs)}) AND u.id <> ${message.authorId}
          AND ${
            team === null
              ? sql`(c.created_by = u.id
                     OR EXISTS (SELECT 1 FROM participants p WHERE p.contest_id = c.id AND p.user_id = u.id))`
              : sql`EXISTS (SELECT 1 FROM participants p
                            WHERE p.contest_id = c.id AND p.user_id = u.id AND p.affiliation = ${team})`
          }`,
    now,
  );
}
