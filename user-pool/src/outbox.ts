import type { OutboxEntry } from './model';

const OUTBOX_LIMIT = 500;

/**
 * Where codes and temporary passwords are "delivered": the log, and the newest entries of the outbox page (there is
 * no SMS or email gateway).
 */
export class Outbox {
  constructor(
    private readonly entries: OutboxEntry[],
    private readonly now: () => number,
    private readonly log: (line: string) => void,
  ) {}

  deliver(destination: string, code: string, purpose: string): void {
    this.entries.unshift({ phone: destination, code, purpose, createdAt: new Date(this.now()).toISOString() });
    this.entries.length = Math.min(this.entries.length, OUTBOX_LIMIT);
    this.log(`[user-pool] code for ${destination}: ${code} (${purpose})`);
  }
}
