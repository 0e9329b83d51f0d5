import {
  type Contest,
  type ContestRules,
  DEFAULT_CONTEST_RULES,
  rulesOf,
  type ContestTimingLimits,
  type CreateContestBody,
  contestTimingErrors,
  createContestBodySchema,
  isTeamCollaboration,
  type Visibility,
} from '@bullpen/contract';
import { fromLocalInputValue, toLocalInputValue } from './local-date-time';

/** What the form holds: strings as typed, so a half-typed number never turns into NaN under the user's cursor. */
export interface ContestFormValues {
  name: string;
  description: string;
  startsAtLocal: string;
  endsAtLocal: string;
  picksCount: string;
  startingCash: string;
  maxParticipants: string;
  visibility: Visibility;
  affiliations: string[];
  /** API.md "Contest rules": short selling on or off. */
  shortSelling: boolean;
  /** Dollars per trade, as typed. */
  commissionPerTrade: string;
  /** Dollars per share, as typed. */
  commissionPerShare: string;
  /** Percent of the portfolio one stock may reach; empty: no cap. */
  maxPositionPct: string;
}

const rulesToFormValues = (rules: ContestRules) => ({
  shortSelling: rules.shortSelling,
  commissionPerTrade: String(rules.commission.perTrade),
  commissionPerShare: String(rules.commission.perShare),
  maxPositionPct: rules.maxPositionPct === null ? '' : String(rules.maxPositionPct),
});

export type ContestFormField = keyof ContestFormValues;
export type FieldErrors = Partial<Record<ContestFormField, string>>;

/**
 * The local/demo timing defaults of DESIGN §5. Only an early hint: the server's configuration decides and its field
 * errors are shown when they differ.
 */
export const DEMO_TIMING_LIMITS: ContestTimingLimits = {
  minLeadSeconds: 30,
  minDurationSeconds: 120,
  maxDurationSeconds: 365 * 86_400,
};

export function defaultContestFormValues(now: Date = new Date()): ContestFormValues {
  // Round up to the next quarter hour, an hour from now, so the default start is plausible and tidy.
  const start = new Date(now.getTime() + 60 * 60_000);
  start.setSeconds(0, 0);
  start.setMinutes(Math.ceil(start.getMinutes() / 15) * 15);
  const end = new Date(start.getTime() + 7 * 86_400_000);
  return {
    name: '',
    description: '',
    startsAtLocal: toLocalInputValue(start),
    endsAtLocal: toLocalInputValue(end),
    picksCount: '5',
    startingCash: '100000',
    maxParticipants: '50',
    visibility: 'public',
    affiliations: [],
    ...rulesToFormValues(DEFAULT_CONTEST_RULES),
  };
}

export function contestToFormValues(contest: Contest): ContestFormValues {
  return {
    name: contest.name,
    description: contest.description,
    startsAtLocal: toLocalInputValue(contest.startsAt),
    endsAtLocal: toLocalInputValue(contest.endsAt),
    picksCount: String(contest.picksCount),
    startingCash: String(contest.startingCash),
    maxParticipants: String(contest.maxParticipants),
    visibility: contest.visibility,
    affiliations: [...contest.affiliations],
    ...rulesToFormValues(rulesOf(contest)),
  };
}

const toNumber = (value: string) => (value.trim() === '' ? Number.NaN : Number(value.replace(/[,\s$]/g, '')));

/**
 * The body to send. `withRules: false` leaves the rules out, which the API reads as "unchanged" on edit: once players
 * have joined they are locked, and the form shows them read-only.
 */
export function formValuesToBody(values: ContestFormValues, { withRules = true } = {}): CreateContestBody {
  const affiliations = values.affiliations.map((team) => team.trim());
  return {
    name: values.name.trim(),
    description: values.description.trim(),
    startsAt: fromLocalInputValue(values.startsAtLocal),
    endsAt: fromLocalInputValue(values.endsAtLocal),
    picksCount: toNumber(values.picksCount),
    startingCash: toNumber(values.startingCash),
    maxParticipants: toNumber(values.maxParticipants),
    visibility: values.visibility,
    affiliations,
    isTeamCollaboration: isTeamCollaboration(affiliations),
    ...(withRules
      ? {
          rules: {
            shortSelling: values.shortSelling,
            commission: {
              perTrade: toNumber(values.commissionPerTrade),
              perShare: toNumber(values.commissionPerShare),
            },
            // An empty cap is no cap; anything typed is checked as a percentage.
            maxPositionPct: values.maxPositionPct.trim() === '' ? null : toNumber(values.maxPositionPct),
          },
        }
      : {}),
  };
}

/** Maps an API/zod field path (e.g. "startsAt", "affiliations.2") to the form field that shows it. */
function formFieldFor(path: string): ContestFormField | null {
  const [head = '', ...rest] = path.split('.');
  if (head === 'rules') {
    const rule = rest.join('.');
    if (rule === 'commission.perTrade' || rule === 'commission') return 'commissionPerTrade';
    if (rule === 'commission.perShare') return 'commissionPerShare';
    if (rule === 'maxPositionPct') return 'maxPositionPct';
    // "rules" as a whole (locked once players joined) or short selling: the section's first field shows it.
    return 'shortSelling';
  }
  switch (head) {
    case 'startsAt':
      return 'startsAtLocal';
    case 'endsAt':
      return 'endsAtLocal';
    case 'isTeamCollaboration':
      return 'affiliations';
    case 'name':
    case 'description':
    case 'picksCount':
    case 'startingCash':
    case 'maxParticipants':
    case 'visibility':
    case 'affiliations':
      return head;
    default:
      return null;
  }
}

const NUMBER_MESSAGES: Partial<Record<ContestFormField, string>> = {
  picksCount: 'Picks: enter a number',
  startingCash: 'Starting cash: enter an amount',
  maxParticipants: 'Participants: enter a number',
};

export function validateContestForm(
  values: ContestFormValues,
  now: Date = new Date(),
  limits: ContestTimingLimits = DEMO_TIMING_LIMITS,
  { withRules = true } = {},
): { body: CreateContestBody; errors: FieldErrors } {
  const body = formValuesToBody(values, { withRules });
  const errors: FieldErrors = {};
  const put = (field: ContestFormField | null, message: string) => {
    if (field && !errors[field]) errors[field] = message;
  };
  for (const field of ['picksCount', 'startingCash', 'maxParticipants'] as const) {
    if (Number.isNaN(body[field])) put(field, NUMBER_MESSAGES[field] ?? 'Enter a number');
  }
  const parsed = createContestBodySchema.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) put(formFieldFor(issue.path.map(String).join('.')), issue.message);
  }
  if (body.startsAt && body.endsAt) {
    for (const timing of contestTimingErrors(body, limits, now)) put(formFieldFor(timing.field), timing.message);
  }
  return { body, errors };
}

/** Server `errors` (`[{ field, message }]`) → form field errors; anything unmapped stays for the toast. */
export function serverFieldErrors(errors: readonly { field: string; message: string }[]): FieldErrors {
  const result: FieldErrors = {};
  for (const { field, message } of errors) {
    const target = formFieldFor(field);
    if (target && !result[target]) result[target] = message;
  }
  return result;
}
