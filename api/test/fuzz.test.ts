import { errorBodySchema } from '@bullpen/contract';
import { API_ROUTES } from '@bullpen/contract/paths';
import { sql } from 'drizzle-orm';
import * as fc from 'fast-check';
import { queryRows } from '../src/db/database';
import {
  call,
  contestFields,
  createContest,
  createTestContext,
  createUser,
  DRIVERS,
  joinContest,
  type TestContext,
  type TestUser,
  tickAt,
} from './support/harness';

// Fuzzes every POST body of API.md against the real app: arbitrary JSON and mutations of a valid body, then every
// field of every body and every `:id` of the GET routes with hostile text (control characters, unpaired surrogates,
// zero-width characters, prototype keys). Whatever arrives, the server must answer below 500, every failure must carry
// the API.md error body, and a refused request (4xx) must leave the database exactly as it was.

/** Fixed so a failure replays; fast-check prints the seed and the shrunk counterexample. FUZZ_SEED explores others. */
const SEED = Number(process.env.FUZZ_SEED ?? 20_240_817);
const RUNS = Number(process.env.FUZZ_RUNS ?? 80);

const CONTEST_FIELDS = [
  'name',
  'description',
  'startsAt',
  'endsAt',
  'picksCount',
  'startingCash',
  'maxParticipants',
  'visibility',
  'affiliations',
  'isTeamCollaboration',
  'rules',
];

/** Every POST route with the fields of its body; a route missing here fails the coverage test below. */
const CALLS = {
  '/equity/get-equities': ['query', 'symbols', 'limit'],
  '/contest/create-contest': CONTEST_FIELDS,
  '/contest/edit-contest': ['contestId', ...CONTEST_FIELDS],
  '/contest/get-contest': ['contestId'],
  '/contest/join-contest': ['contestId', 'picks', 'affiliation'],
  '/contest/change-picks': ['contestId', 'picks'],
  '/contest/leave-contest': ['contestId'],
  '/contest/cancel-contest': ['contestId'],
  '/contest/trading': ['contestId', 'symbol', 'side', 'quantity'],
  '/contest/orders': [
    'contestId',
    'symbol',
    'side',
    'quantity',
    'type',
    'limitPrice',
    'stopPrice',
    'trailAmount',
    'trailPercent',
    'expiresAt',
  ],
  '/contest/orders/cancel': ['contestId', 'orderId'],
  '/user/get-user': [],
  '/user/initialize-user': ['callSign', 'ticker', 'displayName', 'bio'],
  '/user-profile/get-user-profile': ['userId'],
  '/user-profile/edit-profile': ['callSign', 'ticker', 'displayName', 'bio'],
  '/telemetry/remote-health': ['idToken', 'pass', 'reports'],
  '/telemetry/health-pass': [],
  // Chat: the contest is in the path (Target.path gives the real one).
  '/contest/:id/chat': ['text', 'channel'],
  '/contest/:id/chat/delete': ['messageId'],
  '/contest/:id/chat/mute': ['userId', 'muted'],
  '/notifications/read': ['ids'],
  '/notifications/preferences': ['preferences', 'timeZone'],
} satisfies Record<string, string[]>;
type Url = keyof typeof CALLS;
const URLS = Object.keys(CALLS) as Url[];
/** What a call answers when it succeeds: 200 with a body, but a browser's health report, 204 (sendBeacon reads none). */
const SUCCESS: Partial<Record<Url, number>> = { '/telemetry/remote-health': 204 };

// ---------------------------------------------------------------------------------------------------------------
// Arbitraries. Bodies are built as JSON text rather than objects so that keys such as __proto__ reach the server as
// own properties, duplicate keys are possible, and numbers JSON can spell but JS cannot hold (1e400) get through.

const POLLUTION_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty', 'then'];

/**
 * Text a database cannot store or a reader cannot see: NUL (PostgreSQL: "invalid byte sequence for encoding UTF8"),
 * other C0 and C1 controls, unpaired surrogates, zero-width characters, line breaks in one-line fields.
 */
const HOSTILE_TEXT = [
  '\u0000',
  'Spring\u0000Cup',
  '\u0000\u0000\u0000',
  '\u0001',
  '\u001f',
  '\u007f',
  '\u0085',
  '\u009f',
  '\ud800',
  '\udc00',
  'a\ud800b',
  '\udfff\ud800',
  '\u200b',
  '\u200b\u200c\u200d\u2060\ufeff\u00ad',
  '\u200bBulls\u200b',
  'Line one\nLine two',
  'CR\r\nLF',
  '\t',
];

/** Every field gets each of these: hostile text and prototype keys as values. */
const HOSTILE_VALUES = [...HOSTILE_TEXT, ...POLLUTION_KEYS];

/** Any UTF-16 code unit, unpaired surrogates included (fast-check's 'binary' unit leaves those out). */
const anyCodeUnit = fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code));

const hugeString = fc
  .tuple(
    fc.constantFrom('A', 'é', '😀', ' ', '\u0000', 'x', '\u200b', '\u0085', '\ud800'),
    fc.integer({ min: 500, max: 70_000 }),
  )
  .map(([unit, count]) => unit.repeat(count));

