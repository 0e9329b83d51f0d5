import { INITIAL_MARGIN } from './margin';

// Bounds of API.md, in one place so the forms and the server enforce the same numbers.
export const LIMITS = {
  contestName: { min: 3, max: 60 },
  contestDescription: { max: 500 },
  /** How far ahead a contest may be scheduled: `startsAt` ≤ now + this many days. */
  contestStart: { maxLeadDays: 365 },
  picksCount: { min: 1, max: 10 },
  startingCash: { min: 1_000, max: 10_000_000 },
  maxParticipants: { min: 2, max: 10_000 },
  affiliations: { max: 20 },
  affiliationName: { min: 1, max: 40 },
  displayName: { min: 1, max: 40 },
  bio: { max: 280 },
  tradeQuantity: { min: 1, max: 1_000_000 },
  /** API.md "Bounded boards": rows of a board response or event before the caller's own, and a standings page. */
  boardTopRows: 100,
  standingsPage: { min: 1, max: 200, default: 50 },
  /** `GET /contest/upcoming`: a page of the public contests open to join (the caller's own are listed beside it). */
  upcomingPage: { min: 1, max: 200, default: 50 },
  /** Contests of one creator in the public list of upcoming contests: its soonest ones. */
  publicListingPerCreator: 5,
} as const;

export const CALL_SIGN_PATTERN = /^[A-Z][A-Z0-9]{1,7}$/;
export const SYMBOL_PATTERN = /^[A-Z][A-Z0-9.-]{0,9}$/;

/** API.md "Contest rules": bounds a creator may choose, in dollars and percent. */
export const RULE_LIMITS = {
  commissionPerTrade: { min: 0, max: 50 },
  /** Dollars per share, to a hundredth of a cent ($0.005 is a common broker's rate). */
  commissionPerShare: { min: 0, max: 1, decimals: 4 },
  maxPositionPct: { min: 5, max: 100 },
  /** A trailing stop's percent: more than 0, at most this. */
  trailPercent: { max: 50 },
} as const;

/**
 * Regulation T as API.md states it: a short needs its proceeds plus half again of the player's own money (buying power
 * = cash − initial × Σ |short value|, margin.ts), and a margin call covers shorts once value < 0.3 × Σ |short value|.
 */
export const MARGIN = {
  initial: INITIAL_MARGIN.numerator / INITIAL_MARGIN.denominator,
  maintenance: 0.3,
} as const;

/** Remote health (POST /telemetry/remote-health): a report per remote and release a page may load (its live one and a
 *  canary), and a body that holds them and a token. */
export const HEALTH_LIMITS = { reports: 8, bodyBytes: 4 * 1024 } as const;

/** `POST /equity/get-equities`'s search bounds (zod-free here: the apps' search fields trim what they send to them). */
export const EQUITY_SEARCH = { queryMax: 64, symbolsMax: 500, limitMax: 500, defaultLimit: 50 } as const;
