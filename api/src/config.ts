import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';

// Every setting has a working local default; a bad value stops start-up with a message naming the setting.

export interface AppConfig {
  port: number;
  host: string;
  /** Unset: embedded PGlite persisted in `dataDir`. */
  databaseUrl: string | null;
  dataDir: string;
  auth: { issuer: string; jwksUrl: string; clientId: string };
  corsOrigins: string[];
  /**
   * timeScale: MARKET_TIME_SCALE, simulated seconds per real second (1: real time; demos compress time, DESIGN §6).
   * seed: MARKET_SEED, a whole number that makes the market repeatable (tests, demos), and so predictable to anyone who
   * knows or guesses it. Unset (null, the default): a random secret drawn on first start and kept in the database, so
   * restarts continue the same market and no client can compute a future price.
   */
  market: {
    tickMs: number;
    seed: number | null;
    timeScale: number;
    /** MARKET_FEED: where prices come from. */
    feed: MarketFeedName;
    /** MASSIVE_API_KEY, MASSIVE_REST_URL, MASSIVE_WS_URL: set with the `massive` feed only. The key is never logged. */
    massive: MassiveSettings | null;
    /** MARKET_DELAY_MINUTES: how far behind the feed's prices run. */
    delayMinutes: number;
    /** MARKET_HOURS: `always` trades around the clock; `nyse` trades in the exchange's sessions. */
    hours: MarketHours;
    /** MARKET_STATUS_POLL_MS, MARKET_ACTIONS_POLL_MS: how often the session and corporate actions are read. */
    statusPollMs: number;
    actionsPollMs: number;
  };
  /** maxUpcomingPerCreator: CONTEST_MAX_UPCOMING, contests one creator may have upcoming at once (409 beyond). */
  contest: {
    minLeadSeconds: number;
    minDurationSeconds: number;
    maxDurationSeconds: number;
    maxUpcomingPerCreator: number;
  };
  rateLimit: { max: number; windowMs: number };
  /**
   * The canary watch (docs/operating-remotes.md): the release store it reads and writes, how often it looks, and when a
   * canary with auto-rollback is rolled back: at least `minViews` views since it started (a view is one reporter in one
   * health window), failures from at least `minFailingReporters` distinct users or browsers, and an error rate more
   * than `thresholdPoints` percentage points above the live release's.
   */
  releases: {
    store: string;
    checkMs: number;
    minViews: number;
    minFailingReporters: number;
    thresholdPoints: number;
  };
  /**
   * Remote health (POST /telemetry/remote-health). opsToken: OPS_TOKEN, the operators' bearer token for the read side
   * (`npm run remote -- status`); unset, only admins' ID tokens read it. passesPerHour: HEALTH_PASSES_PER_HOUR, the
   * health passes one address may be issued in an hour, so one machine cannot pose as a crowd of browsers.
   */
  health: { opsToken: string | null; passesPerHour: number };
  /**
   * Text messages (API.md "Notifications"). sender: SMS_SENDER, `local` (the default: an outbox printed to the log and
   * listed at GET /dev/outbox, never sent) or `sns` (Amazon SNS, region SNS_REGION, credentials from the AWS default
   * chain). outboxPage: whether GET /dev/outbox is served, only with the local sender and never in production.
   */
  texts: { sender: 'local' | 'sns'; snsRegion: string; outboxPage: boolean };
  /**
   * TRUST_PROXY: the addresses or CIDR ranges of the proxies (load balancers) in front of the API, comma-separated.
   * Only a request arriving from one of them has its caller's address read from X-Forwarded-For; every rate limit that
   * is kept per address (anonymous calls, refused tokens) uses that address. Empty (the default): X-Forwarded-For is
   * ignored and the address is the connection's, so behind a balancer that is not named here every caller shares one
   * address for those limits (valid tokens always have their own per-user budget).
   */
  trustProxy: string[];
  logLevel: string;
}

type MarketFeedName = 'simulated' | 'massive';
export type MarketHours = 'always' | 'nyse';

interface MassiveSettings {
  apiKey: string;
  restUrl: string;
  /** The socket's base: the SDK opens `${wsUrl}/stocks`. */
  wsUrl: string;
}

export class ConfigError extends Error {}

/** The repository root: api/src/config.ts → ../.. */
const REPO_ROOT = path.resolve(__dirname, '..', '..');

