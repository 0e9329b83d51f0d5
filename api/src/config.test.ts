import { ConfigError, loadConfig } from './config';

test('every setting has a working local default', () => {
  const config = loadConfig({});
  expect(config.port).toBe(4000);
  expect(config.host).toBe('127.0.0.1');
  expect(config.databaseUrl).toBeNull();
  expect(config.dataDir).toMatch(/\.data[/\\]api$/);
  expect(config.auth).toEqual({
    issuer: 'http://localhost:9229/us-east-1_LocalPool',
    jwksUrl: 'http://localhost:9229/us-east-1_LocalPool/.well-known/jwks.json',
    clientId: 'bullpen-web-client',
  });
  expect(config.corsOrigins).toEqual([3000, 3001, 3002, 3003, 3004].map((p) => `http://localhost:${p}`));
  expect(config.market.tickMs).toBe(5000);
  expect(config.market.timeScale).toBe(1);
  // No seed: the market's secret is drawn at random and kept in the database; MARKET_SEED makes it repeatable.
  expect(config.market.seed).toBeNull();
  expect(loadConfig({ MARKET_SEED: '7' }).market.seed).toBe(7);
  // X-Forwarded-For is read only from proxies the operator names.
  expect(config.trustProxy).toEqual([]);
  expect(config.contest).toEqual({
    minLeadSeconds: 30,
    minDurationSeconds: 120,
    maxDurationSeconds: 31_536_000,
    maxUpcomingPerCreator: 20,
  });
});

test('production timing defaults', () => {
  expect(loadConfig({ NODE_ENV: 'production' }).contest).toEqual({
    minLeadSeconds: 300,
    minDurationSeconds: 3600,
    maxDurationSeconds: 31_536_000,
    maxUpcomingPerCreator: 20,
  });
});

test('settings from the environment', () => {
  const config = loadConfig({
    PORT: '4101',
    DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test',
    AUTH_ISSUER: 'https://cognito-idp.us-east-1.amazonaws.com/us-east-1_Abc',
    CORS_ORIGINS: 'https://a.example, https://b.example',
    MARKET_TIME_SCALE: '60',
  });
  expect(config.market.timeScale).toBe(60);
  expect(loadConfig({ MARKET_TIME_SCALE: '0.5' }).market.timeScale).toBe(0.5);
  expect(config.port).toBe(4101);
  expect(config.databaseUrl).toBe('postgres://postgres@127.0.0.1:5432/test');
  expect(config.auth.jwksUrl).toBe('https://cognito-idp.us-east-1.amazonaws.com/us-east-1_Abc/.well-known/jwks.json');
  expect(config.corsOrigins).toEqual(['https://a.example', 'https://b.example']);
  expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.10,fd00::/8' }).trustProxy).toEqual([
    '10.0.0.0/8',
    '192.168.1.10',
    'fd00::/8',
  ]);
});

test.each([
  ['PORT', 'abc'],
  ['PORT', '70000'],
  ['MARKET_TICK_MS', '-5'],
  ['MARKET_TIME_SCALE', '0'],
  ['MARKET_TIME_SCALE', '-2'],
  ['MARKET_TIME_SCALE', 'fast'],
  ['MARKET_TIME_SCALE', '1e9'],
  ['DATABASE_URL', 'mysql://x'],
  ['AUTH_ISSUER', 'not a url'],
  ['CORS_ORIGINS', 'localhost:3000'],
  ['ADMIN_PHONE_NUMBERS', '+15555550100'],
  ['CONTEST_MIN_LEAD_S', '1.5'],
  ['MARKET_SEED', 'random'],
  ['CONTEST_MAX_UPCOMING', '0'],
  ['TRUST_PROXY', 'true'],
  ['TRUST_PROXY', '10.0.0.0/33'],
  ['TRUST_PROXY', '10.0.0.1, lb.example'],
])('a bad %s stops start-up naming it', (name, value) => {
  expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
  expect(() => loadConfig({ [name]: value })).toThrow(name);
});

