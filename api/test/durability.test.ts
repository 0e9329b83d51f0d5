import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createScratchDatabase, DRIVERS, type Driver } from './support/harness';
import { TestIssuer } from './support/tokens';

// The API as its own process, stopped in the middle of a burst of trades: by SIGKILL (nothing runs after the signal,
// so only what was committed survives) and by SIGTERM (the graceful path of server.ts). After a restart on the same
// data, every trade the server acknowledged must be there, positions and cash must follow from exactly the recorded
// trades, a retry with the same Idempotency-Key must never execute a second time, and the contest must keep ticking.
// instances.test.ts covers the in-process close/reopen; this is the crash and the real-process variant.

const REPO_ROOT = path.resolve(__dirname, '..', '..');
// The tsx loader inside the server's own node process, not tsx's CLI: the CLI runs the server as a child, so a
// SIGKILL to the CLI would leave the real server running and holding the database.
const TSX_LOADER = pathToFileURL(path.join(REPO_ROOT, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;
const SERVER = path.join(REPO_ROOT, 'api', 'src', 'server.ts');
/** Reserved for this test; the first free one is used. */
const API_PORTS = [4310, 4311, 4312, 4313, 4314, 4315, 4316, 4317, 4318, 4319];

const PLAYERS = 4;
const ORDERS = 200;
const CONCURRENCY = 20;
/** The signal goes out when this many orders have been answered (or have failed), well inside the burst. */
const STOP_AFTER = 80;
const STARTING_CASH = 100_000;

interface Trade {
  _id: string;
  contestId: string;
  symbol: string;
  side: 'buy' | 'sell';
  quantity: number;
  price: number;
  amount: number;
  executedAt: string;
}
interface Portfolio {
  cash: number;
  positions: { symbol: string; quantity: number }[];
}
interface ContestUser {
  joined: boolean;
  portfolio: Portfolio | null;
  trades: Trade[];
}
interface Order {
  player: number;
  symbol: string;
  side: 'buy' | 'sell';
  quantity: number;
  key: string;
}
/** status undefined: the connection failed, so the order may or may not have executed. */
interface Outcome {
  order: Order;
  status?: number;
  body?: unknown;
  retryAfter?: string;
  error?: string;
}

interface Answer {
  status: number;
  body: unknown;
  retryAfter?: string;
}

/** One connection per request: no pooled socket outlives a killed server. */
function request(
  port: number,
  method: 'GET' | 'POST',
  url: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  return new Promise<Answer>((resolve, reject) => {
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: url,
        agent: false,
        headers: {
          ...(options.token ? { authorization: options.token } : {}),
          ...(payload === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
          ...options.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: unknown = text;
          try {
            body = JSON.parse(text);
          } catch {
            /* not JSON: kept as text for the failure message */
          }
          const retryAfter = res.headers['retry-after'];
          resolve({ status: res.statusCode ?? 0, body, ...(retryAfter ? { retryAfter: String(retryAfter) } : {}) });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

async function expectOk(answer: Promise<Answer>, what: string): Promise<Record<string, unknown>> {
  const { status, body } = await answer;
  if (status !== 200) throw new Error(`${what}: ${status} ${JSON.stringify(body)}`);
  return body as Record<string, unknown>;
}

async function waitFor<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 90_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < until) {
    try {
      const value = await check();
      if (value !== undefined) return value;
    } catch (error) {
      last = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`gave up waiting for ${what}${last ? `: ${String(last)}` : ''}`);
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

async function freePort(): Promise<number> {
  for (const port of API_PORTS) if (await portIsFree(port)) return port;
  throw new Error(`no free port in ${API_PORTS.join(', ')}`);
}

class ApiProcess {
  private output = '';
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;

  private constructor(
    readonly child: ChildProcess,
    readonly port: number,
  ) {
    const keep = (chunk: Buffer) => {
      this.output = (this.output + chunk.toString('utf8')).slice(-20_000);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    this.exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  }

  static async start(port: number, env: Record<string, string>): Promise<ApiProcess> {
    const child = spawn(process.execPath, ['--import', TSX_LOADER, SERVER], {
      cwd: REPO_ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? os.tmpdir(),
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const api = new ApiProcess(child, port);
    let gone = false;
    void api.exited.then(() => {
      gone = true;
    });
    await waitFor('the API to answer /health', async () => {
      if (gone) throw new Error(`the API exited during start-up:\n${api.log}`);
      const health = await request(port, 'GET', '/health');
      return health.status === 200 ? true : undefined;
    }).catch((error: Error) => {
      child.kill('SIGKILL');
      throw new Error(`${error.message}\n${api.log}`);
    });
    return api;
  }

  get pid(): number {
    if (this.child.pid === undefined) throw new Error('no pid');
    return this.child.pid;
  }

  get log(): string {
    return this.output;
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }
}

/** Deterministic orders: mostly sells of the allocated picks and buys of cheap stocks with the proceeds. */
function orders(seed: number): Order[] {
  let state = seed;
  const random = () => {
    state = (Math.imul(state ^ (state >>> 15), 2_246_822_519) + 0x6d2b79f5) | 0;
    return (state >>> 0) / 2 ** 32;
  };
  return Array.from({ length: ORDERS }, (_, i) => {
    const roll = random();
    const [symbol, side]: [string, 'buy' | 'sell'] =
      roll < 0.3
        ? ['AAPL', 'sell']
        : roll < 0.5
          ? ['MSFT', 'sell']
          : roll < 0.8
            ? ['T', 'buy']
            : roll < 0.9
              ? ['KO', 'buy']
              : ['T', 'sell'];
    return { player: i % PLAYERS, symbol, side, quantity: 1 + Math.floor(random() * 3), key: `burst-${seed}-${i}` };
  });
}

const cents = (dollars: number) => Math.round(dollars * 100);

/** Cash and holdings that follow from a starting portfolio and a list of executed trades. */
function replay(start: Portfolio, trades: Trade[]) {
  let cash = cents(start.cash);
  const held = new Map(start.positions.map((p) => [p.symbol, p.quantity]));
  for (const t of trades) {
    const sign = t.side === 'buy' ? 1 : -1;
    cash -= sign * cents(t.amount);
    held.set(t.symbol, (held.get(t.symbol) ?? 0) + sign * t.quantity);
  }
  return {
    cash,
    positions: Object.fromEntries([...held].filter(([, q]) => q !== 0).sort(([a], [b]) => a.localeCompare(b))),
  };
}

const holdings = (portfolio: Portfolio) =>
  Object.fromEntries(
    portfolio.positions.map((p) => [p.symbol, p.quantity]).sort(([a], [b]) => String(a).localeCompare(String(b))),
  );

describe.each(DRIVERS)('durability of a real API process (%s)', (driver: Driver) => {
  let issuer: TestIssuer;
  let jwks: http.Server;
  let jwksUrl: string;

  beforeAll(async () => {
    issuer = await TestIssuer.create();
    jwks = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ keys: [issuer.jwk] }));
    });
    // In this process and never exposed to the outside: an ephemeral port cannot collide with anything.
    await new Promise<void>((resolve) => jwks.listen(0, '127.0.0.1', resolve));
    jwksUrl = `http://127.0.0.1:${(jwks.address() as AddressInfo).port}/.well-known/jwks.json`;
  });

  afterAll(async () => {
    await new Promise((resolve) => jwks?.close(resolve));
  });

  async function scenario(signal: 'SIGKILL' | 'SIGTERM', seed: number) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bullpen-durability-'));
    const scratch = driver === 'postgres' ? await createScratchDatabase() : null;
    const env = {
      API_DATA_DIR: dataDir,
      ...(scratch ? { DATABASE_URL: scratch.url } : {}),
      AUTH_JWKS_URL: jwksUrl,
      RATE_LIMIT_MAX: '10000000',
      LOG_LEVEL: 'warn',
      MARKET_TICK_MS: '500',
      // The contest may start right away: the test waits for the clock, not for a lead time.
      CONTEST_MIN_LEAD_S: '0',
    };
    const port = await freePort();
    let api: ApiProcess | null = null;
    try {
      api = await ApiProcess.start(port, env);
      const expiry = { exp: Math.floor(Date.now() / 1000) + 4 * 3600 };
      const tag = `${signal === 'SIGKILL' ? 'K' : 'T'}${driver === 'postgres' ? 'P' : 'L'}`;
      const onboard = async (name: string) => {
        const token = await issuer.idToken(`durability-${tag}-${name}-${seed}`, expiry);
        const callSign = `${tag}${name}`.toUpperCase();
        await expectOk(
          request(port, 'POST', '/user/initialize-user', {
            token,
            body: { callSign, ticker: callSign, displayName: name },
          }),
          `onboard ${name}`,
        );
        return token;
      };
      const owner = await onboard('OWN');
      const players: string[] = [];
      for (let i = 0; i < PLAYERS; i++) players.push(await onboard(`P${i}`));

      // Lead enough for four joins on a loaded machine; the clock starts the contest within a tick of startsAt.
      const startsAt = Date.now() + 8_000;
      const created = await expectOk(
        request(port, 'POST', '/contest/create-contest', {
          token: owner,
          body: {
            name: `Durability ${signal}`,
            description: '',
            startsAt: new Date(startsAt).toISOString(),
            endsAt: new Date(startsAt + 2 * 3_600_000).toISOString(),
            picksCount: 2,
            startingCash: STARTING_CASH,
            maxParticipants: 10,
            visibility: 'public',
            affiliations: [],
            isTeamCollaboration: false,
          },
        }),
        'create contest',
      );
      const contestId = (created.data as { _id: string })._id;
      for (const token of players) {
        await expectOk(
          request(port, 'POST', '/contest/join-contest', { token, body: { contestId, picks: ['AAPL', 'MSFT'] } }),
          'join',
        );
      }
      const stateOf = async (player: number) =>
        (await expectOk(request(port, 'GET', `/contest-user/${contestId}`, { token: players[player] }), 'contest-user'))
          .data as ContestUser;
      // The server's own clock starts the contest; its picks become positions at the start price.
      const initial: Portfolio[] = [];
      for (let p = 0; p < PLAYERS; p++) {
        initial.push(await waitFor('the contest to go live', async () => (await stateOf(p)).portfolio ?? undefined));
      }

      // The burst, with the signal sent from inside it.
      const plan = orders(seed);
      const outcomes: Outcome[] = [];
      let next = 0;
      let settled = 0;
      const victim = api;
      const stopped = victim.exited;
      const worker = async () => {
        while (next < plan.length) {
          const order = plan[next++] as Order;
          const outcome: Outcome = { order };
          try {
            const answer = await request(port, 'POST', '/contest/trading', {
              token: players[order.player],
              headers: { 'idempotency-key': order.key },
              body: { contestId, symbol: order.symbol, side: order.side, quantity: order.quantity },
            });
            Object.assign(outcome, answer);
          } catch (error) {
            outcome.error = String(error);
          }
          outcomes.push(outcome);
          settled += 1;
          if (settled === STOP_AFTER) process.kill(victim.pid, signal);
        }
      };
      await Promise.all(Array.from({ length: CONCURRENCY }, worker));
      const exit = await stopped;
      const log = victim.log;
      api = null;

      const acknowledged = outcomes.filter((o) => o.status === 200);
      // A 4xx is a rule saying no and a 503 is the draining server saying no before any work: neither executed.
      // Only an order whose connection failed may have executed without an answer.
      const unknown = outcomes.filter((o) => o.status === undefined);
      const answered = outcomes.filter((o) => o.status !== undefined);
      // Before the signal the burst ran normally: the test is only meaningful if trades were acknowledged.
      expect(acknowledged.length).toBeGreaterThan(20);
      // Whatever the server answered was an answer of API.md: a trade, or a refusal with its error body.
      for (const o of answered) {
        if (o.status === 200) continue;
        expect({ status: o.status, body: o.body }).toEqual({
          status: expect.any(Number),
          body: { errMessage: expect.any(String), errors: expect.any(Array) },
        });
      }
      if (signal === 'SIGTERM') {
        // Graceful: server.ts closed the app and exited by itself; the only 5xx on the way out is the retryable 503.
        expect({ exit, log }).toEqual({ exit: { code: 0, signal: null }, log: expect.any(String) });
        const failures = answered.filter((o) => (o.status ?? 0) >= 500);
        expect(
          failures.filter((o) => o.status !== 503 || o.retryAfter === undefined).map((o) => [o.status, o.body]),
        ).toEqual([]);
      } else {
        expect(exit.signal).toBe('SIGKILL');
      }

      // Restart on the same database.
      api = await ApiProcess.start(port, env);
      const ackedIds = new Set<string>();
      for (const o of acknowledged) ackedIds.add((o.body as { data: { trade: Trade } }).data.trade._id);
      const recordedUnacknowledged = new Map<string, string>();

      for (let p = 0; p < PLAYERS; p++) {
        const state = await stateOf(p);
        expect(state.joined).toBe(true);
        const recorded = new Map(state.trades.map((t) => [t._id, t]));
        // Every acknowledged trade is there, exactly as it was acknowledged.
        for (const o of acknowledged.filter((x) => x.order.player === p)) {
          const trade = (o.body as { data: { trade: Trade } }).data.trade;
          expect(recorded.get(trade._id)).toEqual(trade);
        }
        // Anything else recorded is an order whose answer was lost (never one that was refused).
        const lost = unknown.filter((o) => o.order.player === p);
        for (const extra of state.trades.filter((t) => !ackedIds.has(t._id))) {
          const at = lost.findIndex(
            (o) =>
              o.order.symbol === extra.symbol && o.order.side === extra.side && o.order.quantity === extra.quantity,
          );
          expect({ unexplained: at < 0 ? extra : null }).toEqual({ unexplained: null });
          recordedUnacknowledged.set(extra._id, `player ${p}`);
          lost.splice(at, 1);
        }
        // Cash and positions follow from the starting portfolio and exactly the recorded trades.
        const expected = replay(initial[p] as Portfolio, [...state.trades].reverse());
        expect({
          cash: cents(state.portfolio?.cash ?? Number.NaN),
          positions: holdings(state.portfolio as Portfolio),
        }).toEqual(expected);
      }

      // Retrying every order whose answer was lost, with its Idempotency-Key: one executed before the stop answers
      // with its original trade, one that never ran executes now, none executes twice.
      const retried = new Set<string>();
      for (const o of unknown) {
        const answer = await request(port, 'POST', '/contest/trading', {
          token: players[o.order.player],
          headers: { 'idempotency-key': o.order.key },
          body: { contestId, symbol: o.order.symbol, side: o.order.side, quantity: o.order.quantity },
        });
        expect([200, 409]).toContain(answer.status);
        if (answer.status === 200) retried.add((answer.body as { data: { trade: Trade } }).data.trade._id);
      }
      for (const id of recordedUnacknowledged.keys())
        expect({ recordedBeforeRestart: id, returnedOnRetry: retried.has(id) }).toEqual({
          recordedBeforeRestart: id,
          returnedOnRetry: true,
        });
      let total = 0;
      for (let p = 0; p < PLAYERS; p++) {
        const state = await stateOf(p);
        for (const t of state.trades) expect(ackedIds.has(t._id) || retried.has(t._id)).toBe(true);
        total += state.trades.length;
        const expected = replay(initial[p] as Portfolio, [...state.trades].reverse());
        expect({
          cash: cents(state.portfolio?.cash ?? Number.NaN),
          positions: holdings(state.portfolio as Portfolio),
        }).toEqual(expected);
      }
      expect(total).toBe(new Set([...ackedIds, ...retried]).size);

      // The contest still runs: live, and its standings move on with the restarted clock.
      const board = async () =>
        (await expectOk(request(port, 'GET', `/contest/active/${contestId}`, { token: owner }), 'board')) as {
          contest: { status: string };
          asOf: string;
          standings: unknown[];
        };
      const first = await board();
      expect(first.contest.status).toBe('active');
      expect(first.standings).toHaveLength(PLAYERS);
      await waitFor('the standings to move on after the restart', async () =>
        (await board()).asOf > first.asOf ? true : undefined,
      );
      await expectOk(
        request(port, 'POST', '/contest/trading', {
          token: players[0],
          body: { contestId, symbol: 'T', side: 'buy', quantity: 1 },
        }),
        'a trade after the restart',
      );
    } finally {
      if (api?.running) {
        api.child.kill('SIGKILL');
        await api.exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
      await scratch?.drop();
    }
  }

  test(
    'SIGKILL in the middle of a burst of trades: every acknowledged trade survives the restart',
    () => scenario('SIGKILL', 7),
    240_000,
  );

  test(
    'SIGTERM in the middle of a burst of trades: a graceful stop loses nothing and the contest keeps ticking',
    () => scenario('SIGTERM', 11),
    240_000,
  );
});