const DEFAULT_ISSUER = 'http://localhost:9229/us-east-1_LocalPool';

const intSetting = (min: number, max: number) => {
  const message = `must be a whole number from ${min} to ${max}`;
  return z
    .string()
    .regex(/^-?\d+$/, message)
    .transform(Number)
    .refine((n) => n >= min && n <= max, message);
};

const decimalSetting = (min: number, max: number) => {
  const message = `must be a number from ${min} to ${max.toLocaleString('en-US').replace(/,/g, '')}`;
  return z
    .string()
    .regex(/^\d+(\.\d+)?$/, message)
    .transform(Number)
    .refine((n) => n >= min && n <= max, message);
};

const urlSetting = z.string().refine((value) => {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}, 'must be an http(s) URL');

const wsUrlSetting = z.string().refine((value) => {
  try {
    const url = new URL(value);
    return url.protocol === 'ws:' || url.protocol === 'wss:';
  } catch {
    return false;
  }
}, 'must be a ws(s) URL');

/** An IPv4 or IPv6 address, optionally with a prefix length (a CIDR range): what Fastify's trustProxy accepts. */
const addressOrRangeSetting = z.string().refine((value) => {
  const [address, prefix, ...rest] = value.split('/');
  const version = net.isIP(address ?? '');
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}, 'must list IP addresses or CIDR ranges (e.g. 10.0.0.0/8,192.168.1.10)');

const listSetting = (item: z.ZodType<string, string>) =>
  z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean),
    )
    .pipe(z.array(item));

type Read = <T>(name: string, schema: z.ZodType<T>, fallback: string | undefined, options?: { secret?: boolean }) => T;

