import type { FastifyBaseLogger } from 'fastify';
import { storeCorporateActions, symbolsInLiveContests } from '../db/corporate-actions';
import type { Db } from '../db/database';
import type { Clock } from '../lib/clock';
import type { Scheduler } from '../lib/scheduler';
import type { SessionCalendar } from './market-session';
import { newYorkDate, newYorkInstant } from './nyse-calendar';
import type { CorporateAction, PriceFeed } from './price-feed';

export interface CorporateActionsJobOptions {
  db: Db;
  feed: PriceFeed;
  clock: Clock;
  scheduler: Scheduler;
  /** MARKET_ACTIONS_POLL_MS. */
  pollMs: number;
  calendar: () => SessionCalendar | null;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

/**
 * Reads the provider's splits and dividends of the symbols held or ordered in live contests, every MARKET_ACTIONS_POLL_MS
 * (API.md "Corporate actions"), and stores them by the provider's id. The contest clock applies them when their time
 * comes (db/corporate-actions.ts). A feed without corporate actions (the simulator) makes this a no-op.
 */
export class CorporateActionsJob {
  private cancel: (() => void) | null = null;
  private running = false;

  constructor(private readonly options: CorporateActionsJobOptions) {}

  /**
   * When an action dated `date` takes effect: the first open on or after that date in New York. The provider's prices
   * of that date are adjusted already, its pre-market included, so a delayed price that arrives after the open is an
   * adjusted one too.
   */
  effectiveAt(date: string): Date {
    const calendar = this.options.calendar();
    return calendar ? calendar.nextOpenAfter(newYorkInstant(date, '00:00')).opensAt : newYorkInstant(date, '09:30');
  }

  start(): void {
    if (this.running || !this.options.feed.corporateActions) return;
    this.running = true;
    this.schedule(0);
  }

  stop(): void {
    this.running = false;
    this.cancel?.();
    this.cancel = null;
  }

  /** One read: answers how many actions the provider gave (stored or refreshed). */
  async poll(): Promise<number> {
    const read = this.options.feed.corporateActions?.bind(this.options.feed);
    if (!read) return 0;
    const { symbols, since } = await symbolsInLiveContests(this.options.db);
    if (symbols.length === 0 || !since) return 0;
    const actions: CorporateAction[] = await read(symbols, newYorkDate(since));
    await storeCorporateActions(
      this.options.db,
      actions.map((action) => ({ ...action, effectiveAt: this.effectiveAt(action.date) })),
      this.options.clock.now(),
    );
    return actions.length;
  }

  private schedule(ms: number): void {
    if (!this.running) return;
    this.cancel = this.options.scheduler.after(ms, () => {
      void this.poll()
        .catch((error) => this.options.log.warn({ err: error }, 'corporate actions not read'))
        .finally(() => this.schedule(this.options.pollMs));
    });
  }
}
