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