test('the release store is found as every tool finds it: RELEASE_STORE, else under DATA_DIR', () => {
  expect(loadConfig({ DATA_DIR: '/srv/bullpen' }).releases.store).toBe('/srv/bullpen/releases');
  expect(loadConfig({ DATA_DIR: '/srv/bullpen', RELEASE_STORE: '/srv/store' }).releases.store).toBe('/srv/store');
});

describe('where prices come from (MARKET_FEED and the Massive settings)', () => {
  const KEY = 'k3y-Of-The-Operator-0123456789';
  const massive = (env: Record<string, string> = {}) =>
    loadConfig({ MARKET_FEED: 'massive', MASSIVE_API_KEY: KEY, ...env });

  test('the simulator by default: no delay, trading around the clock, the status read every minute', () => {
    const { market } = loadConfig({});
    expect(market).toMatchObject({
      feed: 'simulated',
      massive: null,
      delayMinutes: 0,
      hours: 'always',
      statusPollMs: 60_000,
      actionsPollMs: 3_600_000,
    });
    // A key lying around in the environment is not read while the simulator runs.
    expect(loadConfig({ MASSIVE_API_KEY: 'x' }).market.massive).toBeNull();
  });

  test('massive: the delayed feed at its public addresses, 15 minutes behind, in NYSE sessions', () => {
    expect(massive().market).toMatchObject({
      feed: 'massive',
      massive: { apiKey: KEY, restUrl: 'https://api.massive.com', wsUrl: 'wss://delayed.massive.com' },
      delayMinutes: 15,
      hours: 'nyse',
    });
    const local = massive({
      MASSIVE_REST_URL: 'http://127.0.0.1:5050/',
      MASSIVE_WS_URL: 'ws://127.0.0.1:5050',
      MARKET_DELAY_MINUTES: '0',
      MARKET_HOURS: 'always',
      MARKET_STATUS_POLL_MS: '5000',
      MARKET_ACTIONS_POLL_MS: '60000',
    }).market;
    expect(local).toMatchObject({
      massive: { restUrl: 'http://127.0.0.1:5050', wsUrl: 'ws://127.0.0.1:5050' },
      delayMinutes: 0,
      hours: 'always',
      statusPollMs: 5000,
      actionsPollMs: 60_000,
    });
  });

  test.each([
    ['MARKET_FEED', { MARKET_FEED: 'polygon' }],
    ['MASSIVE_API_KEY', { MARKET_FEED: 'massive' }],
    ['MASSIVE_API_KEY', { MARKET_FEED: 'massive', MASSIVE_API_KEY: 'has a space in it' }],
    ['MASSIVE_API_KEY', { MARKET_FEED: 'massive', MASSIVE_API_KEY: 'short' }],
    ['MASSIVE_REST_URL', { MARKET_FEED: 'massive', MASSIVE_API_KEY: KEY, MASSIVE_REST_URL: 'ftp://x' }],
    ['MASSIVE_WS_URL', { MARKET_FEED: 'massive', MASSIVE_API_KEY: KEY, MASSIVE_WS_URL: 'https://delayed.massive.com' }],
    ['MARKET_DELAY_MINUTES', { MARKET_DELAY_MINUTES: '-1' }],
    ['MARKET_DELAY_MINUTES', { MARKET_DELAY_MINUTES: '15min' }],
    ['MARKET_HOURS', { MARKET_HOURS: 'weekdays' }],
    ['MARKET_STATUS_POLL_MS', { MARKET_STATUS_POLL_MS: '10' }],
    ['MARKET_ACTIONS_POLL_MS', { MARKET_ACTIONS_POLL_MS: 'hourly' }],
    ['MARKET_TIME_SCALE', { MARKET_FEED: 'massive', MASSIVE_API_KEY: KEY, MARKET_TIME_SCALE: '60' }],
  ])('a bad %s stops start-up naming it', (name, env) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
  });

  test('a refused key is never repeated in the message that refuses it', () => {
    const secret = 'not a key but a secret';
    let message = '';
    try {
      loadConfig({ MARKET_FEED: 'massive', MASSIVE_API_KEY: secret });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('MASSIVE_API_KEY');
    expect(message).not.toContain(secret);
    expect(message).not.toContain('secret');
  });
});
