// Live contest benchmark (bench/live): one contest with --players (10,000) players seeded straight into the database,
// watched by --streams (5,000) event streams, for --ticks (5) clock ticks or --minutes N. Scenarios: one API instance
// on PGlite, one on PostgreSQL, two on PostgreSQL (streams split between them, and a trade on one must show on the
// other's streams at the next tick); --only pglite|postgres|two runs one of them. Per tick it prints one line: streams
// reached, p50/p99/max spread from the tick (its asOf, taken when the tick starts, so the tick's own valuation counts)
// to each stream, the fan-out (first stream to last), bytes per standings event, and each API process's RSS and heap
// (sampled in the process by bench/live/memory-probe.ts). Then API CPU, the bench client's own CPU, and memory: first,
// last, the slope of every sample and the slope of the per-minute floors (least squares, MiB per minute). --check exits 1 when a target fails:
//   every stream gets every tick; p99 spread <= 1 s and events <= 14 KB with one instance; in a run of at least
//   MEMORY_MIN_MINUTES, the floor of the heap (what is left after each major collection) and of RSS (lowest sample of
//   each minute), after the first minute, grows by at most MEMORY_SLOPE_LIMIT MiB per minute.
// Run from the repository root: `npx tsx bench/live/run.ts [--streams N] [--players N] [--ticks N | --minutes N]
// [--only pglite|postgres|two] [--check]`. BENCH_API_CPU_PROF=<dir> writes a CPU profile of each API process.
// PostgreSQL: BENCH_DATABASE_URL, or postgres://postgres@127.0.0.1:5432/test when it answers (a scratch database is
// created and dropped); the PostgreSQL scenarios are skipped when there is none.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { type JWK, SignJWT, exportJWK, generateKeyPair } from 'jose';
import pg from 'pg';
import { type CompactStandingRow, standingOfCompactRow } from '../../contract/src/board-rows';
import type { Standing } from '../../contract/src/models';
import { openDatabase, sql } from '../../api/src/db/database';
import { systemClock } from '../../api/src/lib/clock';
import { MarketService } from '../../api/src/market/market-service';
import { ModelFeed } from '../../api/src/market/price-feed';
import { SimulatedPriceFeed } from '../../api/src/market/simulator';
import { UNIVERSE } from '../../api/src/market/universe';
import { readFlags } from '../lib/flags';

