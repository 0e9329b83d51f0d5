import { z } from './zod';
import { CALL_SIGN_PATTERN, LIMITS, RULE_LIMITS, SYMBOL_PATTERN } from './limits';
import { timeInForceSchema, tradeSideSchema, visibilitySchema } from './models';

// Request bodies of API.md. Every body is strict: an unknown field is a 400, so a typo never passes silently.

// An id is only typed here: one that could never have been issued (a control character, a zero-width space…) is an
// unknown id, which the server answers with 404 without asking the database (api/src/lib/ids.ts, isWellFormedId).
// Any length up to what a URL carries: an id that cannot be one of ours is unknown (404 from the lookup), like a
// mistyped one, rather than a validation error the user cannot act on.
export const idSchema = z.string().trim().min(1, 'This field is required').max(2048);
const isoDateTime = z.iso.datetime({ offset: true, message: 'Enter a date and time' });

const hasAtMostCents = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;

// ---------------------------------------------------------------------------------------------------------------
// Free text. PostgreSQL cannot store NUL ("invalid byte sequence for encoding UTF8"), no UTF-8 can carry an unpaired
// surrogate, and other control characters have no place in a name: each is refused with a message naming the field.
// Text is trimmed of whitespace and zero-width characters first, so the length rules count the visible text and a
// name made only of invisible characters gets the message of an empty one.

/** Whitespace (U+FEFF included) and the zero-width characters JavaScript's trim keeps, at either end of the text. */
const EDGE_INVISIBLE = /^[\s\u00ad\u180e\u200b-\u200f\u2060-\u2064]+|[\s\u00ad\u180e\u200b-\u200f\u2060-\u2064]+$/g;
/** Characters that show nothing by themselves: whitespace and Unicode's default-ignorable code points (zero-width
 * characters, bidi controls, variation selectors, Hangul fillers, tag characters). Inside visible text they stay: a
 * zero-width joiner holds an emoji sequence together. */
const INVISIBLE = /[\s\p{Default_Ignorable_Code_Point}]/gu;

/** The text as a reader sees it: edges trimmed, and nothing at all when nothing in it is visible. */
function visibleText(value: string): string {
  const trimmed = value.replace(EDGE_INVISIBLE, '');
  return trimmed.replace(INVISIBLE, '') === '' ? '' : trimmed;
}

/** C0 and C1 control characters and DEL (U+0000–U+001F, U+007F–U+009F); a multi-line field allows `\n`. */
function hasControlCharacter(value: string, multiLine: boolean): boolean {
  for (let i = 0; i < value.length; i += 1) {
    const code = value.charCodeAt(i);
    if ((code <= 0x1f || (code >= 0x7f && code <= 0x9f)) && !(multiLine && code === 0x0a)) return true;
  }
  return false;
}

/** True when every surrogate is half of a pair, so the text has a UTF-8 form (String#isWellFormed, ES2024). */
function isWellFormedText(value: string): boolean {
  for (let i = 0; i < value.length; i += 1) {
    const code = value.charCodeAt(i);
    if (code >= 0xdc00 && code <= 0xdfff) return false;
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = value.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return false;
      i += 1;
    }
  }
  return true;
}

/**
 * A text field: visible text only, no control characters, no unpaired surrogates. Multi-line fields (a textarea:
 * description, bio) keep line breaks, stored as `\n` (a form submission sends `\r\n`); one-line fields refuse them.
 */
export function textSchema(
  label: string,
  lines: 'one-line' | 'multi-line',
  normalize: (value: string) => string = (v) => v,
) {
  const multiLine = lines === 'multi-line';
  return (
    z
      .string()
      .overwrite((value) => visibleText(normalize(multiLine ? value.replace(/\r\n/g, '\n') : value)))
      .refine((value) => !hasControlCharacter(value, multiLine), `${label}: no control characters`)
      // Embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069) make text read in another order than it is
      // stored: a name that shows as someone else's, or a reversed word.
      .refine((value) => !/[\u202a-\u202e\u2066-\u2069]/.test(value), `${label}: no text direction characters`)
      .refine(isWellFormedText, `${label}: invalid characters`)
  );
}

