import { randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { type BuildAppOptions, buildApp } from '../../src/app';
import { type AppConfig, loadConfig } from '../../src/config';
import { type Database, openDatabase } from '../../src/db/database';
import { ManualClock } from '../../src/lib/clock';
import type { Scheduler } from '../../src/lib/scheduler';
import type { PriceFeed, PriceModel } from '../../src/market/price-feed';
import { TestIssuer } from './tokens';

export type Driver = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL as well when TEST_DATABASE_URL is set (CI). */
export const DRIVERS: Driver[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/** A fresh database per test file on the PostgreSQL server of TEST_DATABASE_URL, dropped afterwards. */
export async function createScratchDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  const name = `bullpen_t_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

const NO_RELEASE_STORE = path.join(os.tmpdir(), 'bullpen-tests-no-release-store');

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  // A fixed MARKET_SEED: every run of a test sees the same prices, so a failure replays (deployments that set nothing
  // get a secret random seed instead; test/market-secret.test.ts).
  const base = loadConfig({ NODE_ENV: 'test', MARKET_SEED: '20240601' });
  return {
    ...base,
    dataDir: '',
    rateLimit: { max: 100_000, windowMs: 60_000 },
    // No release store of a stack on this machine: with none, every remote's own build ('base') is what pages load.
    releases: { ...base.releases, store: NO_RELEASE_STORE },
    ...overrides,
  };
}

export interface TestContext {
  driver: Driver;
  app: FastifyInstance;
  clock: ManualClock;
  issuer: TestIssuer;
  database: Database;
  close(): Promise<void>;
}

export async function openTestDatabase(driver: Driver, dataDir: string | null = null) {
  if (driver === 'pglite') {
    const database = await openDatabase({ url: null, dataDir });
    return { database, url: null as string | null, drop: async () => undefined };
  }
  const scratch = await createScratchDatabase();
  const database = await openDatabase({ url: scratch.url, poolSize: 10 });
  return { database, url: scratch.url as string | null, drop: scratch.drop };
}

export async function createTestContext(
  driver: Driver,
  configOverrides: Partial<AppConfig> = {},
  options: {
    priceFeed?: PriceFeed | PriceModel;
    clock?: ManualClock;
    scheduler?: Scheduler;
    logger?: BuildAppOptions['logger'];
  } = {},
): Promise<TestContext> {
  const clock = options.clock ?? new ManualClock('2030-01-07T14:30:00.000Z');
  const issuer = await TestIssuer.create(() => clock.now());
  const { database, drop } = await openTestDatabase(driver);
  const app = await buildApp({
    config: testConfig(configOverrides),
    database,
    clock,
    getKey: issuer.getKey,
    ...(options.priceFeed ? { priceFeed: options.priceFeed } : {}),
    ...(options.scheduler ? { scheduler: options.scheduler } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
  });
  await app.ready();
  return {
    driver,
    app,
    clock,
    issuer,
    database,
    async close() {
      await app.close();
      await database.close();
      await drop();
    },
  };
}

let counter = 0;

export interface TestUser {
  id: string;
  sub: string;
  token: string;
  ticker: string;
  phone: string;
}

/** A signed-up, onboarded user (call sign set). */
export async function createUser(
  ctx: TestContext,
  options: { phone?: string; initialize?: boolean; groups?: string[] } = {},
): Promise<TestUser> {
  counter += 1;
  const sub = randomUUID();
  const phone = options.phone ?? `+1444${String(counter).padStart(7, '0')}`;
  // Long-lived so a test can move the clock across a whole contest with one token.
  const token = await ctx.issuer.idToken(sub, {
    phone_number: phone,
    exp: Math.floor(ctx.clock.now().getTime() / 1000) + 400 * 86_400,
    ...(options.groups ? { 'cognito:groups': options.groups } : {}),
  });
  // The longest call sign the rules allow (8): two players of one test file drawing the same one is then unlikely enough.
  const ticker = `U${randomUUID()
    .replace(/-/g, '')
    .slice(0, 7)
    .toUpperCase()
    .replace(/^[0-9]/, 'X')}`;
  const got = await call(ctx, 'POST', '/user/get-user', { token, body: {} });
  const id = got.json().user._id as string;
  if (options.initialize !== false) {
    const init = await call(ctx, 'POST', '/user/initialize-user', {
      token,
      body: { callSign: ticker, ticker, displayName: `Player ${counter}` },
    });
    if (init.statusCode !== 200) throw new Error(`initialize failed: ${init.body}`);
  }
  return { id, sub, token, ticker, phone };
}

export function call(
  ctx: { app: FastifyInstance },
  method: 'GET' | 'POST',
  url: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  return ctx.app.inject({
    method,
    url,
    headers: { ...(options.token ? { authorization: options.token } : {}), ...(options.headers ?? {}) },
    ...(options.body !== undefined ? { payload: options.body as object } : {}),
  });
}

/** Contest fields that pass every rule at the test clock's now. */
export function contestFields(ctx: TestContext, overrides: Record<string, unknown> = {}) {
  const now = ctx.clock.now().getTime();
  return {
    name: 'Spring Cup',
    description: 'A friendly contest',
    startsAt: new Date(now + 60_000).toISOString(),
    endsAt: new Date(now + 60_000 + 3_600_000).toISOString(),
    picksCount: 2,
    startingCash: 10_000,
    maxParticipants: 10,
    visibility: 'public',
    affiliations: [],
    isTeamCollaboration: false,
    ...overrides,
  };
}

export async function createContest(ctx: TestContext, owner: TestUser, overrides: Record<string, unknown> = {}) {
  const response = await call(ctx, 'POST', '/contest/create-contest', {
    token: owner.token,
    body: contestFields(ctx, overrides),
  });
  if (response.statusCode !== 200) throw new Error(`create failed: ${response.body}`);
  return response.json().data as { _id: string; startsAt: string; endsAt: string; [key: string]: unknown };
}

export async function joinContest(
  ctx: TestContext,
  user: TestUser,
  contestId: string,
  picks = ['AAPL', 'MSFT'],
  affiliation?: string,
) {
  const response = await call(ctx, 'POST', '/contest/join-contest', {
    token: user.token,
    body: { contestId, picks, ...(affiliation ? { affiliation } : {}) },
  });
  if (response.statusCode !== 200) throw new Error(`join failed: ${response.body}`);
  return response.json().data;
}

/** Moves the clock to `at` and runs one clock tick. */
export async function tickAt(ctx: TestContext, at: string | Date | number) {
  ctx.clock.set(at);
  return ctx.app.deps.contestClock.tick();
}

/** Signs up and onboards a user through `app` with a token of `issuer` valid until 2031; the token. */
export async function onboard(app: FastifyInstance, issuer: TestIssuer, sub: string, ticker: string): Promise<string> {
  const token = await issuer.idToken(sub, { exp: Math.floor(Date.UTC(2031, 0, 1) / 1000) });
  const init = await call({ app }, 'POST', '/user/initialize-user', {
    token,
    body: { callSign: ticker, ticker, displayName: ticker },
  });
  if (init.statusCode !== 200) throw new Error(init.body);
  return token;
}

export interface TwoInstances {
  /** Two API instances, as behind a load balancer: each with its own connections to the one database. */
  a: FastifyInstance;
  b: FastifyInstance;
  apps: [FastifyInstance, FastifyInstance];
  databases: [Database, Database];
  clock: ManualClock;
  issuer: TestIssuer;
  /** `onboard` through `app` with this pair's issuer. */
  onboard(app: FastifyInstance, sub: string, ticker: string): Promise<string>;
  /** Closes both instances and their connections (what a test closed already included), then drops the database. */
  close(): Promise<void>;
}

/** Two API instances on one fresh database of TEST_DATABASE_URL's server, sharing a clock that starts `at`. */
export async function createTwoInstances(at: string): Promise<TwoInstances> {
  const scratch = await createScratchDatabase();
  const clock = new ManualClock(at);
  const issuer = await TestIssuer.create(() => clock.now());
  const databases: [Database, Database] = [
    await openDatabase({ url: scratch.url }),
    await openDatabase({ url: scratch.url }),
  ];
  const apps = (await Promise.all(
    databases.map((database) => buildApp({ config: testConfig(), database, clock, getKey: issuer.getKey })),
  )) as [FastifyInstance, FastifyInstance];
  return {
    a: apps[0],
    b: apps[1],
    apps,
    databases,
    clock,
    issuer,
    onboard: (app, sub, ticker) => onboard(app, issuer, sub, ticker),
    async close() {
      for (const app of apps) await app.close().catch(() => undefined);
      for (const database of databases) await database.close().catch(() => undefined);
      await scratch.drop();
    },
  };
}
