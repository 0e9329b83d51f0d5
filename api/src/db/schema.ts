import type { ContestRules } from '@bullpen/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

// Money is integer cents in bigint columns (mode 'number': exact up to 2^53 cents); never floating point.
const cents = (name: string) => bigint(name, { mode: 'number' });
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    sub: text('sub').notNull(),
    phoneNumber: text('phone_number'),
    status: text('status', { enum: ['not-initialized', 'active', 'suspended'] })
      .notNull()
      .default('not-initialized'),
    role: text('role', { enum: ['user', 'admin'] })
      .notNull()
      .default('user'),
    ticker: text('ticker'),
    displayName: text('display_name').notNull().default(''),
    bio: text('bio').notNull().default(''),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [uniqueIndex('users_sub_key').on(t.sub), uniqueIndex('users_ticker_key').on(t.ticker)],
);

export const contests = pgTable(
  'contests',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    startsAt: ts('starts_at').notNull(),
    endsAt: ts('ends_at').notNull(),
    picksCount: integer('picks_count').notNull(),
    startingCashCents: cents('starting_cash_cents').notNull(),
    maxParticipants: integer('max_participants').notNull(),
    visibility: text('visibility', { enum: ['public', 'private'] }).notNull(),
    affiliations: jsonb('affiliations').$type<string[]>().notNull(),
    createdBy: text('created_by')
      .notNull()
      .references(() => users.id),
    /** Moved only by the contest clock (upcoming → active → completed); cancellation is separate. */
    phase: text('phase', { enum: ['upcoming', 'active', 'completed'] })
      .notNull()
      .default('upcoming'),
    cancelledAt: ts('cancelled_at'),
    participantsCount: integer('participants_count').notNull().default(0),
    /** When the stored standings were last computed (null until the contest starts). */
    standingsAsOf: ts('standings_as_of'),
    teamStandings: jsonb('team_standings')
      .$type<{ rank: number; affiliation: string; members: number; returnPct: number }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    historyAt: ts('history_at'),
    /** The first portfolio-history point, and the benchmark's level (mean price ÷ price then) at the last one. */
    historyFirstAt: ts('history_first_at'),
    benchmarkLevel: doublePrecision('benchmark_level'),
    /** API.md "Contest rules", in the API's shape (dollars, percent); domain/rules.ts turns them into cents. */
    rules: jsonb('rules')
      .$type<ContestRules>()
      .notNull()
      .default(sql`'{"shortSelling":false,"commission":{"perTrade":0,"perShare":0},"maxPositionPct":null}'::jsonb`),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    index('contests_phase_starts_idx').on(t.phase, t.startsAt),
    index('contests_phase_ends_idx').on(t.phase, t.endsAt),
    index('contests_created_by_idx').on(t.createdBy, t.phase),
  ],
);

export const participants = pgTable(
  'participants',
  {
    contestId: text('contest_id')
      .notNull()
      .references(() => contests.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    /** A short key for the rows written per player per point (portfolio_history): cheaper to index than the pair. */
    id: bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    picks: jsonb('picks').$type<string[]>().notNull(),
    affiliation: text('affiliation'),
    joinedAt: ts('joined_at').notNull(),
    /** Null until the contest starts and picks become positions. */
    cashCents: cents('cash_cents'),
    valueCents: cents('value_cents'),
    returnPct: doublePrecision('return_pct'),
    rank: integer('rank'),
    /**
     * Skill measures kept by the clock at each portfolio-history point (db/skill-stats.ts): running sums of the
     * returns in excess of the benchmark, the peak value and the worst fall from it, so a point costs the same on the
     * contest's first day as on its last. `sharpe` and `maxDrawdownPct` are what the board shows.
     */
    statN: integer('stat_n').notNull().default(0),
    statSum: doublePrecision('stat_sum').notNull().default(0),
    statSumSq: doublePrecision('stat_sum_sq').notNull().default(0),
    statPrevValueCents: cents('stat_prev_value_cents'),
    statPeakCents: cents('stat_peak_cents'),
    sharpe: doublePrecision('sharpe'),
    maxDrawdownPct: doublePrecision('max_drawdown_pct').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.contestId, t.userId] }),
    uniqueIndex('participants_id_idx').on(t.id),
    index('participants_user_idx').on(t.userId, t.joinedAt),
    // No index on value, return or rank: the clock rewrites them every tick, and unindexed columns are updated in
    // place (HOT, in the room migration 0004's fillfactor leaves). A board is read whole, per contest, once a tick.
  ],
);

