import type {
  MarkNotificationsReadBody,
  NotificationPreferences,
  NotificationPreferencesBody,
  NotificationsResponse,
} from '@bullpen/contract';
import type { AppDeps } from '../app-deps';
import {
  markRead,
  notificationsPage,
  notificationView,
  preferencesOf,
  savePreferences,
  sentTexts,
  unreadCounts,
} from '../db/notifications';
import type { UserRow } from '../db/users';
import { badRequest } from '../lib/errors';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'notifier'>;

/** The list's cursor: the last row's (createdAt, id), opaque to clients. */
const encodeCursor = (row: { createdAt: Date; id: string }) =>
  Buffer.from(`${row.createdAt.toISOString()}|${row.id}`).toString('base64url');

function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(at ?? '');
  if (!id || Number.isNaN(createdAt.getTime()) || !/^[A-Za-z0-9_-]{1,64}$/.test(id)) {
    throw badRequest('Validation failed', [{ field: 'before', message: 'Not a cursor of this list' }]);
  }
  return { createdAt, id };
}

export async function unreadOf(deps: Pick<AppDeps, 'db'>, user: UserRow): Promise<number> {
  return (await unreadCounts(deps.db, [user.id])).get(user.id) ?? 0;
}

/** `GET /notifications`: one page, newest first, of the caller's own notifications. */
export async function listNotifications(
  deps: Deps,
  user: UserRow,
  query: { before?: string | undefined; limit: number },
): Promise<NotificationsResponse> {
  const before = query.before ? decodeCursor(query.before) : null;
  const rows = await notificationsPage(deps.db, user.id, query.limit + 1, before);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    notifications: page.map(notificationView),
    unread: await unreadOf(deps, user),
    next: rows.length > page.length && last ? encodeCursor(last) : null,
  };
}

/** `POST /notifications/read`: the caller's own (another user's ids match nothing); all of them without `ids`. */
export async function readNotifications(
  deps: Deps,
  user: UserRow,
  body: MarkNotificationsReadBody,
): Promise<{ unread: number }> {
  await markRead(deps.db, user.id, body.ids ?? null, deps.clock.now());
  // The user's other tabs and devices show the new count too.
  await deps.notifier.announceRead(user.id);
  return { unread: await unreadOf(deps, user) };
}

export async function notificationPreferences(deps: Deps, user: UserRow): Promise<NotificationPreferences> {
  return { ...(await preferencesOf(deps.db, user.id)), phoneNumber: user.phoneNumber !== null };
}

/** `POST /notifications/preferences`: the kinds named change, the others keep their setting. */
export async function changeNotificationPreferences(
  deps: Deps,
  user: UserRow,
  body: NotificationPreferencesBody,
): Promise<NotificationPreferences> {
  const kinds = Object.fromEntries(
    Object.entries(body.preferences ?? {}).filter((entry) => entry[1] !== undefined),
  ) as Record<string, { inApp: boolean; text: boolean }>;
  await savePreferences(deps.db, user.id, { kinds, timeZone: body.timeZone }, deps.clock.now());
  return notificationPreferences(deps, user);
}

/** `GET /dev/outbox`: the latest text messages, as the local sender "sent" them. */
export async function outbox(deps: Pick<AppDeps, 'db'>) {
  const rows = await sentTexts(deps.db, 100);
  return {
    messages: rows.map((row) => ({
      to: row.phoneNumber,
      body: row.body,
      kind: row.kind,
      sentAt: row.sentAt ? row.sentAt.toISOString() : null,
    })),
  };
}