const REPO_ROOT = path.resolve(__dirname, '..', '..');
const TSX_LOADER = pathToFileURL(path.join(REPO_ROOT, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;
const SERVER = path.join(REPO_ROOT, 'api', 'src', 'server.ts');
const PORTS = [4110, 4111];
const JWKS_PORT = 4112;
const ISSUER = 'http://localhost:9229/us-east-1_LocalPool';
const CLIENT_ID = 'bullpen-web-client';
const CONTEST_ID = 'live-bench-contest';

const flags = readFlags('Usage: npx tsx bench/live/run.ts [flags]', {
  streams: { type: 'string', default: '5000', valueName: 'N', description: 'event streams watching the contest' },
  players: { type: 'string', default: '10000', valueName: 'N', description: 'players in the contest' },
  ticks: { type: 'string', default: '5', valueName: 'N', description: 'clock ticks measured per scenario' },
  minutes: {
    type: 'string',
    valueName: 'N',
    description: 'run each scenario for N minutes of ticks instead of --ticks (the memory check needs at least 5)',
  },
  'tick-ms': { type: 'string', default: '3000', valueName: 'MS', description: 'time between clock ticks' },
  only: { type: 'string', valueName: 'pglite|postgres|two', description: 'run one scenario' },
  rows: {
    type: 'string',
    default: 'compact',
    valueName: 'compact|full',
    description: "standings events as the live screens ask for them (compact rows) or API.md's rows",
  },
  check: { type: 'boolean', default: false, description: 'exit 1 when a target fails' },
});
const wholeNumber = (name: string, value: string) => {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) throw new Error(`--${name} needs a positive whole number`);
  return number;
};
const STREAMS = wholeNumber('streams', flags.streams);
const PLAYERS = wholeNumber('players', flags.players);
const TICKS = wholeNumber('ticks', flags.ticks);
const MINUTES = flags.minutes === undefined ? null : wholeNumber('minutes', flags.minutes);
const TICK_MS = wholeNumber('tick-ms', flags['tick-ms']);
const CHECK = flags.check;
const ONLY = flags.only ?? null;
if (!['compact', 'full'].includes(flags.rows)) throw new Error('--rows takes compact or full');
const EVENTS_QUERY = flags.rows === 'compact' ? '?rows=compact' : '';
if (ONLY !== null && !['pglite', 'postgres', 'two'].includes(ONLY))
  throw new Error('--only takes pglite, postgres or two');
const TARGET_P99_MS = 1000;
const TARGET_EVENT_BYTES = 14 * 1024;
/** Memory is flat when its floor (heap after major collections, lowest RSS of each minute) grows by at most this much a minute. */
const MEMORY_SLOPE_LIMIT = 1;
const MEMORY_MIN_MINUTES = 5;
/** Hard limit per scenario: the bench always ends. */
const SCENARIO_TIMEOUT_MS = 5 * 60_000 + (MINUTES ?? 0) * 60_000;
const PROBE = path.join(__dirname, 'memory-probe.ts');

const failures: string[] = [];
const print = (label: string, value: number | string, unit = '') =>
  console.log(
    `${label}: ${typeof value === 'number' && !Number.isInteger(value) ? value.toFixed(1) : value}${unit ? ` ${unit}` : ''}`,
  );

interface Stream {
  instance: number;
  userIndex: number;
  /** The last tick's asOf this stream received (a tick is counted once per stream). */
  last: string;
  /** asOf → the standings event's data, kept only for a stream that checks a trade. */
  lines: Map<string, string> | null;
  request: http.ClientRequest;
  open: boolean;
}

/** Arrivals of one tick, across streams: ms since epoch, and the largest standings event's data. */
interface TickArrivals {
  at: number[];
  bytes: number;
}
type Arrivals = Map<string, TickArrivals>;

async function main() {
  const keys = await generateKeyPair('RS256');
  const jwk: JWK = { ...(await exportJWK(keys.publicKey)), kid: 'live-bench', alg: 'RS256', use: 'sig' };
  const jwks = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => jwks.listen(JWKS_PORT, '127.0.0.1', resolve));
  const issued = Math.floor(Date.now() / 1000);
  const token = (sub: string) =>
    new SignJWT({ token_use: 'id' })
      .setProtectedHeader({ alg: 'RS256', kid: 'live-bench' })
      .setSubject(sub)
      .setIssuer(ISSUER)
      .setAudience(CLIENT_ID)
      .setIssuedAt(issued)
      .setExpirationTime(issued + 3600)
      .sign(keys.privateKey);
  const tokens: string[] = [];
  for (let i = 0; i < Math.min(STREAMS, PLAYERS); i++) tokens.push(await token(`live-user-${i}`));

  try {
    print('players', PLAYERS);
    print('streams', STREAMS);
    if (!ONLY || ONLY === 'pglite') await scenario('one instance, PGlite', { url: null, instances: 1, tokens });
    const base = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
    const scratch = ONLY === 'pglite' ? null : await scratchDatabase(base).catch(() => null);
    if (ONLY === 'pglite') {
      // PGlite only.
    } else if (!scratch) {
      console.log(`PostgreSQL scenarios: skipped (no server at ${base})`);
    } else {
      try {
        if (!ONLY || ONLY === 'postgres')
          await scenario('one instance, PostgreSQL', { url: scratch.url, instances: 1, tokens });
        if (!ONLY) await scratch.reset();
        if (!ONLY || ONLY === 'two')
          await scenario('two instances, PostgreSQL', { url: scratch.url, instances: 2, tokens });
      } finally {
        await scratch.drop();
      }
    }
  } finally {
    jwks.close();
  }
  for (const failure of failures) console.log(`target missed: ${failure}`);
  if (failures.length === 0) console.log('live targets: all met');
  if (CHECK && failures.length > 0) process.exitCode = 1;
}