export const positions = pgTable(
  'positions',
  {
    contestId: text('contest_id').notNull(),
    userId: text('user_id').notNull(),
    symbol: text('symbol').notNull(),
    quantity: bigint('quantity', { mode: 'number' }).notNull(),
    costCents: cents('cost_cents').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.contestId, t.userId, t.symbol] }),
    // The margin rule is checked every tick on the players with a short, a few among all holdings: this finds them
    // without reading every position of every live contest.
    index('positions_shorts_idx').on(t.contestId, t.userId).where(sql`${t.quantity} < 0`),
  ],
);

export const trades = pgTable(
  'trades',
  {
    id: text('id').primaryKey(),
    /** Execution order, even for trades stamped with the same instant. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    contestId: text('contest_id').notNull(),
    userId: text('user_id').notNull(),
    symbol: text('symbol').notNull(),
    side: text('side', { enum: ['buy', 'sell', 'short', 'cover'] }).notNull(),
    quantity: bigint('quantity', { mode: 'number' }).notNull(),
    priceCents: cents('price_cents').notNull(),
    amountCents: cents('amount_cents').notNull(),
    /** Taken from cash on top of (buy, short… ) or out of (sell, cover) the amount. */
    commissionCents: cents('commission_cents').notNull().default(0),
    executedAt: ts('executed_at').notNull(),
    /** The conditional order this trade filled; null for a market order. */
    orderId: text('order_id'),
    /** Why the server traded for the player ('margin call'); null for the player's own trades. */
    reason: text('reason'),
  },
  (t) => [index('trades_participant_idx').on(t.contestId, t.userId, t.executedAt, t.seq)],
);

/**
 * Conditional orders (API.md "Conditional orders"): kept while open, filled by the clock. While open, a buy holds back
 * quantity × (limit ?? stop) of the player's cash and a sell the shares: every order path sums the open orders of the
 * player (under the participant row lock) rather than keeping a counter that could drift.
 */