export const symbolSchema = z.string().trim().toUpperCase().regex(SYMBOL_PATTERN, 'Unknown symbol');

export const callSignSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(CALL_SIGN_PATTERN, 'Call sign: 2 to 8 letters or digits, starting with a letter');

export const displayNameSchema = textSchema('Display name', 'one-line')
  .min(LIMITS.displayName.min, 'Display name is required')
  .max(LIMITS.displayName.max, `Display name: at most ${LIMITS.displayName.max} characters`);

export const bioSchema = textSchema('Bio', 'multi-line').max(
  LIMITS.bio.max,
  `Bio: at most ${LIMITS.bio.max} characters`,
);

/** Where an invisible character in a team name does something: inside an emoji sequence. */
const JOINS_EMOJI = /^(?:\p{Extended_Pictographic}|\p{Emoji_Modifier}|\ufe0f)$/u;
const IS_PICTOGRAPH = /^\p{Extended_Pictographic}$/u;
const IS_TAG = /^[\u{e0020}-\u{e007f}]$/u;

/**
 * A team name as the server stores it and as players see it: compatibility forms folded (NFKC: full-width letters,
 * ligatures) and the zero-width and formatting characters that draw nothing removed, so "Zero\u200bWidth" is
 * "ZeroWidth". What draws something stays: a zero-width joiner inside an emoji sequence, a variation selector after a
 * pictograph or keycap base, the tags of a subdivision flag.
 */