async function scratchDatabase(base: string) {
  const name = `bullpen_live_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: base, connectionTimeoutMillis: 3000 });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    reset: async () => {
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin(`CREATE DATABASE ${name}`);
    },
    drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/** Users, the contest and its participants straight into the tables; the contest starts at the API's first tick. */
async function seed(url: string | null, dataDir: string) {
  const database = await openDatabase({ url, dataDir });
  try {
    const market = new MarketService(
      database.db,
      new ModelFeed(new SimulatedPriceFeed(UNIVERSE, 7)),
      UNIVERSE,
      systemClock,
    );
    await market.init();
    const db = database.db;
    const startsAt = new Date(Date.now() - 1000);
    const endsAt = new Date(startsAt.getTime() + 86_400_000);
    await db.execute(sql`
      INSERT INTO users (id, sub, phone_number, status, role, ticker, display_name, bio, created_at, updated_at)
      SELECT 'live-user-' || i, 'live-user-' || i, NULL, 'active', 'user', 'L' || i, 'Live ' || i, '', now(), now()
      FROM generate_series(0, ${PLAYERS - 1}) AS i`);
    await db.execute(sql`
      INSERT INTO contests (id, name, description, starts_at, ends_at, picks_count, starting_cash_cents, max_participants, visibility,
                            affiliations, created_by, phase, participants_count, created_at, updated_at)
      VALUES (${CONTEST_ID}, 'Live bench', '', ${startsAt}, ${endsAt}, 2, 1000000, ${PLAYERS}, 'public', '[]'::jsonb, 'live-user-0',
              'upcoming', ${PLAYERS}, now(), now())`);
    // Picks vary so that values (and ranks) differ.
    const symbols = UNIVERSE.map((entry) => entry.symbol).slice(0, 40);
    await db.execute(sql`
      INSERT INTO participants (contest_id, user_id, picks, affiliation, joined_at)
      SELECT ${CONTEST_ID}, 'live-user-' || i,
             jsonb_build_array((${JSON.stringify(symbols)}::jsonb)->>(i % 40), (${JSON.stringify(symbols)}::jsonb)->>((i * 7 + 1) % 40)),
             NULL, now() - (i || ' seconds')::interval
      FROM generate_series(0, ${PLAYERS - 1}) AS i`);
  } finally {
    await database.close();
  }
}

function startApi(port: number, url: string | null, dataDir: string): ChildProcess {
  // BENCH_API_CPU_PROF=<dir>: each API process writes a V8 CPU profile there when it exits (open it in Chrome DevTools).
  const profile = process.env.BENCH_API_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_API_CPU_PROF)}`]
    : [];
  return spawn(process.execPath, [...profile, '--import', TSX_LOADER, '--import', pathToFileURL(PROBE).href, SERVER], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      API_DATA_DIR: dataDir,
      ...(url ? { DATABASE_URL: url } : { DATABASE_URL: '' }),
      AUTH_JWKS_URL: `http://127.0.0.1:${JWKS_PORT}/jwks.json`,
      RATE_LIMIT_MAX: '10000000',
      MARKET_TICK_MS: String(TICK_MS),
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
    },
    // The IPC channel carries bench/live/memory-probe.ts's samples.
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
}

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 120_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if (await check()) return;
    } catch {
      /* not yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** CPU seconds (user + system) and RSS bytes of a process, from /proc. */
function usage(pid: number): { cpuS: number; rss: number } {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  const rssPages = Number(fields[21]);
  return { cpuS: ticks / 100, rss: rssPages * 4096 };
}

const STANDINGS = Buffer.from('event: standings\ndata: ');
const EVENT_END = Buffer.from('\n\n');
const AS_OF = Buffer.from('"asOf":"');

/**
 * One event stream. Its bytes are scanned, not decoded: 5,000 streams of 16 KB a tick are 80 MB a tick for one bench
 * process sharing the machine with the API, so the client finds each standings event's end and asOf with Buffer.indexOf
 * and notes the arrival, without turning the board into text (unless `keepLines`, for the one stream checking a trade).
 */
function openStream(
  port: number,
  instance: number,
  userIndex: number,
  authorization: string,
  arrivals: Arrivals,
  keepLines: boolean,
): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const request = http.get({
      host: '127.0.0.1',
      port,
      path: `/contest/active/${CONTEST_ID}/events${EVENTS_QUERY}`,
      headers: { authorization },
      agent: false,
    });
    const stream: Stream = { instance, userIndex, last: '', lines: keepLines ? new Map() : null, request, open: true };
    request.setTimeout(60_000, () => request.destroy(new Error('stream timeout')));
    request.on('error', (error) => (stream.open ? reject(error) : undefined));
    request.on('response', (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        reject(new Error(`stream answered ${response.statusCode}`));
        return;
      }
      /** The unscanned end of earlier chunks: a standings event begun but not ended, or a few bytes that may begin one. */
      let pending: Buffer | null = null;
      response.on('data', (chunk: Buffer) => {
        const at = Date.now();
        const buffer = pending ? Buffer.concat([pending, chunk]) : chunk;
        pending = null;
        let from = 0;
        for (;;) {
          const start = buffer.indexOf(STANDINGS, from);
          if (start < 0) {
            pending = Buffer.from(buffer.subarray(Math.max(from, buffer.length - STANDINGS.length)));
            break;
          }
          const end = buffer.indexOf(EVENT_END, start);
          if (end < 0) {
            pending = Buffer.from(buffer.subarray(start));
            break;
          }
          const asOfStart = buffer.lastIndexOf(AS_OF, end) + AS_OF.length;
          const asOf = buffer.toString('latin1', asOfStart, buffer.indexOf(0x22, asOfStart));
          const dataStart = start + STANDINGS.length;
          if (asOf > stream.last) {
            stream.last = asOf;
            let tick = arrivals.get(asOf);
            if (!tick) {
              tick = { at: [], bytes: 0 };
              arrivals.set(asOf, tick);
            }
            tick.at.push(at);
            tick.bytes = Math.max(tick.bytes, end - dataStart);
            stream.lines?.set(asOf, buffer.toString('utf8', dataStart, end));
          }
          from = end + EVENT_END.length;
        }
      });
      response.on('close', () => {
        stream.open = false;
      });
      resolve(stream);
    });
  });
}

