import {
  DEFAULT_TIME_ZONE,
  defaultPreferences,
  type Notification,
  type NotificationKind,
  type NotificationPreferences,
  TEXT_KINDS,
  TEXT_LIMITS,
} from '@bullpen/contract';
import { and, desc, eq, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from './database';
import { notificationPreferences, notifications, textMessages } from './schema';

/** Notifications older than this are pruned by the clock (API.md "Notifications"). */
const NOTIFICATION_TTL_MS = 30 * 86_400_000;
/** Beyond this many users a delivery is announced to every stream as "anyone" (a notice carries at most 8000 bytes). */
const NAMED_USERS_MAX = 100;

/** Who got new notifications from one statement: their ids, or 'many' when there were more than a notice can name. */
export interface Delivery {
  /** Statements run (0 when there was nothing to ask). */
  statements: number;
  notified: number;
  texted: number;
  users: string[] | 'many';
}

export const NO_DELIVERY: Delivery = { statements: 0, notified: 0, texted: 0, users: [] };

/** Merges deliveries (a tick's statements) into what one notice announces. */
export function mergeDeliveries(deliveries: readonly Delivery[]): Delivery {
  let merged = NO_DELIVERY;
  for (const next of deliveries) {
    const users =
      merged.users === 'many' || next.users === 'many' ? 'many' : [...new Set([...merged.users, ...next.users])];
    merged = {
      statements: merged.statements + next.statements,
      notified: merged.notified + next.notified,
      texted: merged.texted + next.texted,
      users: users !== 'many' && users.length > NAMED_USERS_MAX ? 'many' : users,
    };
  }
  return merged;
}

const TEXT_KIND_LIST = sql.join(
  TEXT_KINDS.map((kind) => sql`${kind}`),
  sql`, `,
);

/**
 * Writes the notifications a source query describes, in one statement however many rows it yields (a contest of
 * 10,000 players that starts writes 10,000 rows here, INSERT … SELECT): each to its user unless that user turned the
 * kind off, and a text message too for the kinds a user opted in to by text, within the daily cap and outside the quiet
 * hours of their time zone. A row whose (user, kind, subject) exists already is skipped, so running a tick or a
 * request again writes nothing twice.
 *
 * `source` selects `user_id, kind, subject, title, body, href` (text columns).
 */
export async function deliver(executor: Executor, source: SQL, now: Date): Promise<Delivery> {
  const [row] = await queryRows<{ notified: string | number; texted: string | number; users: string[] | null }>(
    executor,
    sql`
      WITH src AS (${source}),
      wanted AS (
        SELECT s.user_id, s.kind, s.subject, s.title, s.body, s.href, p.kinds, p.time_zone
        FROM src s LEFT JOIN notification_preferences p ON p.user_id = s.user_id
      ),
      in_app AS (
        INSERT INTO notifications (id, user_id, kind, subject, title, body, href, created_at)
        SELECT gen_random_uuid()::text, user_id, kind, subject, title, body, href, ${now}::timestamptz
        FROM wanted WHERE COALESCE((kinds -> kind ->> 'inApp')::boolean, true)
        ON CONFLICT (user_id, kind, subject) DO NOTHING
        RETURNING user_id
      ),
      texts AS (
        INSERT INTO text_messages (id, user_id, kind, subject, phone_number, body, created_at)
        SELECT gen_random_uuid()::text, w.user_id, w.kind, w.subject, u.phone_number,
               'Bullpen: ' || w.title || '. ' || w.body, ${now}::timestamptz
        FROM wanted w JOIN users u ON u.id = w.user_id
        WHERE w.kind IN (${TEXT_KIND_LIST})
          AND (w.kinds -> w.kind ->> 'text')::boolean IS TRUE
          AND u.phone_number IS NOT NULL
          AND EXTRACT(HOUR FROM ${now}::timestamptz AT TIME ZONE w.time_zone) >= ${TEXT_LIMITS.quietUntilHour}
          AND EXTRACT(HOUR FROM ${now}::timestamptz AT TIME ZONE w.time_zone) < ${TEXT_LIMITS.quietFromHour}
          AND (SELECT COUNT(*) FROM text_messages t
               WHERE t.user_id = w.user_id
                 AND t.created_at >= date_trunc('day', ${now}::timestamptz AT TIME ZONE w.time_zone) AT TIME ZONE w.time_zone
              ) < ${TEXT_LIMITS.perDay}
        ON CONFLICT (user_id, kind, subject) DO NOTHING
        RETURNING user_id
      )
      SELECT (SELECT COUNT(*) FROM in_app) AS notified,
             (SELECT COUNT(*) FROM texts) AS texted,
             (SELECT array_agg(user_id) FROM (SELECT DISTINCT user_id FROM in_app LIMIT ${NAMED_USERS_MAX + 1}) AS named) AS users`,
  );
  const users = row?.users ?? [];
  return {
    statements: 1,
    notified: Number(row?.notified ?? 0),
    texted: Number(row?.texted ?? 0),
    users: users.length > NAMED_USERS_MAX ? 'many' : users,
  };
}

export interface NotificationRow {
  id: string;
  userId: string;
  kind: string;
  title: string;
  body: string;
  href: string;
  createdAt: Date;
  readAt: Date | null;
}

export function notificationView(row: NotificationRow): Notification {
  return {
    _id: row.id,
    kind: row.kind as NotificationKind,
    title: row.title,
    body: row.body,
    href: row.href,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt ? row.readAt.toISOString() : null,
  };
}

const listColumns = {
  id: notifications.id,
  userId: notifications.userId,
  kind: notifications.kind,
  title: notifications.title,
  body: notifications.body,
  href: notifications.href,
  createdAt: notifications.createdAt,
  readAt: notifications.readAt,
};

/** One page of the user's notifications, newest first, before the cursor (createdAt, id) when one is given. */
export async function notificationsPage(
  executor: Executor,
  userId: string,
  limit: number,
  before: { createdAt: Date; id: string } | null,
): Promise<NotificationRow[]> {
  return executor
    .select(listColumns)
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        before
          ? or(
              lt(notifications.createdAt, before.createdAt),
              and(eq(notifications.createdAt, before.createdAt), lt(notifications.id, before.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
}

/** Notifications of these users written at or after `since`, oldest first (what live streams have not sent yet). */
export async function notificationsSince(
  executor: Executor,
  userIds: readonly string[] | 'any',
  since: Date,
): Promise<NotificationRow[]> {
  if (userIds !== 'any' && userIds.length === 0) return [];
  return executor
    .select(listColumns)
    .from(notifications)
    .where(
      and(
        sql`${notifications.createdAt} >= ${since}`,
        userIds === 'any' ? undefined : inArray(notifications.userId, [...userIds]),
      ),
    )
    .orderBy(notifications.createdAt, notifications.id)
    .limit(10_000);
}

/** Each user's unread count (users without any are absent). */
export async function unreadCounts(executor: Executor, userIds: readonly string[]): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await executor
    .select({ userId: notifications.userId, count: sql<string | number>`COUNT(*)` })
    .from(notifications)
    .where(and(inArray(notifications.userId, [...userIds]), isNull(notifications.readAt)))
    .groupBy(notifications.userId);
  return new Map(rows.map((row) => [row.userId, Number(row.count)]));
}

/** Marks the user's own notifications read: these ids (others' ids match nothing), or all of them. */
export async function markRead(executor: Executor, userId: string, ids: readonly string[] | null, now: Date) {
  await executor
    .update(notifications)
    .set({ readAt: now })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        ids ? inArray(notifications.id, [...ids]) : undefined,
      ),
    );
}

/** Deletes notifications older than the time-to-live, in one statement; returns how many. */
export async function pruneNotifications(executor: Executor, now: Date): Promise<number> {
  const rows = await queryRows<{ n: string | number }>(
    executor,
    sql`WITH gone AS (DELETE FROM notifications WHERE created_at < ${new Date(now.getTime() - NOTIFICATION_TTL_MS)}::timestamptz RETURNING 1)
        SELECT COUNT(*) AS n FROM gone`,
  );
  // Text messages are kept as long, for the daily cap and the outbox.
  await executor.execute(
    sql`DELETE FROM text_messages WHERE created_at < ${new Date(now.getTime() - NOTIFICATION_TTL_MS)}::timestamptz`,
  );
  return Number(rows[0]?.n ?? 0);
}

/** The user's preferences, every kind present (the defaults for those never changed). */
export async function preferencesOf(
  executor: Executor,
  userId: string,
): Promise<Omit<NotificationPreferences, 'phoneNumber'>> {
  const [row] = await executor.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  return {
    preferences: { ...defaultPreferences(), ...(row?.kinds ?? {}) },
    timeZone: row?.timeZone ?? DEFAULT_TIME_ZONE,
  };
}

/** Merges the changed kinds into the stored ones (one statement: two saves at once both keep their kinds). */
export async function savePreferences(
  executor: Executor,
  userId: string,
  change: { kinds: Record<string, { inApp: boolean; text: boolean }>; timeZone: string | undefined },
  now: Date,
): Promise<void> {
  const kinds = JSON.stringify(change.kinds);
  await executor
    .insert(notificationPreferences)
    .values({ userId, kinds: change.kinds, timeZone: change.timeZone ?? DEFAULT_TIME_ZONE, updatedAt: now })
    .onConflictDoUpdate({
      target: notificationPreferences.userId,
      set: {
        kinds: sql`${notificationPreferences.kinds} || ${kinds}::jsonb`,
        timeZone: change.timeZone ?? sql`${notificationPreferences.timeZone}`,
        updatedAt: now,
      },
    });
}

export interface TextMessageRow {
  id: string;
  phoneNumber: string;
  body: string;
  kind: string;
  sentAt: Date | null;
}

/**
 * Claims text messages not yet sent (nor failed), oldest first: each is marked sent before it goes, so two instances
 * flushing at once never send one twice (a message whose sending then fails is marked with its error instead).
 */
export async function claimPendingTexts(executor: Executor, limit: number, now: Date): Promise<TextMessageRow[]> {
  const rows = await queryRows<{
    id: string;
    phone_number: string;
    body: string;
    kind: string;
    sent_at: Date | string;
  }>(
    executor,
    sql`UPDATE text_messages SET sent_at = ${now}::timestamptz
        WHERE id IN (SELECT id FROM text_messages WHERE sent_at IS NULL AND error IS NULL
                     ORDER BY created_at LIMIT ${limit} FOR UPDATE SKIP LOCKED)
        RETURNING id, phone_number, body, kind, sent_at`,
  );
  return rows.map((row) => ({
    id: row.id,
    phoneNumber: row.phone_number,
    body: row.body,
    kind: row.kind,
    sentAt: new Date(row.sent_at),
  }));
}

/** A claimed message the sender refused: not sent, with why. */
export async function markTextFailed(executor: Executor, id: string, error: string) {
  await executor
    .update(textMessages)
    .set({ sentAt: null, error: error.slice(0, 500) })
    .where(eq(textMessages.id, id));
}

/** The latest text messages sent, newest first (the local outbox page). */
export async function sentTexts(executor: Executor, limit: number): Promise<TextMessageRow[]> {
  return executor
    .select({
      id: textMessages.id,
      phoneNumber: textMessages.phoneNumber,
      body: textMessages.body,
      kind: textMessages.kind,
      sentAt: textMessages.sentAt,
    })
    .from(textMessages)
    .orderBy(desc(textMessages.createdAt))
    .limit(limit);
}