export function normalizeTeamName(value: string): string {
  const chars = Array.from(value.normalize('NFKC'));
  return chars
    .filter((char, index) => {
      if (!/\p{Default_Ignorable_Code_Point}/u.test(char)) return true;
      const before = chars[index - 1] ?? '';
      const after = chars[index + 1] ?? '';
      if (char === '\u200d') return JOINS_EMOJI.test(before) && IS_PICTOGRAPH.test(after);
      if (char === '\ufe0f' || char === '\ufe0e') return IS_PICTOGRAPH.test(before) || /^[0-9#*]$/.test(before);
      if (IS_TAG.test(char)) return before === '\u{1f3f4}' || IS_TAG.test(before);
      return false;
    })
    .join('');
}

/**
 * What makes two team names the same team: their normalised forms without any invisible or control character, runs
 * of spaces as one, case folded. The client's team editor and the server's duplicate check both use it.
 */
export function teamNameKey(value: string): string {
  return normalizeTeamName(value)
    .replace(/[\p{Default_Ignorable_Code_Point}\p{Cc}]/gu, (char) => (/\s/.test(char) ? ' ' : ''))
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

export const affiliationNameSchema = textSchema('Team name', 'one-line', normalizeTeamName)
  .min(LIMITS.affiliationName.min, 'Team name is required')
  .max(LIMITS.affiliationName.max, `Team name: at most ${LIMITS.affiliationName.max} characters`);

/** At most `decimals` decimals, tolerating a decimal's float error. */
const hasAtMostDecimals = (decimals: number) => (value: number) => {
  const scale = 10 ** decimals;
  return Math.abs(Math.round(value * scale) - value * scale) < 1e-6;
};

/**
 * API.md "Contest rules" on the way in: every field optional, with today's game as the default. On create a missing
 * `rules` means the defaults; on edit it means "unchanged".
 */
export const contestRulesInputSchema = z.strictObject({
  shortSelling: z.boolean('Short selling: on or off').default(false),
  commission: z
    .strictObject({
      perTrade: z
        .number('Commission per trade: enter an amount in dollars')
        .min(RULE_LIMITS.commissionPerTrade.min, 'Commission per trade: $0 or more')
        .max(RULE_LIMITS.commissionPerTrade.max, `Commission per trade: at most $${RULE_LIMITS.commissionPerTrade.max}`)
        .refine(hasAtMostCents, 'Commission per trade: whole cents only')
        .default(0),
      perShare: z
        .number('Commission per share: enter an amount in dollars')
        .min(RULE_LIMITS.commissionPerShare.min, 'Commission per share: $0 or more')
        .max(RULE_LIMITS.commissionPerShare.max, `Commission per share: at most $${RULE_LIMITS.commissionPerShare.max}`)
        .refine(
          hasAtMostDecimals(RULE_LIMITS.commissionPerShare.decimals),
          `Commission per share: at most ${RULE_LIMITS.commissionPerShare.decimals} decimals`,
        )
        .default(0),
    })
    .default({ perTrade: 0, perShare: 0 }),
  maxPositionPct: z
    .number('Maximum position: a percentage')
    .min(RULE_LIMITS.maxPositionPct.min, `Maximum position: at least ${RULE_LIMITS.maxPositionPct.min}%`)
    .max(RULE_LIMITS.maxPositionPct.max, `Maximum position: at most ${RULE_LIMITS.maxPositionPct.max}%`)
    .refine(hasAtMostCents, 'Maximum position: at most 2 decimals')
    .nullable()
    .default(null),
});
export type ContestRulesInput = z.input<typeof contestRulesInputSchema>;

const contestFieldShape = {
  name: textSchema('Name', 'one-line')
    .min(LIMITS.contestName.min, `Name: at least ${LIMITS.contestName.min} characters`)
    .max(LIMITS.contestName.max, `Name: at most ${LIMITS.contestName.max} characters`),
  description: textSchema('Description', 'multi-line').max(
    LIMITS.contestDescription.max,
    `Description: at most ${LIMITS.contestDescription.max} characters`,
  ),
  startsAt: isoDateTime,
  endsAt: isoDateTime,
  picksCount: z
    .number()
    .int('Picks: a whole number')
    .min(LIMITS.picksCount.min, `Picks: at least ${LIMITS.picksCount.min}`)
    .max(LIMITS.picksCount.max, `Picks: at most ${LIMITS.picksCount.max}`),
  startingCash: z
    .number()
    .min(LIMITS.startingCash.min, `Starting cash: at least $${LIMITS.startingCash.min.toLocaleString('en-US')}`)
    .max(LIMITS.startingCash.max, `Starting cash: at most $${LIMITS.startingCash.max.toLocaleString('en-US')}`)
    .refine(hasAtMostCents, 'Starting cash: whole cents only'),
  maxParticipants: z
    .number()
    .int('Participants: a whole number')
    .min(LIMITS.maxParticipants.min, `Participants: at least ${LIMITS.maxParticipants.min}`)
    .max(LIMITS.maxParticipants.max, `Participants: at most ${LIMITS.maxParticipants.max.toLocaleString('en-US')}`),
  visibility: visibilitySchema,
  affiliations: z.array(affiliationNameSchema).max(LIMITS.affiliations.max, `At most ${LIMITS.affiliations.max} teams`),
  isTeamCollaboration: z.boolean(),
  rules: contestRulesInputSchema.optional(),
};

type ContestFieldsInput = {
  startsAt: string;
  endsAt: string;
  affiliations: string[];
  isTeamCollaboration: boolean;
};

/** Cross-field rules that need no server state: order of dates, distinct teams, the derived team flag (SPEC §5). */
function checkContestFields(fields: ContestFieldsInput, ctx: z.RefinementCtx) {
  if (Date.parse(fields.endsAt) <= Date.parse(fields.startsAt)) {
    ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'The end must be after the start' });
  }
  const seen = new Set<string>();
  fields.affiliations.forEach((team, index) => {
    const key = teamNameKey(team);
    if (seen.has(key))
      ctx.addIssue({ code: 'custom', path: ['affiliations', index], message: 'Team names must be different' });
    seen.add(key);
  });
  if (fields.affiliations.length === 1) {
    ctx.addIssue({
      code: 'custom',
      path: ['affiliations'],
      message: 'A team collaboration needs at least two teams',
    });
  }
  if (fields.isTeamCollaboration !== fields.affiliations.length > 0) {
    ctx.addIssue({
      code: 'custom',
      path: ['isTeamCollaboration'],
      message: 'isTeamCollaboration must be true exactly when there are affiliations',
    });
  }
}

export const createContestBodySchema = z.strictObject(contestFieldShape).superRefine(checkContestFields);
export type CreateContestBody = z.input<typeof createContestBodySchema>;