interface MemorySample {
  at: number;
  rss: number;
  heapUsed: number;
}

interface ProcessMemory {
  /** The latest sample. */
  latest: MemorySample | null;
  /** The heap left after each major garbage collection. */
  afterMajorGc: { at: number; value: number }[];
}

/** The memory of an API process as bench/live/memory-probe.ts reports it, kept up to date. */
function memoryOf(api: ChildProcess): ProcessMemory {
  const memory: ProcessMemory = { latest: null, afterMajorGc: [] };
  api.on('message', (message: { kind?: string } & MemorySample) => {
    if (message.kind === 'bench-memory')
      memory.latest = { at: message.at, rss: message.rss, heapUsed: message.heapUsed };
    if (message.kind === 'bench-gc') memory.afterMajorGc.push({ at: message.at, value: message.heapUsed / MiB });
  });
  return memory;
}

/** Least-squares slope of `value` against time, per minute. */
function slopePerMinute(samples: { at: number; value: number }[]): number {
  if (samples.length < 2) return Number.NaN;
  const n = samples.length;
  const meanT = samples.reduce((sum, s) => sum + s.at, 0) / n;
  const meanV = samples.reduce((sum, s) => sum + s.value, 0) / n;
  let covariance = 0;
  let variance = 0;
  for (const s of samples) {
    covariance += (s.at - meanT) * (s.value - meanV);
    variance += (s.at - meanT) ** 2;
  }
  return variance === 0 ? 0 : (covariance / variance) * 60_000;
}