export const orders = pgTable(
  'orders',
  {
    id: text('id').primaryKey(),
    /** Placement order, even for orders placed at the same instant: the clock fills the oldest first. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    contestId: text('contest_id').notNull(),
    userId: text('user_id').notNull(),
    symbol: text('symbol').notNull(),
    side: text('side', { enum: ['buy', 'sell', 'short', 'cover'] }).notNull(),
    quantity: bigint('quantity', { mode: 'number' }).notNull(),
    /**
     * 'market': a market order waiting for its price (API.md "Market orders that wait"). It is stored `open`, so it
     * holds back, counts, cancels and expires as every open order does; answers show it as `pending`.
     */
    type: text('type', { enum: ['market', 'limit', 'stop', 'stop-limit', 'trailing-stop'] }).notNull(),
    limitPriceCents: cents('limit_price_cents'),
    /** A trailing stop's current stop, moved by the clock each tick (only ever towards the price). */
    stopPriceCents: cents('stop_price_cents'),
    trailAmountCents: cents('trail_amount_cents'),
    trailPercent: doublePrecision('trail_percent'),
    /** Good until then; the contest's end when the player gave none. */
    expiresAt: ts('expires_at'),
    status: text('status', { enum: ['open', 'filled', 'cancelled', 'expired', 'rejected'] })
      .notNull()
      .default('open'),
    /** 'day' ends with its session (expires_at is then that session's close, on the feed's delayed time). */
    timeInForce: text('time_in_force', { enum: ['day', 'gtc'] })
      .notNull()
      .default('gtc'),
    /** A waiting market order holds back quantity × this (the last price when it was placed), as a limit would. */
    reservePriceCents: cents('reserve_price_cents'),
    /** A waiting market order fills at the first price stamped at or after this instant (the contract's fairFillPrice). */
    fillAfter: ts('fill_after'),
    /** When a stop or stop-limit order's stop was reached (a stop-limit then waits as a limit). */
    triggeredAt: ts('triggered_at'),
    fillTradeId: text('fill_trade_id'),
    reason: text('reason'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    index('orders_participant_idx').on(t.contestId, t.userId, t.status),
    index('orders_open_idx').on(t.symbol, t.seq).where(sql`${t.status} = 'open'`),
    // The clock looks for waiting market orders every tick: a handful among thousands of open conditional orders.
    index('orders_waiting_idx').on(t.seq).where(sql`${t.status} = 'open' AND ${t.type} = 'market'`),
  ],
);

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: text('user_id').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    response: jsonb('response').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

export const equities = pgTable('equities', {
  symbol: text('symbol').primaryKey(),
  name: text('name').notNull(),
  sector: text('sector').notNull(),
  exchange: text('exchange').notNull(),
  priceCents: cents('price_cents').notNull(),
  /** The simulator's unrounded price, in cents: small steps accumulate instead of being rounded away each tick. */
  exactPriceCents: doublePrecision('exact_price_cents'),
  previousCloseCents: cents('previous_close_cents').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

/**
 * Every symbol's prices at their own times. Indexed by time too: a portfolio-history point reads the whole universe's
 * prices at two instants (the benchmark's level), and by (symbol, t) alone that read scanned every symbol's whole
 * history, which grows at every market step.
 */
export const priceHistory = pgTable(
  'price_history',
  {
    symbol: text('symbol').notNull(),
    t: ts('t').notNull(),
    priceCents: cents('price_cents').notNull(),
  },
  (t) => [primaryKey({ columns: [t.symbol, t.t] }), index('price_history_t_idx').on(t.t)],
);

/**
 * The universe's prices at a contest's first portfolio-history point: the benchmark's base (API.md: an equal-weight
 * index since the start), one row per symbol priced then, shared by the contests whose first point fell at that tick.
 * Kept while a live contest rests on it (the clock's hourly cleanup forgets the rest). A real feed stamps each price at
 * its own time, so the price history has no row at a tick's time to read the base from.
 */
export const benchmarkBases = pgTable(
  'benchmark_bases',
  {
    firstAt: ts('first_at').notNull(),
    symbol: text('symbol').notNull(),
    priceCents: cents('price_cents').notNull(),
  },
  (t) => [primaryKey({ columns: [t.firstAt, t.symbol] })],
);

/**
 * The benchmark's level (1 at the first point) at each portfolio-history point of the contests whose first point was
 * at `first_at`: written by the clock with the points, read by the benchmark and analytics routes.
 */
export const benchmarkLevels = pgTable(
  'benchmark_levels',
  {
    firstAt: ts('first_at').notNull(),
    t: ts('t').notNull(),
    level: doublePrecision('level').notNull(),
  },
  (t) => [primaryKey({ columns: [t.firstAt, t.t] })],
);

/**
 * A player's value at each portfolio-history point, keyed by the participant's own id (participants.id): the clock
 * writes a row per player of every contest whose point is due, and a narrow integer key costs that insert less than
 * half of what (contest_id, user_id) text keys did, with an index that grows more slowly. No foreign key: checking it
 * would be one more index probe per row, and a participant is only ever deleted before the start, when it has no points.
 */
export const portfolioHistory = pgTable(
  'portfolio_history',
  {
    participantId: bigint('participant_id', { mode: 'number' }).notNull(),
    t: ts('t').notNull(),
    valueCents: cents('value_cents').notNull(),
  },
  (t) => [primaryKey({ columns: [t.participantId, t.t] })],
);

/** One row: the simulator's position in its seeded sequence, so a restart continues the same path. */
export const marketState = pgTable('market_state', {
  id: integer('id').primaryKey(),
  tickIndex: bigint('tick_index', { mode: 'number' }).notNull(),
  asOf: ts('as_of').notNull(),
  /** The simulated instant of the last tick (MARKET_TIME_SCALE compresses time); its UTC date is `sessionDate`. */
  simulatedAt: ts('simulated_at'),
  sessionDate: text('session_date').notNull(),
});

/**
 * What one reporter (a signed-in user, or a browser the API issued a health pass to) told of one release of one remote
 * in one window (POST /telemetry/remote-health): whether a page of it was shown, failed to load or threw. A report
 * sets flags, never adds counts, so however often and whatever numbers a reporter sends, it counts once per window.
 * `reporter` is a keyed hash: no user id or browser id is kept.
 */
export const remoteHealthReports = pgTable(
  'remote_health_reports',
  {
    remote: text('remote').notNull(),
    release: text('release').notNull(),
    window: ts('window').notNull(),
    reporter: text('reporter').notNull(),
    viewed: boolean('viewed').notNull().default(false),
    loadFailed: boolean('load_failed').notNull().default(false),
    errored: boolean('errored').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.remote, t.release, t.window, t.reporter] }),
    index('remote_health_reports_window_idx').on(t.window),
  ],
);