function marketSettings(read: Read): AppConfig['market'] {
  const feed = read('MARKET_FEED', z.enum(['simulated', 'massive'], 'must be simulated or massive'), 'simulated');
  const live = feed === 'massive';
  const massive = live
    ? {
        apiKey: read(
          'MASSIVE_API_KEY',
          z
            .string('is required with MARKET_FEED=massive')
            .regex(/^[\x21-\x7e]{8,256}$/, 'must be 8 to 256 printable characters without spaces'),
          undefined,
          { secret: true },
        ),
        restUrl: read('MASSIVE_REST_URL', urlSetting, 'https://api.massive.com').replace(/\/$/, ''),
        wsUrl: read('MASSIVE_WS_URL', wsUrlSetting, 'wss://delayed.massive.com').replace(/\/$/, ''),
      }
    : null;
  const timeScale = read('MARKET_TIME_SCALE', decimalSetting(0.001, 1_000_000), '1');
  // Real prices arrive in real time: compressing it would only stretch a delayed feed's minutes.
  if (live && timeScale !== 1) {
    throw new ConfigError('Invalid setting MARKET_TIME_SCALE: must be 1 with MARKET_FEED=massive');
  }
  return {
    tickMs: read('MARKET_TICK_MS', intSetting(100, 3_600_000), '5000'),
    seed: read('MARKET_SEED', intSetting(0, 2 ** 31 - 1).optional(), undefined) ?? null,
    timeScale,
    feed,
    massive,
    delayMinutes: read('MARKET_DELAY_MINUTES', intSetting(0, 1440), live ? '15' : '0'),
    hours: read('MARKET_HOURS', z.enum(['always', 'nyse'], 'must be always or nyse'), live ? 'nyse' : 'always'),
    statusPollMs: read('MARKET_STATUS_POLL_MS', intSetting(1000, 3_600_000), '60000'),
    actionsPollMs: read('MARKET_ACTIONS_POLL_MS', intSetting(60_000, 86_400_000), '3600000'),
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const production = env.NODE_ENV === 'production';
  const read = <T>(
    name: string,
    schema: z.ZodType<T>,
    fallback: string | undefined,
    { secret = false }: { secret?: boolean } = {},
  ): T => {
    const raw = env[name] === undefined || env[name] === '' ? fallback : env[name];
    const parsed = schema.safeParse(raw);
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? 'invalid value';
      // A secret's value is never repeated, not even in the message that refuses it.
      const shown = secret ? '' : `=${JSON.stringify(env[name] ?? '')}`;
      throw new ConfigError(`Invalid setting ${name}${shown}: ${message}`);
    }
    return parsed.data;
  };

  // A phone number is an attribute users can change, so it cannot name admins. Refuse the setting that did rather
  // than start with admins an operator believes exist.
  if (env.ADMIN_PHONE_NUMBERS) {
    throw new ConfigError(
      'ADMIN_PHONE_NUMBERS is no longer read: admins are the members of the user pool group "admins" (local pool: USER_POOL_ADMINS)',
    );
  }
  const issuer = read('AUTH_ISSUER', urlSetting, DEFAULT_ISSUER).replace(/\/$/, '');
  const databaseUrl = read(
    'DATABASE_URL',
    z
      .string()
      .refine((v) => /^postgres(ql)?:\/\//.test(v), 'must be a postgres:// URL')
      .optional(),
    undefined,
  );
  const config: AppConfig = {
    port: read('PORT', intSetting(0, 65535), '4000'),
    host: read('HOST', z.string().min(1), '127.0.0.1'),
    databaseUrl: databaseUrl ?? null,
    dataDir: read('API_DATA_DIR', z.string().min(1), path.join(REPO_ROOT, '.data', 'api')),
    auth: {
      issuer,
      jwksUrl: read('AUTH_JWKS_URL', urlSetting, `${issuer}/.well-known/jwks.json`),
      clientId: read('AUTH_CLIENT_ID', z.string().min(1), 'bullpen-web-client'),
    },
    corsOrigins: read(
      'CORS_ORIGINS',
      listSetting(urlSetting),
      [3000, 3001, 3002, 3003, 3004].map((port) => `http://localhost:${port}`).join(','),
    ),
    market: marketSettings(read),
    contest: {
      minLeadSeconds: read('CONTEST_MIN_LEAD_S', intSetting(0, 31_536_000), production ? '300' : '30'),
      minDurationSeconds: read('CONTEST_MIN_DURATION_S', intSetting(1, 31_536_000), production ? '3600' : '120'),
      maxDurationSeconds: read('CONTEST_MAX_DURATION_S', intSetting(1, 10 * 31_536_000), '31536000'),
      maxUpcomingPerCreator: read('CONTEST_MAX_UPCOMING', intSetting(1, 10_000), '20'),
    },
    rateLimit: {
      max: read('RATE_LIMIT_MAX', intSetting(1, 10_000_000), '600'),
      windowMs: read('RATE_LIMIT_WINDOW_MS', intSetting(1000, 3_600_000), '60000'),
    },
    releases: {
      // As every tool finds it (@bullpen/release-store's releaseStorePath): RELEASE_STORE, else under DATA_DIR.
      store: path.resolve(
        read('RELEASE_STORE', z.string().min(1), path.join(env.DATA_DIR || path.join(REPO_ROOT, '.data'), 'releases')),
      ),
      checkMs: read('CANARY_CHECK_MS', intSetting(200, 3_600_000), '30000'),
      minViews: read('CANARY_MIN_VIEWS', intSetting(1, 10_000_000), '200'),
      minFailingReporters: read('CANARY_MIN_FAILING_REPORTERS', intSetting(2, 1_000_000), '5'),
      thresholdPoints: read('CANARY_ERROR_THRESHOLD_POINTS', decimalSetting(0, 100), '2'),
    },
    health: {
      opsToken:
        read(
          'OPS_TOKEN',
          z
            .string()
            .regex(/^[\x21-\x7e]{32,256}$/, 'must be 32 to 256 printable characters without spaces')
            .optional(),
          undefined,
        ) ?? null,
      passesPerHour: read('HEALTH_PASSES_PER_HOUR', intSetting(1, 10_000_000), '20'),
    },
    texts: (() => {
      const sender = read('SMS_SENDER', z.enum(['local', 'sns'], 'must be local or sns'), 'local');
      return {
        sender,
        snsRegion: read(
          'SNS_REGION',
          z.string().regex(/^[a-z]{2}(-[a-z]+)+-\d$/, 'must be an AWS region'),
          'us-east-1',
        ),
        outboxPage: sender === 'local' && !production,
      };
    })(),
    trustProxy: read('TRUST_PROXY', listSetting(addressOrRangeSetting), ''),
    logLevel: read('LOG_LEVEL', z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']), 'info'),
  };
  if (config.contest.minDurationSeconds > config.contest.maxDurationSeconds) {
    throw new ConfigError('Invalid setting CONTEST_MIN_DURATION_S: must not exceed CONTEST_MAX_DURATION_S');
  }
  return config;
}
