import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database';
import { claimPendingTexts, type Delivery, markTextFailed, mergeDeliveries } from '../db/notifications';
import type { Clock } from '../lib/clock';
import type { TextSender } from './text-sender';

/** The notice channel on which any instance announces new or read notifications to every instance's streams. */
export const NOTIFICATIONS_CHANNEL = 'bullpen_notifications';

/**
 * A notice: `since` (new notifications written at or after it, for `users`, or for anyone when 'many'), or `read`
 * (the user whose unread count changed). Small enough for any delivery: a statement that notified more users than a
 * notice can name says 'many', and each instance reads what is new for the users it streams to.
 */
export type NotificationNotice = { since: string; users: string[] | 'many' } | { read: string };

const TEXTS_PER_FLUSH = 100;

/**
 * Announces what was written, after the transaction that wrote it commits (so a stream that reads on hearing it finds
 * it), and sends the text messages written with it.
 */
export class Notifier {
  private flushing: Promise<void> | null = null;
  private again = false;

  constructor(
    private readonly options: { database: Database; sender: TextSender; clock: Clock; log: FastifyBaseLogger },
  ) {}

  get sender(): TextSender {
    return this.options.sender;
  }

  /** After the commit of statements that delivered notifications written at `since`. */
  async announce(deliveries: readonly Delivery[], since: Date): Promise<void> {
    const merged = mergeDeliveries(deliveries);
    if (merged.notified > 0) {
      await this.publish({ since: since.toISOString(), users: merged.users });
    }
    if (merged.texted > 0) void this.flushTexts();
  }

  /** The user's unread count changed (notifications read). */
  async announceRead(userId: string): Promise<void> {
    await this.publish({ read: userId });
  }

  private async publish(notice: NotificationNotice): Promise<void> {
    // A lost notice costs live streams freshness (the bell's next list reads the truth), never the write.
    await this.options.database
      .publish(NOTIFICATIONS_CHANNEL, JSON.stringify(notice))
      .catch((error) => this.options.log.warn({ err: error }, 'notification notice failed'));
  }

  /**
   * Sends the text messages not sent yet, oldest first; one flush at a time on this instance (a flush asked for
   * meanwhile runs after), and each message claimed first, so no two instances send it. A message the sender refuses is
   * marked with the error and not tried again.
   */
  flushTexts(): Promise<void> {
    if (this.flushing) {
      this.again = true;
      return this.flushing;
    }
    this.flushing = (async () => {
      try {
        do {
          this.again = false;
          const { database, sender, clock, log } = this.options;
          for (;;) {
            const batch = await claimPendingTexts(database.db, TEXTS_PER_FLUSH, clock.now());
            for (const message of batch) {
              try {
                await sender.send(message.phoneNumber, message.body);
              } catch (error) {
                log.warn({ err: error }, 'text message not sent');
                await markTextFailed(database.db, message.id, String((error as Error).message ?? error));
              }
            }
            if (batch.length < TEXTS_PER_FLUSH) break;
          }
        } while (this.again);
      } catch (error) {
        this.options.log.warn({ err: error }, 'text messages flush failed');
      } finally {
        this.flushing = null;
      }
    })();
    return this.flushing;
  }
}