export const editContestBodySchema = z
  .strictObject({ contestId: idSchema, ...contestFieldShape })
  .superRefine(checkContestFields);
export type EditContestBody = z.input<typeof editContestBodySchema>;

/** isTeamCollaboration is derived, never chosen (SPEC §5). */
export function isTeamCollaboration(affiliations: readonly string[]): boolean {
  return affiliations.length > 0;
}

export interface ContestTimingLimits {
  minLeadSeconds: number;
  minDurationSeconds: number;
  maxDurationSeconds: number;
}

/** The configurable timing rules of DESIGN §5, as field errors; used by the server and, for early feedback, the form. */
export function contestTimingErrors(
  fields: { startsAt: string; endsAt: string },
  limits: ContestTimingLimits,
  now: Date,
): { field: 'startsAt' | 'endsAt'; message: string }[] {
  const errors: { field: 'startsAt' | 'endsAt'; message: string }[] = [];
  const start = Date.parse(fields.startsAt);
  const end = Date.parse(fields.endsAt);
  if (start < now.getTime() + limits.minLeadSeconds * 1000) {
    errors.push({
      field: 'startsAt',
      message: `The start must be at least ${describeSeconds(limits.minLeadSeconds)} from now`,
    });
  } else if (start > now.getTime() + LIMITS.contestStart.maxLeadDays * DAY_MS) {
    errors.push({
      field: 'startsAt',
      message: `The start must be within ${describeDays(LIMITS.contestStart.maxLeadDays)} from now`,
    });
  }
  const duration = (end - start) / 1000;
  if (duration < limits.minDurationSeconds) {
    errors.push({ field: 'endsAt', message: `A contest lasts at least ${describeSeconds(limits.minDurationSeconds)}` });
  } else if (duration > limits.maxDurationSeconds) {
    errors.push({ field: 'endsAt', message: `A contest lasts at most ${describeSeconds(limits.maxDurationSeconds)}` });
  }
  return errors;
}

const DAY_MS = 86_400_000;

/** 365 → "1 year", 730 → "2 years", 30 → "30 days". */
function describeDays(days: number): string {
  if (days % 365 === 0) return `${days / 365} year${days === 365 ? '' : 's'}`;
  return `${days} day${days === 1 ? '' : 's'}`;
}

export function describeSeconds(seconds: number): string {
  const units: [number, string][] = [
    [86_400, 'day'],
    [3_600, 'hour'],
    [60, 'minute'],
    [1, 'second'],
  ];
  for (const [size, name] of units) {
    if (seconds >= size && seconds % size === 0) {
      const count = seconds / size;
      return `${count} ${name}${count === 1 ? '' : 's'}`;
    }
  }
  return `${seconds} seconds`;
}

export const contestIdBodySchema = z.strictObject({ contestId: idSchema });
export type ContestIdBody = z.input<typeof contestIdBodySchema>;

const picksSchema = z
  .array(symbolSchema)
  .min(LIMITS.picksCount.min, 'Choose at least one pick')
  .max(LIMITS.picksCount.max, `At most ${LIMITS.picksCount.max} picks`)
  .superRefine((picks, ctx) => {
    if (new Set(picks).size !== picks.length)
      ctx.addIssue({ code: 'custom', message: 'Picks must be different symbols' });
  });

export const joinContestBodySchema = z.strictObject({
  contestId: idSchema,
  picks: picksSchema,
  affiliation: affiliationNameSchema.optional(),
});
export type JoinContestBody = z.input<typeof joinContestBodySchema>;

export const changePicksBodySchema = z.strictObject({ contestId: idSchema, picks: picksSchema });
export type ChangePicksBody = z.input<typeof changePicksBodySchema>;

/** Shares in one trade or order: whole, at least one, at most LIMITS.tradeQuantity.max. */
export const quantitySchema = z
  .number()
  .int('Quantity: whole shares only')
  .min(LIMITS.tradeQuantity.min, 'Quantity: at least 1 share')
  .max(LIMITS.tradeQuantity.max, `Quantity: at most ${LIMITS.tradeQuantity.max.toLocaleString('en-US')} shares`);