const oddString = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary-ascii', maxLength: 20 }),
  fc.string({ unit: anyCodeUnit, maxLength: 20 }),
  fc.constantFrom(
    '',
    ' ',
    '   AAPL   ',
    'aapl',
    'AAPL ',
    'BRK.B',
    'ZZZZZZ',
    '\u0000',
    '\ud800',
    '\u202eLTR',
    'Ａ',
    'İ',
    'ß',
    '𝔸𝔸𝔸',
    "' OR 1=1 --",
    '"; DROP TABLE users; --',
    '<script>alert(1)</script>',
    '../../etc/passwd',
    '%00',
    'NaN',
    'null',
    'true',
    '2030-01-07T14:31:00Z',
    '2030-02-30T00:00:00Z',
    '9999-12-31T23:59:59.999Z',
    '0000-01-01T00:00:00Z',
    '2030-01-07T14:31:00+25:00',
    ...POLLUTION_KEYS,
    ...HOSTILE_TEXT,
  ),
);

const numberText = fc.oneof(
  fc.double().map((n) => (Number.isFinite(n) ? JSON.stringify(n) : '0')),
  fc.integer().map(String),
  fc.constantFrom(
    '0',
    '-0',
    '-1',
    '1',
    '1.5',
    '0.001',
    '999.999',
    '1e-7',
    '1e400',
    '-1e400',
    '1e21',
    '9007199254740993',
    '-9007199254740993',
    '2147483648',
    '4294967296',
    '1000000.0000001',
    '10000000.01',
    '10001',
    '1000001',
  ),
);

const keyText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.string({ unit: anyCodeUnit, maxLength: 12 }),
  fc.constantFrom(...POLLUTION_KEYS, ...HOSTILE_TEXT),
);

const pollutionText = fc.constantFrom(
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '{"__proto__":null}',
  '[{"__proto__":{"polluted":true}}]',
);

/** Any JSON value, as text. */
const { json: jsonText } = fc.letrec<{ json: string }>((tie) => ({
  json: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom('null', 'true', 'false', '{}', '[]'),
    numberText,
    oddString.map((s) => JSON.stringify(s)),
    fc.array(tie('json'), { maxLength: 5 }).map((items) => `[${items.join(',')}]`),
    fc
      .array(fc.tuple(keyText, tie('json')), { maxLength: 5 })
      .map((entries) => `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`),
    pollutionText,
  ),
}));

/** Text that is not JSON at all, or JSON only by a lenient reading. */
const malformedText = fc.constantFrom(
  '',
  ' ',
  '{',
  '}',
  '{"contestId":}',
  "{'contestId':'x'}",
  '{"a":1,}',
  'NaN',
  'undefined',
  '{"quantity":NaN}',
  '{"quantity":Infinity}',
  '\u0000',
  '\ufeff{}',
  '[1,2',
  '{"a":"\\u12"}',
  '{"a":"\ud800"}',
);

const valueText = fc.oneof(
  { weight: 3, arbitrary: jsonText },
  { weight: 1, arbitrary: hugeString.map((s) => JSON.stringify(s)) },
);

/** (a) Arbitrary bodies: any JSON, objects over the call's own field names (so they get past the first check), garbage. */
function arbitraryBody(fields: string[]) {
  const key = fields.length > 0 ? fc.oneof(fc.constantFrom(...fields), keyText) : keyText;
  return fc.oneof(
    jsonText,
    fc
      .array(fc.tuple(key, valueText), { maxLength: 8 })
      .map((entries) => `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`),
    malformedText,
    hugeString.map((s) => JSON.stringify({ contestId: s })),
  );
}

type Mutation =
  | { kind: 'drop'; at: number }
  | { kind: 'plausible'; at: number; choice: number }
  | { kind: 'replace'; at: number; value: string }
  | { kind: 'duplicate'; at: number; value: string }
  | { kind: 'extra'; key: string; value: string };

const picksText = fc
  .array(fc.oneof(fc.constantFrom('AAPL', 'MSFT', 'NVDA', 'T', 'aapl', ' msft ', 'ZZZZ', 'BRK.B', ''), oddString), {
    maxLength: 12,
  })
  .map((picks) => JSON.stringify(picks));

/** A value for one field: the wrong type, an edge number, an odd string or list, something huge. */
const fieldValue = fc.oneof(
  jsonText,
  numberText,
  oddString.map((s) => JSON.stringify(s)),
  picksText,
  fc.constantFrom(
    '"buy"',
    '"sell"',
    '"BUY"',
    '"hold"',
    '"public"',
    '"private"',
    '"Bulls"',
    '"bulls"',
    'true',
    'false',
    'null',
  ),
  hugeString.map((s) => JSON.stringify(s)),
);

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  // Well-formed but different values (another contest, a huge quantity, a taken call sign) get past validation and
  // exercise the business rules and their rollbacks, which malformed values never reach.
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('plausible' as const), at: fc.nat(), choice: fc.nat() }) },
  fc.record({ kind: fc.constant('drop' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('replace' as const), at: fc.nat(), value: fieldValue }),
  fc.record({ kind: fc.constant('duplicate' as const), at: fc.nat(), value: fieldValue }),
  fc.record({
    kind: fc.constant('extra' as const),
    key: fc.oneof(keyText, fc.constantFrom('_id', 'status', 'userId', 'role', 'id')),
    value: fieldValue,
  }),
);

