import type { MarketStatusResponse } from '@bullpen/contract';
import type { MarketHours } from '../config';
import type { PriceFeed } from './price-feed';

const STALE_AFTER_MS = 5 * 60_000;

/** A regular session of the exchange, in instants. */
interface Session {
  opensAt: Date;
  closesAt: Date;
}

/** The exchange's calendar (holidays, early closes): NyseCalendar. Without one, sessions are unknown (null). */
export interface SessionCalendar {
  sessionAt(at: Date): Session | null;
  /** The first session opening strictly after `at`. */
  nextOpenAfter(at: Date): Session;
  /** New York's day at `at` is an exchange holiday. */
  isHoliday(at: Date): boolean;
}

/** Whether the market trades now, and since when a price counts as stale, for one feed and MARKET_HOURS. */
export class MarketSession {
  constructor(
    private readonly options: {
      feed: PriceFeed;
      hours: MarketHours;
      delayMinutes: number;
      /** The calendar now: the shipped one with the provider's latest closures over it. */
      calendar: () => SessionCalendar | null;
    },
  ) {}

  get delayMinutes(): number {
    return this.options.delayMinutes;
  }

  /** Always with MARKET_HOURS=always; otherwise the provider's word, else the calendar's, else closed. */
  isOpen(now: Date): boolean {
    const { hours, feed } = this.options;
    if (hours === 'always') return true;
    const said = feed.status().session;
    if (said) return said.open;
    return this.options.calendar()?.sessionAt(now) != null;
  }

  /**
   * Prices stamped before this instant are stale: no new price for 5 minutes of an open session, on the feed's own
   * (delayed) time. Null while closed, or before the session has been open 5 minutes: nothing is stale then.
   */
  staleBefore(now: Date): Date | null {
    if (!this.isOpen(now)) return null;
    const { hours, feed, delayMinutes } = this.options;
    if (hours === 'nyse') {
      const openedAt = this.options.calendar()?.sessionAt(now)?.opensAt ?? feed.status().session?.since ?? null;
      if (!openedAt || now.getTime() - openedAt.getTime() < STALE_AFTER_MS) return null;
    }
    return new Date(now.getTime() - delayMinutes * 60_000 - STALE_AFTER_MS);
  }

  status(now: Date): MarketStatusResponse {
    const { feed, hours, delayMinutes } = this.options;
    const calendar = this.options.calendar();
    const always = hours === 'always';
    const session = always ? null : (calendar?.sessionAt(now) ?? null);
    return {
      feed: feed.name,
      label: feed.label,
      delayMinutes,
      open: this.isOpen(now),
      session: session ? { opensAt: session.opensAt.toISOString(), closesAt: session.closesAt.toISOString() } : null,
      nextOpenAt: always || !calendar ? null : calendar.nextOpenAfter(now).opensAt.toISOString(),
      // Closed all day for a holiday, not for the night: the screens say "Holiday".
      holiday: !always && calendar !== null && calendar.isHoliday(now),
      timeZone: 'America/New_York',
    };
  }
}