export const tradeBodySchema = z.strictObject({
  contestId: idSchema,
  symbol: symbolSchema,
  side: tradeSideSchema,
  quantity: quantitySchema,
  /** Only matters when the order waits (API.md "Market orders that wait"): a day order ends with its session. */
  timeInForce: timeInForceSchema.optional(),
});
export type TradeBody = z.input<typeof tradeBodySchema>;

export const emptyBodySchema = z.strictObject({});

const ticker = z.string().trim().toUpperCase();
const tickerMatchesCallSign = (body: { callSign: string; ticker: string }) => body.ticker === body.callSign;
const tickerIssue = { path: ['ticker'], message: 'ticker must equal callSign' };

export const initializeUserBodySchema = z
  .strictObject({ callSign: callSignSchema, ticker, displayName: displayNameSchema, bio: bioSchema.optional() })
  .refine(tickerMatchesCallSign, tickerIssue);
export type InitializeUserBody = z.input<typeof initializeUserBodySchema>;

export const editProfileBodySchema = z
  .strictObject({ callSign: callSignSchema, ticker, displayName: displayNameSchema, bio: bioSchema })
  .refine(tickerMatchesCallSign, tickerIssue);
export type EditProfileBody = z.input<typeof editProfileBodySchema>;

export const getUserProfileBodySchema = z.strictObject({ userId: idSchema });
export type GetUserProfileBody = z.input<typeof getUserProfileBodySchema>;

/**
 * An instant the database can hold and `toISOString()` can spell: years 1 to 9999 in UTC. The format alone lets an offset
 * carry `0001-01-01T00:00:00+01:00` into year 0 or `9999-12-31T23:59:59-23:59` into year 10000 (a 500 before).
 */
const FIRST_INSTANT = Date.parse('0001-01-01T00:00:00.000Z');
const LAST_INSTANT = Date.parse('9999-12-31T23:59:59.999Z');
const storableDateTime = isoDateTime.refine((value) => {
  const time = Date.parse(value);
  return time >= FIRST_INSTANT && time <= LAST_INSTANT;
}, 'Enter a date between the years 1 and 9999');

export const equityHistoryQuerySchema = z.strictObject({
  from: storableDateTime.optional(),
  to: storableDateTime.optional(),
});
export type EquityHistoryQuery = z.input<typeof equityHistoryQuerySchema>;

/** `GET /contest/{id}/standings?offset&limit&around=me`: query strings arrive as text, so numbers are coerced. */
export const standingsPageQuerySchema = z.strictObject({
  offset: z.coerce
    .number()
    .int('Must be a whole number')
    .min(0, 'Must be 0 or more')
    .max(1_000_000, 'Too large')
    .default(0),
  limit: z.coerce
    .number()
    .int('Must be a whole number')
    .min(LIMITS.standingsPage.min, `Must be between ${LIMITS.standingsPage.min} and ${LIMITS.standingsPage.max}`)
    .max(LIMITS.standingsPage.max, `Must be between ${LIMITS.standingsPage.min} and ${LIMITS.standingsPage.max}`)
    .default(LIMITS.standingsPage.default),
  around: z.literal('me', 'The only supported value is "me"').optional(),
});
export type StandingsPageQuery = z.input<typeof standingsPageQuerySchema>;

/** `GET /contest/upcoming?limit&cursor`: `cursor` is the previous page's `nextCursor`, opaque to clients. */
export const upcomingContestsQuerySchema = z.strictObject({
  limit: z.coerce
    .number()
    .int('Must be a whole number')
    .min(LIMITS.upcomingPage.min, `Must be between ${LIMITS.upcomingPage.min} and ${LIMITS.upcomingPage.max}`)
    .max(LIMITS.upcomingPage.max, `Must be between ${LIMITS.upcomingPage.min} and ${LIMITS.upcomingPage.max}`)
    .default(LIMITS.upcomingPage.default),
  cursor: z.string().min(1, 'Not a cursor of this list').max(200, 'Not a cursor of this list').optional(),
});
export type UpcomingContestsQuery = z.input<typeof upcomingContestsQuerySchema>;
