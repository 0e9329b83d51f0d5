import type { Notification } from '@bullpen/contract';
import type { Db } from '../db/database';
import { notificationsSince, notificationView, unreadCounts } from '../db/notifications';
import type { NotificationNotice } from './notifier';

/** One open notification stream: how to send it an event, and what it was sent already (a notice may repeat rows). */
export interface NotificationStream {
  send(event: 'notification', data: { notification: Notification; unread: number }): void;
  send(event: 'unread', data: { unread: number }): void;
}

/** Users per statement when a notice concerns many of this instance's streams. */
const USERS_PER_READ = 1000;
/** Ids a stream remembers having sent; more than a notice ever brings for one user. */
const SENT_MEMORY = 500;

/**
 * The notification streams open on this instance, by user. Every instance hears every notice (db.listen); each reads
 * only what concerns the users it streams to, in one statement per thousand users, whoever wrote it.
 */
export class NotificationStreams {
  private readonly byUser = new Map<string, Map<NotificationStream, Set<string>>>();

  constructor(private readonly db: Db) {}

  get users(): number {
    return this.byUser.size;
  }

  add(userId: string, stream: NotificationStream): () => void {
    let streams = this.byUser.get(userId);
    if (!streams) {
      streams = new Map();
      this.byUser.set(userId, streams);
    }
    streams.set(stream, new Set());
    return () => {
      const current = this.byUser.get(userId);
      current?.delete(stream);
      if (current && current.size === 0) this.byUser.delete(userId);
    };
  }

  count(userId: string): number {
    return this.byUser.get(userId)?.size ?? 0;
  }

  async onNotice(payload: string): Promise<void> {
    let notice: NotificationNotice;
    try {
      notice = JSON.parse(payload) as NotificationNotice;
    } catch {
      return;
    }
    if ('read' in notice) {
      if (typeof notice.read === 'string' && this.byUser.has(notice.read)) await this.sendUnread([notice.read]);
      return;
    }
    const since = new Date(notice.since);
    if (Number.isNaN(since.getTime())) return;
    const users =
      notice.users === 'many'
        ? [...this.byUser.keys()]
        : Array.isArray(notice.users)
          ? notice.users.filter((user) => this.byUser.has(user))
          : [];
    for (let i = 0; i < users.length; i += USERS_PER_READ) {
      const chunk = users.slice(i, i + USERS_PER_READ);
      const rows = await notificationsSince(this.db, chunk, since);
      if (rows.length === 0) continue;
      const counts = await unreadCounts(this.db, [...new Set(rows.map((row) => row.userId))]);
      for (const row of rows) {
        for (const [stream, sent] of this.byUser.get(row.userId) ?? []) {
          if (sent.has(row.id)) continue;
          if (sent.size >= SENT_MEMORY) sent.clear();
          sent.add(row.id);
          stream.send('notification', { notification: notificationView(row), unread: counts.get(row.userId) ?? 0 });
        }
      }
    }
  }

  /** Every stream's count again: after the listening connection was lost, notices may have been missed. */
  async resync(): Promise<void> {
    const users = [...this.byUser.keys()];
    for (let i = 0; i < users.length; i += USERS_PER_READ) await this.sendUnread(users.slice(i, i + USERS_PER_READ));
  }

  private async sendUnread(users: string[]): Promise<void> {
    const counts = await unreadCounts(this.db, users);
    for (const user of users) {
      for (const stream of this.byUser.get(user)?.keys() ?? [])
        stream.send('unread', { unread: counts.get(user) ?? 0 });
    }
  }
}
