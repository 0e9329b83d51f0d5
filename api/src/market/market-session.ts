import { type MarketStatusResponse, TRADING_DAY_SECONDS } from '@bullpen/contract';
import type { MarketHours } from '../config';
import type { PriceFeed } from './price-feed';

const STALE_AFTER_MS = 5 * 60_000;
const FORTNIGHT_MS = 14 * 86_400_000;
/** How far back the latest session is looked for: longer than any closure the exchange has had. */
const LOOK_BACK_MS = 30 * 86_400_000;

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
  /** The sessions that overlap [from, to), each cut to that span. */
  sessionsBetween(from: Date, to: Date): Session[];
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

  get hours(): MarketHours {
    return this.options.hours;
  }

  /** The calendar, only with MARKET_HOURS=nyse. */
  private sessions(): SessionCalendar | null {
    return this.options.hours === 'always' ? null : this.options.calendar();
  }

  /**
   * Whether a price stamped `at` is a price of an open session (API.md "Market orders that wait"): always with
   * MARKET_HOURS=always (or no calendar to tell); otherwise from a session's open up to and including its close, since
   * a minute bar is stamped with the minute's end and the last one ends at the close.
   */
  isSessionPrice(at: Date): boolean {
    const calendar = this.sessions();
    if (!calendar) return true;
    return (
      calendar.sessionAt(at) !== null ||
      calendar.sessionAt(new Date(at.getTime() - 1))?.closesAt.getTime() === at.getTime()
    );
  }

  /** The first session opening strictly after `at`, or null with MARKET_HOURS=always (or no calendar). */
  nextOpenAfter(at: Date): Date | null {
    return this.sessions()?.nextOpenAfter(at).opensAt ?? null;
  }

  /**
   * The latest session that has opened by `now`, open or closed since: conditional orders trigger only on prices stamped
   * in it (older prices had their session). Null with MARKET_HOURS=always or no calendar: every price counts.
   */
  latestSession(now: Date): Session | null {
    const calendar = this.sessions();
    if (!calendar) return null;
    const current = calendar.sessionAt(now);
    if (current) return current;
    let session = calendar.nextOpenAfter(new Date(now.getTime() - LOOK_BACK_MS));
    let latest: Session | null = null;
    while (session.opensAt <= now) {
      latest = session;
      session = calendar.nextOpenAfter(session.opensAt);
    }
    return latest;
  }

  /**
   * When a day order placed at `now` ends: the close of the session it was placed in (placed while closed, the next
   * one), on the feed's own time (MARKET_DELAY_MINUTES later, when the close's prices have arrived). Null with
   * MARKET_HOURS=always: there is no session, and a day order lasts as a good-till-cancelled one.
   */
  dayOrderEnds(now: Date): Date | null {
    const calendar = this.sessions();
    if (!calendar) return null;
    const session = calendar.sessionAt(now) ?? calendar.nextOpenAfter(now);
    return new Date(session.closesAt.getTime() + this.options.delayMinutes * 60_000);
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
   * The market time between two instants, in seconds: around the clock, the simulated time (real seconds ×
   * MARKET_TIME_SCALE); with exchange hours, the seconds of open sessions between them (none without a calendar).
   */
  marketSecondsBetween(from: Date, to: Date, timeScale: number): number {
    if (this.options.hours === 'always') return (Math.max(0, to.getTime() - from.getTime()) / 1000) * timeScale;
    return (this.sessionsBetween(from, to) ?? []).reduce(
      (sum, session) => sum + (session.closesAt.getTime() - session.opensAt.getTime()) / 1000,
      0,
    );
  }

  /**
   * The latest instant from which one trading day of market time (contract risk-window.ts) has passed by `now`: a
   * series that starts at or before it spans a trading day. With exchange hours, sessions are counted back from now
   * (a fortnight always holds one); without a calendar, none is known, so nothing spans one.
   */
  tradingDayStartedBy(now: Date, timeScale: number): Date {
    const needed = TRADING_DAY_SECONDS[this.options.hours];
    if (this.options.hours === 'always') return new Date(now.getTime() - (needed / timeScale) * 1000);
    let remaining = needed * 1000;
    const sessions = this.sessionsBetween(new Date(now.getTime() - FORTNIGHT_MS), now) ?? [];
    for (const session of sessions.reverse()) {
      const length = session.closesAt.getTime() - session.opensAt.getTime();
      if (length >= remaining) return new Date(session.closesAt.getTime() - remaining);
      remaining -= length;
    }
    return new Date(0);
  }

  /** With exchange hours, the sessions that overlap [from, to); around the clock, null (it is all market time). */
  sessionsBetween(from: Date, to: Date): Session[] | null {
    if (this.options.hours === 'always') return null;
    return this.options.calendar()?.sessionsBetween(from, to) ?? [];
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