const MiB = 1_048_576;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

async function scenario(name: string, o: { url: string | null; instances: number; tokens: string[] }) {
  console.log(`\n## ${name}`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bullpen-live-'));
  const apis: ChildProcess[] = [];
  const streams: Stream[] = [];
  const arrivals: Arrivals = new Map();
  const memoryOfApi: ProcessMemory[] = [];
  const deadline = setTimeout(() => {
    console.error(`${name}: over ${SCENARIO_TIMEOUT_MS / 1000} s, stopping`);
    for (const api of apis) api.kill('SIGKILL');
    process.exit(2);
  }, SCENARIO_TIMEOUT_MS);
  try {
    const seedStart = Date.now();
    await seed(o.url, dataDir);
    print(`${name}: seed ${PLAYERS} players`, Date.now() - seedStart, 'ms');
    for (let i = 0; i < o.instances; i++) {
      const api = startApi(PORTS[i] as number, o.url, dataDir);
      apis.push(api);
      memoryOfApi.push(memoryOf(api));
    }
    for (const [i, api] of apis.entries()) {
      await waitFor(`instance ${i + 1}`, async () => {
        if (api.exitCode !== null) throw new Error(`instance ${i + 1} exited with ${api.exitCode}`);
        const response = await fetch(`http://127.0.0.1:${PORTS[i]}/contest/active/${CONTEST_ID}`, {
          headers: { authorization: o.tokens[0] as string },
        });
        return response.ok;
      });
    }

    // With two instances, a player whose stream is on instance 2 trades on instance 1: that stream keeps its events.
    const traderIndex = o.instances === 2 ? 1 : -1;
    const connectStart = Date.now();
    const batch = 100;
    for (let i = 0; i < STREAMS; i += batch) {
      const opened = await Promise.all(
        Array.from({ length: Math.min(batch, STREAMS - i) }, (_, k) => {
          const index = i + k;
          const instance = index % o.instances;
          const userIndex = index % o.tokens.length;
          return openStream(
            PORTS[instance] as number,
            instance,
            userIndex,
            o.tokens[userIndex] as string,
            arrivals,
            index === traderIndex,
          );
        }),
      );
      streams.push(...opened);
    }
    print(`${name}: open ${STREAMS} streams`, Date.now() - connectStart, 'ms');

    // Ticks after every stream is open; the first one that all could have seen marks the start.
    const startedAt = new Date().toISOString();
    const seenTicks = () => [...arrivals.keys()].filter((asOf) => asOf > startedAt).sort();
    const tickWait = (TICKS + 3) * (TICK_MS + 5000);
    await waitFor('a first tick to every stream', async () => seenTicks().length >= 1, tickWait);
    const first = seenTicks()[0] as string;
    const before = apis.map((api) => usage(api.pid as number));
    const clientBefore = process.cpuUsage();
    const cpuStart = Date.now();

    let trade: { userIndex: number; at: string } | null = null;
    if (o.instances === 2) {
      const trader = streams[traderIndex] as Stream;
      const response = await fetch(`http://127.0.0.1:${PORTS[0]}/contest/trading`, {
        method: 'POST',
        headers: { authorization: o.tokens[trader.userIndex] as string, 'content-type': 'application/json' },
        body: JSON.stringify({
          contestId: CONTEST_ID,
          symbol: UNIVERSE[trader.userIndex % 40]?.symbol,
          side: 'sell',
          quantity: 1,
        }),
      });
      if (!response.ok) throw new Error(`trade failed: ${response.status} ${await response.text()}`);
      trade = { userIndex: trader.userIndex, at: new Date().toISOString() };
    }

    // A tick is summed up once the next one has reached a stream (a stream that has not had it by then missed it), and
    // forgotten, so a run of any length holds a few ticks of arrivals.
    let measured = 0;
    let allReached = true;
    let worstP99 = 0;
    let largest = 0;
    const memory: { at: number; rss: number; heapUsed: number }[][] = apis.map(() => []);
    const summarise = (asOf: string) => {
      const tick = arrivals.get(asOf) as TickArrivals;
      arrivals.delete(asOf);
      measured += 1;
      const tickAt = Date.parse(asOf);
      const at = tick.at.sort((a, b) => a - b);
      const spreads = at.map((t) => t - tickAt);
      const parts = [
        `streams reached ${at.length}/${streams.length}`,
        `spread p50 ${percentile(spreads, 50)} ms`,
        `p99 ${percentile(spreads, 99)} ms`,
        `max ${spreads.at(-1) ?? Number.NaN} ms`,
        `fan-out first to last ${(at.at(-1) ?? 0) - (at[0] ?? 0)} ms`,
        `event ${tick.bytes} B`,
      ];
      for (const [i, processMemory] of memoryOfApi.entries()) {
        const sample = processMemory.latest;
        if (!sample) continue;
        memory[i]?.push({ at: Date.now(), rss: sample.rss, heapUsed: sample.heapUsed });
        parts.push(
          `instance ${i + 1} RSS ${(sample.rss / MiB).toFixed(1)} MiB heap ${(sample.heapUsed / MiB).toFixed(1)} MiB`,
        );
      }
      console.log(`${name}: tick ${measured}: ${parts.join(', ')}`);
      if (at.length < streams.length) allReached = false;
      worstP99 = Math.max(worstP99, percentile(spreads, 99));
      largest = Math.max(largest, tick.bytes);
    };
    const until = MINUTES !== null ? cpuStart + MINUTES * 60_000 : Number.POSITIVE_INFINITY;
    const done = () => (MINUTES !== null ? Date.now() >= until : measured >= TICKS);
    await waitFor(
      MINUTES !== null ? `${MINUTES} minutes of ticks` : `${TICKS} ticks`,
      async () => {
        const ticks = seenTicks().filter((asOf) => asOf > first);
        // Every tick but the newest is complete; ticks up to the first were seen before measuring began.
        for (const asOf of ticks.slice(0, -1)) if (!done()) summarise(asOf);
        for (const asOf of seenTicks()) if (asOf <= first) arrivals.delete(asOf);
        return done();
      },
      MINUTES !== null ? MINUTES * 60_000 + tickWait : tickWait,
    );
    const after = apis.map((api) => usage(api.pid as number));
    const wallS = (Date.now() - cpuStart) / 1000;
    const clientCpu = process.cpuUsage(clientBefore);

    if (measured === 0) allReached = false;
    for (const [i, api] of apis.entries()) {
      const cpu = ((after[i]?.cpuS ?? 0) - (before[i]?.cpuS ?? 0)) / wallS;
      print(`${name}: instance ${i + 1} API CPU`, cpu * 100, '% of one core');
      print(`${name}: instance ${i + 1} API RSS`, usage(api.pid as number).rss / MiB, 'MiB');
      const samples = memory[i] ?? [];
      const firstSample = samples[0];
      const lastSample = samples.at(-1);
      if (!firstSample || !lastSample) continue;
      // After the first minute (start-up, the first boards and the JIT settle). The heap is a saw-tooth between
      // collections (about 105-300 MiB here): what a leak lifts is the heap left after each major collection. RSS has
      // no such teeth: its floor is the lowest sample of each minute.
      const settled = samples.filter((s) => s.at >= cpuStart + 60_000);
      const minutes = (lastSample.at - firstSample.at) / 60_000;
      for (const key of ['rss', 'heapUsed'] as const) {
        const label = key === 'rss' ? 'RSS' : 'heap used';
        const all = slopePerMinute(samples.map((s) => ({ at: s.at, value: s[key] / MiB })));
        let floors: { at: number; value: number }[];
        let floorLabel: string;
        if (key === 'heapUsed') {
          floors = (memoryOfApi[i]?.afterMajorGc ?? []).filter((s) => s.at >= cpuStart + 60_000);
          floorLabel = 'heap after each major collection after the first minute';
        } else {
          const byMinute = new Map<number, { at: number; value: number }>();
          for (const s of settled) {
            const minute = Math.floor((s.at - cpuStart) / 60_000);
            const value = s[key] / MiB;
            if ((byMinute.get(minute)?.value ?? Number.POSITIVE_INFINITY) > value)
              byMinute.set(minute, { at: s.at, value });
          }
          floors = [...byMinute.values()];
          floorLabel = 'lowest of each minute after the first';
        }
        const floor = slopePerMinute(floors);
        // Slopes say something only over minutes (--minutes); a run of a few ticks prints first and last.
        const slopes =
          minutes >= 2 && floors.length >= 2
            ? `, slope ${all.toFixed(2)} MiB/min (every sample), floor slope ${floor.toFixed(2)} MiB/min ` +
              `(${floorLabel}: ${floors.map((f) => f.value.toFixed(0)).join(', ')} MiB)`
            : '';
        print(
          `${name}: instance ${i + 1} ${label} over ${minutes.toFixed(1)} min`,
          `first ${(firstSample[key] / MiB).toFixed(1)} MiB, last ${(lastSample[key] / MiB).toFixed(1)} MiB${slopes}`,
        );
        if (minutes >= MEMORY_MIN_MINUTES && !(floor <= MEMORY_SLOPE_LIMIT)) {
          failures.push(
            `${name}: instance ${i + 1} ${label} floor grows ${floor.toFixed(2)} MiB/min > ${MEMORY_SLOPE_LIMIT}`,
          );
        }
      }
    }
    print(`${name}: bench client CPU`, ((clientCpu.user + clientCpu.system) / 1e6 / wallS) * 100, '% of one core');
    if (!allReached) failures.push(`${name}: some stream missed a tick`);
    if (o.instances === 1 && worstP99 > TARGET_P99_MS)
      failures.push(`${name}: p99 spread ${worstP99} ms > ${TARGET_P99_MS} ms`);
    if (o.instances === 1 && largest > TARGET_EVENT_BYTES)
      failures.push(`${name}: standings event ${largest} B > ${TARGET_EVENT_BYTES} B`);

    if (trade) {
      // The trader's stream is on instance 2: the first tick after the trade must carry the trader's value as instance
      // 1 reports it (their portfolio valued at that tick's prices).
      const tradeTrade = trade;
      const stream = streams[traderIndex] as Stream;
      const lines = stream.lines as Map<string, string>;
      const next = [...lines.keys()].filter((asOf) => asOf > tradeTrade.at).sort()[0];
      const board = await fetch(`http://127.0.0.1:${PORTS[0]}/contest/${CONTEST_ID}/standings?around=me&limit=1`, {
        headers: { authorization: o.tokens[tradeTrade.userIndex] as string },
      }).then((r) => r.json() as Promise<{ standings: { userId: string; value: number }[]; asOf: string }>);
      const seen = next && board.asOf >= next ? lines.get(board.asOf) : undefined;
      const event = seen ? (JSON.parse(seen) as { standings?: Standing[]; rows?: CompactStandingRow[] }) : undefined;
      const row = (event?.standings ?? event?.rows?.map(standingOfCompactRow))?.find(
        (s) => s.userId === `live-user-${tradeTrade.userIndex}`,
      );
      const ok = next !== undefined && row !== undefined && row.value === board.standings[0]?.value;
      print(
        `${name}: trade on instance 1 seen by its player's stream on instance 2 by the next tick`,
        ok ? 'yes' : 'no',
      );
      if (!ok) failures.push(`${name}: the trade on instance 1 was not seen on instance 2`);
    }
  } finally {
    clearTimeout(deadline);
    for (const stream of streams) stream.request.destroy();
    for (const api of apis) {
      if (api.exitCode === null) {
        const exited = new Promise((resolve) => api.once('exit', resolve));
        api.kill('SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
        if (api.exitCode === null) api.kill('SIGKILL');
      }
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