/**
 * Secrets the server draws once and keeps with its data, so every instance and every restart shares them: the market's
 * seed when MARKET_SEED is not set. Never served by any route.
 */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: ts('created_at').notNull(),
});

/**
 * Splits and cash dividends read from the provider (API.md "Corporate actions"), keyed by the provider's own id: two
 * instances reading the same action store it once. `effective_at` is when it takes effect here: the open of its
 * execution (or ex-dividend) date, as the delayed feed's prices reach it. `settled_at` is set once the clock has
 * applied it to every contest it concerns, so a tick only ever looks at the few actions not settled yet.
 */
export const corporateActions = pgTable(
  'corporate_actions',
  {
    id: text('id').primaryKey(),
    type: text('type', { enum: ['split', 'dividend'] }).notNull(),
    symbol: text('symbol').notNull(),
    /** The execution date (split) or the ex-dividend date (dividend), New York's YYYY-MM-DD. */
    date: text('date').notNull(),
    splitFrom: doublePrecision('split_from'),
    splitTo: doublePrecision('split_to'),
    /** A dividend's cash per share, in dollars as the provider gives it (fractions of a cent happen). */
    cashAmount: doublePrecision('cash_amount'),
    effectiveAt: ts('effective_at').notNull(),
    settledAt: ts('settled_at'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('corporate_actions_unsettled_idx').on(t.effectiveAt).where(sql`${t.settledAt} IS NULL`)],
);

/**
 * The once-only mark of one action in one contest, inserted in the same transaction that applies it: the primary key
 * refuses a second application, by another tick, another run or another instance, even to players who have bought the
 * symbol since.
 */
export const contestActions = pgTable(
  'contest_actions',
  {
    actionId: text('action_id').notNull(),
    contestId: text('contest_id').notNull(),
    appliedAt: ts('applied_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.actionId, t.contestId] })],
);

/**
 * What one action did to one player's holding in one contest. The primary key is the once-only guarantee: the clock
 * inserts these rows (ON CONFLICT DO NOTHING) in the same statement that changes positions, cash and orders, so an
 * action applied by one tick, one instance or one run is never applied again by another.
 */
export const participantActions = pgTable(
  'participant_actions',
  {
    actionId: text('action_id').notNull(),
    contestId: text('contest_id').notNull(),
    userId: text('user_id').notNull(),
    type: text('type', { enum: ['split', 'dividend'] }).notNull(),
    symbol: text('symbol').notNull(),
    date: text('date').notNull(),
    ratio: doublePrecision('ratio'),
    perShare: doublePrecision('per_share'),
    quantityBefore: bigint('quantity_before', { mode: 'number' }).notNull(),
    quantityAfter: bigint('quantity_after', { mode: 'number' }).notNull(),
    /** Cash paid to (positive) or taken from (negative) the player: a fraction of a share in lieu, or the dividend. */
    cashCents: cents('cash_cents').notNull(),
    appliedAt: ts('applied_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.actionId, t.contestId, t.userId] }),
    index('participant_actions_participant_idx').on(t.contestId, t.userId, t.appliedAt),
  ],
);

/**
 * Chat messages (API.md "Chat"). `team` is '' on the contest's channel and the team's name on a team channel (a team
 * name is never empty). Not null: the page's read is an equality on it, so the index's order serves ORDER BY without a
 * sort (an IS NULL condition would not). A deletion clears the text in the row itself, so no read can return it again.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: text('id').primaryKey(),
    contestId: text('contest_id')
      .notNull()
      .references(() => contests.id, { onDelete: 'cascade' }),
    team: text('team').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    text: text('text').notNull(),
    createdAt: ts('created_at').notNull(),
    deletedAt: ts('deleted_at'),
  },
  (t) => [
    // A page of one channel, newest first: one index scan from the cursor, however many players write.
    index('chat_messages_channel_idx').on(t.contestId, t.team, t.createdAt, t.id),
    // The per-user budget counts the caller's messages of the last minute.
    index('chat_messages_user_idx').on(t.userId, t.createdAt),
  ],
);

/** Players a contest's creator has muted in that contest's chat. */
export const chatMutes = pgTable(
  'chat_mutes',
  {
    contestId: text('contest_id')
      .notNull()
      .references(() => contests.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    mutedAt: ts('muted_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.contestId, t.userId] })],
);

/**
 * In-app notifications (API.md "Notifications"): one row per user and event, written by the clock and the routes where
 * the event happens, kept 30 days. `subject` names what the event is about (an order, a contest, a contest at a tick), so
 * a tick or a request that runs again writes nothing twice.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    kind: text('kind').notNull(),
    subject: text('subject').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    href: text('href').notNull(),
    createdAt: ts('created_at').notNull(),
    readAt: ts('read_at'),
  },
  (t) => [
    uniqueIndex('notifications_subject_key').on(t.userId, t.kind, t.subject),
    // The list, newest first, and its cursor.
    index('notifications_user_idx').on(t.userId, t.createdAt, t.id),
    // The bell's count reads only the unread rows of one user.
    index('notifications_unread_idx').on(t.userId).where(sql`${t.readAt} IS NULL`),
    // Pruning after 30 days.
    index('notifications_created_idx').on(t.createdAt),
  ],
);

/** Per-user choices of which kinds reach them, in the app and by text (absent: the defaults of the contract). */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: text('user_id').primaryKey(),
  /** `{ [kind]: { inApp, text } }`, only the kinds the user changed. */
  kinds: jsonb('kinds').$type<Record<string, { inApp: boolean; text: boolean }>>().notNull(),
  /** IANA zone of the user's quiet hours (no text between 21:00 and 08:00 there). */
  timeZone: text('time_zone').notNull().default('America/New_York'),
  updatedAt: ts('updated_at').notNull(),
});

/**
 * Text messages, written with the notification they tell of (same transaction) and sent afterwards by the sender:
 * `sent_at` null until it is. Unique per (user, kind, subject) like notifications; the daily cap counts these rows.
 */
export const textMessages = pgTable(
  'text_messages',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    kind: text('kind').notNull(),
    subject: text('subject').notNull(),
    phoneNumber: text('phone_number').notNull(),
    body: text('body').notNull(),
    createdAt: ts('created_at').notNull(),
    sentAt: ts('sent_at'),
    error: text('error'),
  },
  (t) => [
    uniqueIndex('text_messages_subject_key').on(t.userId, t.kind, t.subject),
    index('text_messages_user_idx').on(t.userId, t.createdAt),
    index('text_messages_pending_idx').on(t.createdAt).where(sql`${t.sentAt} IS NULL AND ${t.error} IS NULL`),
  ],
);

/** Who is in a live contest's top 3 as notifications last saw it, so entering and leaving it are told once. */
export const podiumPlaces = pgTable(
  'podium_places',
  {
    contestId: text('contest_id').notNull(),
    userId: text('user_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.contestId, t.userId] })],
);

export const schema = {
  users,
  contests,
  participants,
  positions,
  trades,
  orders,
  idempotencyKeys,
  equities,
  priceHistory,
  portfolioHistory,
  benchmarkBases,
  benchmarkLevels,
  marketState,
  remoteHealthReports,

  serverSecrets,
  corporateActions,
  contestActions,
  participantActions,
  chatMessages,
  chatMutes,
  notifications,
  notificationPreferences,
  textMessages,
  podiumPlaces,
};