/** (b) One or two mutations of the call's valid body; applied at run time, when the valid body is known. */
const mutations = fc.array(mutation, { minLength: 1, maxLength: 2 });

/** Fields a valid body derives from another one: a plausible change carries over, so the body stays valid. */
const FOLLOWERS: Record<string, (value: unknown) => [string, unknown]> = {
  callSign: (value) => ['ticker', value],
  ticker: (value) => ['callSign', value],
  affiliations: (value) => ['isTeamCollaboration', Array.isArray(value) && value.length > 0],
};

function applyMutations(
  valid: Record<string, unknown>,
  list: Mutation[],
  plausible: (field: string) => unknown[],
): string {
  const entries: [string, string][] = Object.entries(valid).map(([k, v]) => [k, JSON.stringify(v)]);
  for (const m of list) {
    if (m.kind === 'extra') {
      entries.push([m.key, m.value]);
      continue;
    }
    if (entries.length === 0) {
      // An empty body has no field to change: the mutation becomes an unexpected (often prototype) key instead.
      entries.push([
        POLLUTION_KEYS[m.at % POLLUTION_KEYS.length] as string,
        m.kind === 'drop' || m.kind === 'plausible' ? '{}' : m.value,
      ]);
      continue;
    }
    const at = m.at % entries.length;
    const [key] = entries[at] as [string, string];
    if (m.kind === 'plausible') {
      const options = plausible(key);
      if (options.length === 0) continue;
      const value = options[m.choice % options.length];
      entries[at] = [key, JSON.stringify(value)];
      const follower = FOLLOWERS[key]?.(value);
      const other = follower ? entries.findIndex(([k]) => k === follower[0]) : -1;
      if (follower && other >= 0) entries[other] = [follower[0], JSON.stringify(follower[1])];
    } else if (m.kind === 'drop') entries.splice(at, 1);
    else if (m.kind === 'replace') entries[at] = [key, m.value];
    else entries.push([key, m.value]);
  }
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`;
}

/** A header value Node would send: printable ASCII only. */
const idempotencyKey = fc.option(
  fc.oneof(
    fc.string({ unit: 'grapheme-ascii', maxLength: 40 }),
    fc.integer({ min: 150, max: 260 }).map((n) => 'k'.repeat(n)),
    fc.constantFrom('', ' ', 'same-key', 'same-key '),
  ),
  { nil: undefined },
);

// ---------------------------------------------------------------------------------------------------------------
// Database snapshot: row count and a hash of every row of every table, in one round trip.

const TABLES = [
  'users',
  'contests',
  'participants',
  'positions',
  'trades',
  'orders',
  'idempotency_keys',
  'equities',
  'price_history',
  'portfolio_history',
  'market_state',
  'chat_messages',
  'chat_mutes',
  'notifications',
  'notification_preferences',
  'text_messages',
];
const SNAPSHOT = sql.raw(
  `SELECT ${TABLES.map((t) => `(SELECT count(*)::text || ':' || coalesce(md5(string_agg(r::text, '|' ORDER BY r::text)), '') FROM ${t} r) AS ${t}`).join(', ')}`,
);

async function snapshot(ctx: TestContext): Promise<Record<string, string>> {
  const [row] = await queryRows<Record<string, string>>(ctx.database.db, SNAPSHOT);
  return row ?? {};
}

// ---------------------------------------------------------------------------------------------------------------

interface Fixture {
  owner: TestUser;
  player: TestUser;
  outsider: TestUser;
  newcomer: TestUser;
  live: string;
  upcoming: string;
  team: string;
  editable: { _id: string; [key: string]: unknown };
  cancellable: string;
  cancelled: string;
  /** Upcoming, created by the outsider: the owner is a stranger there (403). */
  foreign: string;
  /** An open order of the player in the live contest: what a cancel cancels (a fresh one after each success). */
  openOrder: string;
  /** A message of the owner's in the live contest's chat: what a delete deletes (deleting again changes nothing). */
  chatMessage: string;
}

interface Target {
  token: () => string;
  /** The address, for a route with the contest in its path (the route's pattern otherwise). */
  path?: () => string;
  /** Headers of its own (a health report comes from a page of the app: Origin). */
  headers?: Record<string, string>;
  valid: () => Record<string, unknown>;
  /** Puts the fixture back after a request that succeeded, so the next run still reaches the same rules. */
  afterSuccess?: (data: Record<string, unknown>) => Promise<void>;
}

describe.each(DRIVERS)('fuzzing every POST body (%s)', (driver) => {
  let ctx: TestContext;
  let f: Fixture;
  let targets: Record<Url, Target>;
  let current: Record<string, string>;
  /** The player's own joins, so a successful leave can be undone with the same picks and team. */
  const playerJoins = new Map<string, { picks: string[]; affiliation?: string }>();
  let newcomers = 0;
  const newcomerSign = () => `NEW${newcomers}`;

  const mustSucceed = (what: string) => async (response: { statusCode: number; body: string }) => {
    if (response.statusCode !== 200)
      throw new Error(`fixture reset (${what}) failed: ${response.statusCode} ${response.body}`);
  };

  beforeAll(async () => {
    ctx = await createTestContext(driver);
    const owner = await createUser(ctx);
    const player = await createUser(ctx);
    const outsider = await createUser(ctx);
    const newcomer = await createUser(ctx, { initialize: false });
    const playerJoin = async (contestId: string, picks = ['AAPL', 'MSFT'], affiliation?: string) => {
      await joinContest(ctx, player, contestId, picks, affiliation);
      playerJoins.set(contestId, { picks, ...(affiliation ? { affiliation } : {}) });
    };

    // Live: created and joined first, then the clock moves to its start; everything created afterwards is upcoming.
    // Ten million dollars of AAPL and MSFT: enough shares that selling one stays possible for the whole run.
    const live = await createContest(ctx, owner, { startingCash: 10_000_000 });
    await playerJoin(live._id);
    await joinContest(ctx, outsider, live._id, ['NVDA', 'T']);
    await tickAt(ctx, live.startsAt);

    const upcoming = await createContest(ctx, owner);
    await playerJoin(upcoming._id);
    const teamFields = { picksCount: 3, affiliations: ['Bulls', 'Bears'], isTeamCollaboration: true };
    const team = await createContest(ctx, owner, teamFields);
    await playerJoin(team._id, ['AAPL', 'MSFT', 'NVDA'], 'Bears');
    const editable = await createContest(ctx, owner, { ...teamFields, name: 'Editable Cup' });
    await playerJoin(editable._id, ['AAPL', 'MSFT', 'NVDA'], 'Bulls');
    const cancellable = await createContest(ctx, owner);
    const cancelled = await createContest(ctx, owner);
    await playerJoin(cancelled._id);
    await mustSucceed('cancel')(
      await call(ctx, 'POST', '/contest/cancel-contest', { token: owner.token, body: { contestId: cancelled._id } }),
    );
    const foreign = await createContest(ctx, outsider);
    f = {
      owner,
      player,
      outsider,
      newcomer,
      live: live._id,
      upcoming: upcoming._id,
      team: team._id,
      editable,
      cancellable: cancellable._id,
      cancelled: cancelled._id,
      foreign: foreign._id,
      openOrder: '',
      chatMessage: '',
    };
    const chatMessage = await call(ctx, 'POST', `/contest/${f.live}/chat`, {
      token: owner.token,
      body: { text: 'Welcome to the live contest' },
    });
    await mustSucceed('chat message')(chatMessage);
    f.chatMessage = chatMessage.json().data.message._id;
    /** A sell limit far above the price: it reserves one share of a pick and never fills. */
    const waitingOrder = () => ({
      contestId: f.live,
      symbol: 'AAPL',
      side: 'sell',
      quantity: 1,
      type: 'limit',
      limitPrice: 100_000,
    });
    const placeWaiting = async () => {
      const response = await call(ctx, 'POST', '/contest/orders', { token: f.player.token, body: waitingOrder() });
      await mustSucceed('place order')(response);
      f.openOrder = response.json().data.order._id;
    };
    await placeWaiting();

    const editableBody = () => {
      const {
        _id,
        name,
        description,
        startsAt,
        endsAt,
        picksCount,
        startingCash,
        maxParticipants,
        visibility,
        affiliations,
      } = f.editable;
      return {
        contestId: _id,
        name: `${name} II`,
        description,
        startsAt,
        endsAt,
        picksCount,
        startingCash,
        maxParticipants,
        visibility,
        affiliations,
        isTeamCollaboration: true,
      };
    };

    targets = {
      '/equity/get-equities': { token: () => f.player.token, valid: () => ({}) },
      '/contest/create-contest': { token: () => f.owner.token, valid: () => contestFields(ctx) },
      '/contest/edit-contest': { token: () => f.owner.token, valid: editableBody },
      '/contest/get-contest': { token: () => f.outsider.token, valid: () => ({ contestId: f.live }) },
      '/contest/join-contest': {
        token: () => f.outsider.token,
        valid: () => ({ contestId: f.team, picks: ['AAPL', 'MSFT', 'NVDA'], affiliation: 'Bulls' }),
        afterSuccess: async (data) =>
          mustSucceed('leave')(
            await call(ctx, 'POST', '/contest/leave-contest', {
              token: f.outsider.token,
              body: { contestId: data.contestId },
            }),
          ),
      },
      '/contest/change-picks': {
        token: () => f.player.token,
        valid: () => ({ contestId: f.upcoming, picks: ['NVDA', 'T'] }),
      },
      '/contest/leave-contest': {
        token: () => f.player.token,
        valid: () => ({ contestId: f.upcoming }),
        afterSuccess: async (data) => {
          const contestId = data.contestId as string;
          const join = playerJoins.get(contestId);
          if (!join) throw new Error(`the player left ${contestId}, which it never joined`);
          await joinContest(ctx, f.player, contestId, join.picks, join.affiliation);
        },
      },
      '/contest/cancel-contest': {
        token: () => f.owner.token,
        valid: () => ({ contestId: f.cancellable }),
        afterSuccess: async (data) => {
          if (data._id !== f.cancellable) throw new Error(`an unexpected contest was cancelled: ${data._id}`);
          f.cancellable = (await createContest(ctx, f.owner))._id;
        },
      },
      '/contest/trading': {
        token: () => f.player.token,
        // Selling one share of a pick works run after run; a buy could already fail on the cash left after allocation.
        valid: () => ({ contestId: f.live, symbol: 'AAPL', side: 'sell', quantity: 1 }),
      },
      '/contest/orders': {
        token: () => f.player.token,
        valid: waitingOrder,
        // Cancelled at once, so runs never pile up to the 50 open orders a player may have.
        afterSuccess: async (data) =>
          mustSucceed('cancel order')(
            await call(ctx, 'POST', '/contest/orders/cancel', {
              token: f.player.token,
              body: { contestId: f.live, orderId: (data.order as { _id: string })._id },
            }),
          ),
      },
      '/contest/orders/cancel': {
        token: () => f.player.token,
        valid: () => ({ contestId: f.live, orderId: f.openOrder }),
        afterSuccess: placeWaiting,
      },
      '/user/get-user': { token: () => f.player.token, valid: () => ({}) },
      '/user/initialize-user': {
        token: () => f.newcomer.token,
        valid: () => ({ callSign: newcomerSign(), ticker: newcomerSign(), displayName: 'New player' }),
        afterSuccess: async () => {
          // Onboarding happens once per identity: the next run needs a fresh one, with a call sign still free.
          f.newcomer = await createUser(ctx, { initialize: false });
          newcomers += 1;
        },
      },
      '/user-profile/get-user-profile': { token: () => f.player.token, valid: () => ({ userId: f.owner.id }) },
      '/user-profile/edit-profile': {
        token: () => f.player.token,
        valid: () => ({
          callSign: f.player.ticker,
          ticker: f.player.ticker,
          displayName: 'Player One',
          bio: 'Buy and hold',
        }),
      },
      // Public, from a page of the app: the header's token is ignored (a beacon carries none), the body's is read.
      '/telemetry/remote-health': {
        token: () => f.player.token,
        headers: { origin: 'http://localhost:3000' },
        valid: () => ({
          idToken: f.player.token,
          reports: [{ remote: 'contests', release: 'base', views: 1, loadFailures: 0, errors: 0 }],
        }),
      },
      '/telemetry/health-pass': {
        token: () => f.player.token,
        headers: { origin: 'http://localhost:3000' },
        valid: () => ({}),
      },
      // The player's budget (10 a minute on a clock that stands still) answers 429 once spent: a refusal like any other.
      '/contest/:id/chat': {
        token: () => f.player.token,
        path: () => `/contest/${f.live}/chat`,
        valid: () => ({ text: 'Good luck, everyone' }),
      },
      '/contest/:id/chat/delete': {
        token: () => f.owner.token,
        path: () => `/contest/${f.live}/chat/delete`,
        valid: () => ({ messageId: f.chatMessage }),
      },
      '/contest/:id/chat/mute': {
        token: () => f.owner.token,
        path: () => `/contest/${f.live}/chat/mute`,
        valid: () => ({ userId: f.outsider.id, muted: true }),
      },
      '/notifications/read': { token: () => f.owner.token, valid: () => ({}) },
      '/notifications/preferences': {
        token: () => f.player.token,
        valid: () => ({ preferences: { 'contest-ended': { inApp: true, text: true } }, timeZone: 'Europe/Paris' }),
      },
    };
    current = await snapshot(ctx);
  });

  afterAll(async () => {
    await ctx?.close();
  });

  /** Values of the right type and shape for a field, chosen to trip the rules behind validation. */
  function plausible(url: Url, field: string): unknown[] {
    const now = ctx.clock.now().getTime();
    const at = (ms: number) => new Date(now + ms).toISOString();
    switch (field) {
      case 'contestId': {
        // Ids that were never issued, some of which the database could not even compare (NUL): all unknown (404).
        const unknown = [
          'no-such-contest',
          'x'.repeat(64),
          f.owner.id,
          `${f.live}\u0000`,
          '\u0000',
          `${f.upcoming}\u200b`,
          '\ud800',
        ];
        const elsewhere = [f.live, f.cancelled, f.foreign, ...unknown];
        // Cancelling or editing one of the shared upcoming contests would take it away from the other calls.
        if (url === '/contest/cancel-contest') return [f.cancellable, ` ${f.cancellable} `, ...elsewhere];
        if (url === '/contest/edit-contest') return [f.editable._id, ` ${f.editable._id} `, ...elsewhere];
        return [f.upcoming, f.team, f.editable._id, f.cancellable, ` ${f.upcoming} `, ...elsewhere];
      }
      case 'userId':
        return [
          f.owner.id,
          f.player.id,
          f.outsider.id,
          f.newcomer.id,
          'no-such-user',
          f.live,
          `${f.owner.id}\u0000`,
          '\u200b',
        ];
      case 'symbol':
        return ['AAPL', 'MSFT', 'T', 'NVDA', 'KO', 'brk.b', 'ZZZZ', 'AAPL.X'];
      case 'side':
        return ['buy', 'sell'];
      case 'type':
        return ['limit', 'stop', 'stop-limit', 'market', 'trailing-stop'];
      case 'limitPrice':
      case 'stopPrice':
        return [0.01, 1, 99.99, 100_000, 1_000_000, 1_000_000.01, 0, -1, 10.001, null];
      case 'orderId':
        return [f.openOrder, ` ${f.openOrder} `, 'no-such-order', f.live, `${f.openOrder}\u0000`, '\u200b', '\ud800'];
      case 'quantity':
        return [1, 2, 7, 1000, 25_000, 999_999, 1_000_000];
      case 'picks':
        return [
          ['AAPL'],
          ['AAPL', 'MSFT'],
          ['NVDA', 'T'],
          ['AAPL', 'MSFT', 'NVDA'],
          ['AAPL', 'ZZZZ', 'T'],
          ['aapl', 'msft', 'nvda'],
          ['KO', 'T', 'XOM', 'NVDA'],
        ];
      case 'affiliation':
        return ['Bulls', 'Bears', 'bulls', 'Lions', ' Bulls ', '\u200bBulls\u200b', 'Bulls\u0000'];
      case 'affiliations':
        return [
          [],
          ['Bulls'],
          ['Bulls', 'Bears'],
          ['Lions'],
          ['Bears', 'Lions'],
          ['Bulls', 'Bears\u0000'],
          ['Bulls', '\u200b'],
        ];
      case 'isTeamCollaboration':
        return [true, false];
      case 'picksCount':
        return [1, 2, 3, 10];
      case 'startingCash':
        return [1000, 10_000, 10_000_000, 2500.5];
      case 'maxParticipants':
        return [2, 3, 10_000];
      case 'startsAt':
        return [
          at(-60_000),
          at(0),
          at(10_000),
          at(60_000),
          at(86_400_000),
          at(365 * 86_400_000),
          at(400 * 86_400_000),
          '9999-01-01T00:00:00.000Z',
        ];
      case 'endsAt':
        return [at(-60_000), at(60_000), at(120_000), at(3_600_000), at(2 * 365 * 86_400_000)];
      case 'visibility':
        return ['public', 'private'];
      case 'name':
        return [
          'Spring Cup',
          'abc',
          '   Spring Cup   ',
          '\u200b\u200b\u200b',
          '\u200bSpring Cup\u200b',
          'Spring\u0000Cup',
          'Spring\nCup',
        ];
      case 'callSign':
      case 'ticker':
        return [f.player.ticker, f.owner.ticker, f.outsider.ticker, 'AB', 'ZZ99', 'free1'];
      case 'displayName':
        return ['X', 'Someone else', '\u200b', 'A\u0000'];
      case 'text':
        return ['Hello', '', '   ', '<b>bold</b>', 'x'.repeat(501), 'a\u202eb', 'Line one\nLine two', 'A\u0000'];
      case 'channel':
        return ['contest', 'team'];
      case 'messageId':
        return [f.chatMessage];
      case 'muted':
        return [true, false];
      case 'bio':
      case 'description':
        return ['', 'Short and sweet', 'Line one\nLine two', 'Line one\r\nLine two', 'Short\u0000', '\u0085'];
      default:
        return [];
    }
  }

  async function send(url: Url, text: string, key?: string) {
    const target = targets[url];
    const response = await ctx.app.inject({
      method: 'POST',
      url: target.path?.() ?? url,
      headers: {
        authorization: target.token(),
        'content-type': 'application/json',
        ...target.headers,
        ...(key === undefined ? {} : { 'idempotency-key': key }),
      },
      payload: text,
    });
    const { statusCode } = response;
    if (statusCode >= 500) throw new Error(`${url} answered ${statusCode}: ${response.body}`);
    if (statusCode >= 200 && statusCode < 300) {
      const body = (response.body ? response.json() : {}) as Record<string, Record<string, unknown>>;
      await target.afterSuccess?.(body.data ?? {});
      current = await snapshot(ctx);
      return statusCode;
    }
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const body: unknown = JSON.parse(response.body);
    const shape = errorBodySchema.strict().safeParse(body);
    if (!shape.success) throw new Error(`${url} answered ${statusCode} with a body outside API.md: ${response.body}`);
    expect(shape.data.errMessage.length).toBeGreaterThan(0);
    if (statusCode >= 400 && statusCode < 500) {
      const before = current;
      current = await snapshot(ctx);
      // A diff names the tables that changed; `current` moves on first so one failure does not cascade into the next.
      expect(current).toEqual(before);
    }
    // Bodies carry __proto__ and constructor.prototype keys, and inject runs in this process: nothing leaked into Object.
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    return statusCode;
  }

  test('the fuzzed calls are exactly the POST routes the server has', () => {
    // Every route the server registers is a path of the contract's table (routes-contract.test.ts proves it).
    const declared = Object.values(API_ROUTES).filter((url) => ctx.app.hasRoute({ method: 'POST', url }));
    expect([...declared].sort()).toEqual([...URLS].sort());
  });

  test('every valid body is accepted, so the mutations start from a body that reaches the business rules', async () => {
    for (const url of URLS) {
      const status = await send(url, JSON.stringify(targets[url].valid()));
      expect([url, status]).toEqual([url, SUCCESS[url] ?? 200]);
    }
  });

  test.each(URLS)(
    '%s: arbitrary JSON never gets a 5xx, an off-contract error or a change',
    async (url) => {
      const statuses = new Map<number, number>();
      await fc.assert(
        fc.asyncProperty(arbitraryBody(CALLS[url]), async (text) => {
          const status = await send(url, text);
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
        }),
        { seed: SEED, numRuns: RUNS },
      );
      // Sanity: the fuzzer exercised validation, not just one early exit.
      expect([...statuses.keys()].some((s) => s === 400 || s === 413)).toBe(true);
    },
    120_000,
  );

  test.each(URLS)(
    '%s: mutations of a valid body never get a 5xx, an off-contract error or a change',
    async (url) => {
      const statuses = new Map<number, number>();
      const withKey = url === '/contest/trading' || url === '/contest/orders';
      await fc.assert(
        fc.asyncProperty(mutations, withKey ? idempotencyKey : fc.constant(undefined), async (list, key) => {
          const status = await send(
            url,
            applyMutations(targets[url].valid(), list, (field) => plausible(url, field)),
            key,
          );
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
        }),
        { seed: SEED, numRuns: RUNS },
      );
      // Sanity: some mutations failed validation and some got past it to the business rules (or succeeded).
      expect(statuses.get(400) ?? 0).toBeGreaterThan(0);
      expect([...statuses.keys()].some((s) => s !== 400 && s !== 413)).toBe(true);
    },
    120_000,
  );

  /** Fields that hold a list: each hostile value also goes in as an element. */
  const LIST_FIELDS = new Set(['picks', 'affiliations', 'reports']);

  test.each(URLS)(
    '%s: every field with every hostile value, every hostile key: never a 5xx, never a NUL accepted',
    async (url) => {
      const valid = targets[url].valid;
      const bodies: { label: string; text: string; refused: boolean }[] = [];
      for (const field of CALLS[url]) {
        for (const value of HOSTILE_VALUES) {
          const values: unknown[] = LIST_FIELDS.has(field) ? [value, [value], ['AAPL', value]] : [value];
          for (const v of values) {
            const entries = Object.entries(valid()).filter(([k]) => k !== field);
            entries.push([field, v]);
            bodies.push({
              label: `${field} = ${JSON.stringify(v)}`,
              text: jsonObjectText(entries),
              refused: value.includes('\u0000'),
            });
          }
        }
      }
      for (const key of HOSTILE_VALUES) {
        bodies.push({
          label: `key ${JSON.stringify(key)}`,
          text: jsonObjectText([...Object.entries(valid()), [key, 1]]),
          refused: true,
        });
        bodies.push({
          label: `key ${JSON.stringify(key)} (object)`,
          text: jsonObjectText([...Object.entries(valid()), [key, { [key]: key }]]),
          refused: true,
        });
      }
      for (const { label, text, refused } of bodies) {
        const status = await send(url, text);
        // NUL cannot be stored, and an unknown key is refused: such a body is never accepted.
        if (refused) expect([label, status >= 400 && status < 500]).toEqual([label, true]);
      }
    },
    120_000,
  );

  // -------------------------------------------------------------------------------------------------------------
  // GET routes with a path parameter: the id arrives percent-encoded, so it can hold anything a body can.

  /** Every GET route with a path parameter; a route missing here fails the coverage test below. */
  const GET_ROUTES = [
    '/contest/active/:id',
    '/contest/completed/:id',
    '/contest/:id/standings',
    '/contest-user/:id',
    '/contest/:id/orders',
    '/contest/active/:id/portfolio-history',
    '/contest/active/:id/events',
    '/equity/:symbol/history',
    '/contest/:id/benchmark',
    '/contest/completed/:id/players/:userId',
    '/contest/:id/analytics/:userId',
    '/contest/:id/chat',
    '/contest/:id/chat/events',
  ];
  /** The event stream of a live contest never ends, nor a chat's of any contest: only ids that cannot name one are
   *  sent there. */
  const STREAMING = new Set(['/contest/active/:id/events', '/contest/:id/chat/events']);

  async function sendGet(path: string) {
    const response = await ctx.app.inject({ method: 'GET', url: path, headers: { authorization: f.player.token } });
    const { statusCode } = response;
    if (statusCode >= 500) throw new Error(`GET ${path} answered ${statusCode}: ${response.body}`);
    if (statusCode >= 200 && statusCode < 300) return statusCode;
    const body: unknown = JSON.parse(response.body);
    const shape = errorBodySchema.strict().safeParse(body);
    if (!shape.success)
      throw new Error(`GET ${path} answered ${statusCode} with a body outside API.md: ${response.body}`);
    const before = current;
    current = await snapshot(ctx);
    expect(current).toEqual(before);
    return statusCode;
  }

  test('the fuzzed GET routes are exactly the GET routes the server has with a path parameter', () => {
    const declared = Object.values(API_ROUTES).filter(
      (url) => url.includes('/:') && ctx.app.hasRoute({ method: 'GET', url }),
    );
    expect([...new Set(declared)].sort()).toEqual([...new Set(GET_ROUTES)].sort());
  });

  test.each(GET_ROUTES)(
    'GET %s: hostile and arbitrary path parameters never get a 5xx; a NUL is never found',
    async (route) => {
      const to = (segment: string) => route.replace(/:[a-z]+/, () => segment);
      // Hostile text, prototype keys, and raw segments that are not even valid percent-encoding or UTF-8.
      for (const value of HOSTILE_VALUES) {
        const status = await sendGet(to(encodeSegment(value)));
        if (value.includes('\u0000')) expect([value, status]).toEqual([value, 404]);
      }
      for (const raw of ['%ED%A0%80', '%C0%80', '%FF', '%', '%zz', '%2e%2e', '..', '%2F', 'a%00b'])
        await sendGet(to(raw));
      // Real ids, plain (found) and spoiled (unknown). Not for the event stream: a live contest's would never end.
      const real = [f.live, f.upcoming, f.cancelled, f.owner.id, 'AAPL', ` ${f.live} `];
      const spoiled = real.flatMap((id) => [`${id}\u0000`, `${id}\u200b`, `\u0000${id}`, `${id}\ud800`]);
      const ids = STREAMING.has(route)
        ? fc.oneof(oddString, fc.constantFrom(...spoiled))
        : fc.oneof(oddString, fc.constantFrom(...real, ...spoiled));
      await fc.assert(
        fc.asyncProperty(ids, async (id) => {
          if (STREAMING.has(route) && [f.live, f.upcoming, f.cancelled].includes(id.trim())) return;
          await sendGet(to(encodeSegment(id)));
        }),
        { seed: SEED, numRuns: RUNS },
      );
    },
    120_000,
  );
});

describe.each(DRIVERS)('fuzzing the query of GET /equity/:symbol/history (%s)', (driver) => {
  let ctx: TestContext;
  let user: TestUser;
  beforeAll(async () => {
    ctx = await createTestContext(driver);
    user = await createUser(ctx);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  test('hostile and arbitrary from/to never get a 5xx or an off-contract error', async () => {
    // Dates whose offset carries them out of years 1–9999, hostile text, and whatever oddString makes.
    const dates = [
      '0000-01-01T00:00:00Z',
      '0001-01-01T00:00:00+01:00',
      '9999-12-31T23:59:59-23:59',
      '9999-12-31T23:59:59.999Z',
      '2030-01-07T14:31:00+25:00',
    ];
    const value = fc.oneof(fc.constantFrom(...dates, ...HOSTILE_VALUES), oddString);
    await fc.assert(
      fc.asyncProperty(fc.option(value, { nil: undefined }), fc.option(value, { nil: undefined }), async (from, to) => {
        const query = [
          ...(from === undefined ? [] : [`from=${encodeSegment(from)}`]),
          ...(to === undefined ? [] : [`to=${encodeSegment(to)}`]),
        ].join('&');
        const response = await call(ctx, 'GET', `/equity/AAPL/history?${query}`, { token: user.token });
        if (response.statusCode >= 500) throw new Error(`?${query} answered ${response.statusCode}: ${response.body}`);
        if (response.statusCode !== 200) {
          const body: unknown = JSON.parse(response.body);
          if (!errorBodySchema.strict().safeParse(body).success) {
            throw new Error(`?${query} answered ${response.statusCode} with a body outside API.md: ${response.body}`);
          }
        }
      }),
      { seed: SEED, numRuns: RUNS * 2 },
    );
  }, 120_000);
});

/** A JSON object as text, so keys such as __proto__ stay own properties and values keep unpaired surrogates (escaped). */
function jsonObjectText(entries: [string, unknown][]): string {
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`).join(',')}}`;
}

/**
 * A path segment, percent-encoded as UTF-8; an unpaired surrogate as the three bytes a lenient encoder (WTF-8) would
 * send, where encodeURIComponent throws.
 */
function encodeSegment(value: string): string {
  let out = '';
  for (let i = 0; i < value.length; i += 1) {
    const code = value.charCodeAt(i);
    const next = value.charCodeAt(i + 1);
    if (code >= 0xd800 && code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(value.slice(i, i + 2));
      i += 1;
    } else if (code >= 0xd800 && code <= 0xdfff) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    } else {
      out += encodeURIComponent(value.charAt(i));
    }
  }
  return out;
}
