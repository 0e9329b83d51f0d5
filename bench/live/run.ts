// Live contest benchmark (bench/live): one contest with --players (10,000) players seeded straight into the database,
// watched by --streams (5,000) event streams, for --ticks (5) clock ticks. Scenarios: one API instance on PGlite, one
// on PostgreSQL, two on PostgreSQL (streams split between them, and a trade on one must show on the other's streams at
// the next tick). Per tick it prints, one figure per line: streams reached, p50/p99/max spread from the tick to each
// stream, bytes per standings event, API CPU and RSS. --check exits 1 when a target fails:
//   every stream gets every tick; p99 spread <= 1 s and events <= 16 KB with one instance.
// Run from the repository root: `npx tsx bench/live/run.ts [--streams N] [--players N] [--ticks N] [--check]`.
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
import { openDatabase, sql } from '../../api/src/db/database';
import { systemClock } from '../../api/src/lib/clock';
import { MarketService } from '../../api/src/market/market-service';
import { SimulatedPriceFeed } from '../../api/src/market/simulator';
import { UNIVERSE } from '../../api/src/market/universe';

const REPO_ROOT = path.resolve(__dirname, '..', '..');
const TSX_LOADER = pathToFileURL(path.join(REPO_ROOT, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;
const SERVER = path.join(REPO_ROOT, 'api', 'src', 'server.ts');
const PORTS = [4110, 4111];
const JWKS_PORT = 4112;
const ISSUER = 'http://localhost:9229/us-east-1_LocalPool';
const CLIENT_ID = 'bullpen-web-client';
const CONTEST_ID = 'live-bench-contest';

const flag = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  const value = index >= 0 ? Number(process.argv[index + 1]) : fallback;
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} needs a positive whole number`);
  return value;
};
const STREAMS = flag('streams', 5000);
const PLAYERS = flag('players', 10_000);
const TICKS = flag('ticks', 5);
const TICK_MS = flag('tick-ms', 3000);
const CHECK = process.argv.includes('--check');
const TARGET_P99_MS = 1000;
const TARGET_EVENT_BYTES = 16 * 1024;
/** Hard limit per scenario: the bench always ends. */
const SCENARIO_TIMEOUT_MS = 5 * 60_000;

const failures: string[] = [];
const print = (label: string, value: number | string, unit = '') => console.log(`${label}: ${typeof value === 'number' && !Number.isInteger(value) ? value.toFixed(1) : value}${unit ? ` ${unit}` : ''}`);

interface Stream {
  instance: number;
  userIndex: number;
  /** asOf → arrival (ms since epoch) and the standings event's size. */
  arrivals: Map<string, { at: number; bytes: number; line: string }>;
  request: http.ClientRequest;
  open: boolean;
}

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
    await scenario('one instance, PGlite', { url: null, instances: 1, tokens });
    const base = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
    const scratch = await scratchDatabase(base).catch(() => null);
    if (!scratch) {
      console.log(`PostgreSQL scenarios: skipped (no server at ${base})`);
    } else {
      try {
        await scenario('one instance, PostgreSQL', { url: scratch.url, instances: 1, tokens });
        await scratch.reset();
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
    const market = new MarketService(database.db, new SimulatedPriceFeed(UNIVERSE, 7), UNIVERSE, systemClock);
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
  return spawn(process.execPath, ['--import', TSX_LOADER, SERVER], {
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
    stdio: ['ignore', 'inherit', 'inherit'],
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

function openStream(port: number, instance: number, userIndex: number, authorization: string): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path: `/contest/active/${CONTEST_ID}/events`, headers: { authorization }, agent: false });
    const stream: Stream = { instance, userIndex, arrivals: new Map(), request, open: true };
    request.setTimeout(60_000, () => request.destroy(new Error('stream timeout')));
    request.on('error', (error) => (stream.open ? reject(error) : undefined));
    request.on('response', (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        reject(new Error(`stream answered ${response.statusCode}`));
        return;
      }
      response.setEncoding('utf8');
      let text = '';
      response.on('data', (chunk: string) => {
        text += chunk;
        for (let start = text.indexOf('event: standings\n'); start >= 0; start = text.indexOf('event: standings\n')) {
          const end = text.indexOf('\n\n', start);
          if (end < 0) break;
          const line = text.slice(start + 'event: standings\ndata: '.length, end);
          text = text.slice(end + 2);
          const asOf = /"asOf":"([^"]+)"}$/.exec(line)?.[1];
          if (asOf) stream.arrivals.set(asOf, { at: Date.now(), bytes: Buffer.byteLength(line), line });
        }
        // Prices and heartbeats are not measured: drop what is not a standings event.
        const next = text.indexOf('event: standings\n');
        text = next >= 0 ? text.slice(next) : text.slice(-64);
      });
      response.on('close', () => {
        stream.open = false;
      });
      resolve(stream);
    });
  });
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

async function scenario(name: string, o: { url: string | null; instances: number; tokens: string[] }) {
  console.log(`\n## ${name}`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bullpen-live-'));
  const apis: ChildProcess[] = [];
  const streams: Stream[] = [];
  const deadline = setTimeout(() => {
    console.error(`${name}: over ${SCENARIO_TIMEOUT_MS / 1000} s, stopping`);
    for (const api of apis) api.kill('SIGKILL');
    process.exit(2);
  }, SCENARIO_TIMEOUT_MS);
  try {
    const seedStart = Date.now();
    await seed(o.url, dataDir);
    print(`${name}: seed ${PLAYERS} players`, Date.now() - seedStart, 'ms');
    for (let i = 0; i < o.instances; i++) apis.push(startApi(PORTS[i] as number, o.url, dataDir));
    for (const [i, api] of apis.entries()) {
      await waitFor(`instance ${i + 1}`, async () => {
        if (api.exitCode !== null) throw new Error(`instance ${i + 1} exited with ${api.exitCode}`);
        const response = await fetch(`http://127.0.0.1:${PORTS[i]}/contest/active/${CONTEST_ID}`, { headers: { authorization: o.tokens[0] as string } });
        return response.ok;
      });
    }

    const connectStart = Date.now();
    const batch = 100;
    for (let i = 0; i < STREAMS; i += batch) {
      const opened = await Promise.all(
        Array.from({ length: Math.min(batch, STREAMS - i) }, (_, k) => {
          const index = i + k;
          const instance = index % o.instances;
          const userIndex = index % o.tokens.length;
          return openStream(PORTS[instance] as number, instance, userIndex, o.tokens[userIndex] as string);
        }),
      );
      streams.push(...opened);
    }
    print(`${name}: open ${STREAMS} streams`, Date.now() - connectStart, 'ms');

    // Ticks after every stream is open; the first one that all could have seen marks the start.
    const startedAt = new Date().toISOString();
    const seenTicks = () => {
      const all = new Set<string>();
      for (const stream of streams) for (const asOf of stream.arrivals.keys()) if (asOf > startedAt) all.add(asOf);
      return [...all].sort();
    };
    let trade: { instance: number; userIndex: number; at: string } | null = null;
    const tickWait = (TICKS + 3) * (TICK_MS + 5000);
    await waitFor('a first tick to every stream', async () => seenTicks().length >= 1, tickWait);
    const first = seenTicks()[0] as string;
    const before = apis.map((api) => usage(api.pid as number));
    const cpuStart = Date.now();

    if (o.instances === 2) {
      // A trade on instance 1 by a player whose stream is on instance 2.
      const trader = streams.find((s) => s.instance === 1) as Stream;
      const response = await fetch(`http://127.0.0.1:${PORTS[0]}/contest/trading`, {
        method: 'POST',
        headers: { authorization: o.tokens[trader.userIndex] as string, 'content-type': 'application/json' },
        body: JSON.stringify({ contestId: CONTEST_ID, symbol: UNIVERSE[trader.userIndex % 40]?.symbol, side: 'sell', quantity: 1 }),
      });
      if (!response.ok) throw new Error(`trade failed: ${response.status} ${await response.text()}`);
      trade = { instance: 0, userIndex: trader.userIndex, at: new Date().toISOString() };
    }
    await waitFor(`${TICKS} ticks`, async () => seenTicks().filter((asOf) => asOf > first).length >= TICKS, tickWait);
    const after = apis.map((api) => usage(api.pid as number));
    const wallS = (Date.now() - cpuStart) / 1000;
    // Let the last tick finish arriving everywhere.
    await new Promise((resolve) => setTimeout(resolve, Math.min(TICK_MS, 2000)));

    const ticks = seenTicks().filter((asOf) => asOf > first).slice(0, TICKS);
    let allReached = true;
    let worstP99 = 0;
    let largest = 0;
    for (const [n, asOf] of ticks.entries()) {
      const tickAt = Date.parse(asOf);
      const spreads: number[] = [];
      let bytes = 0;
      for (const stream of streams) {
        const arrival = stream.arrivals.get(asOf);
        if (!arrival) continue;
        spreads.push(arrival.at - tickAt);
        bytes = Math.max(bytes, arrival.bytes);
      }
      spreads.sort((a, b) => a - b);
      const label = `${name}: tick ${n + 1}`;
      print(`${label} streams reached`, `${spreads.length}/${streams.length}`);
      print(`${label} spread p50`, percentile(spreads, 50), 'ms');
      print(`${label} spread p99`, percentile(spreads, 99), 'ms');
      print(`${label} spread max`, spreads.at(-1) ?? Number.NaN, 'ms');
      print(`${label} bytes per standings event (largest)`, bytes, 'B');
      if (spreads.length < streams.length) allReached = false;
      worstP99 = Math.max(worstP99, percentile(spreads, 99));
      largest = Math.max(largest, bytes);
    }
    for (const [i, api] of apis.entries()) {
      const cpu = ((after[i]?.cpuS ?? 0) - (before[i]?.cpuS ?? 0)) / wallS;
      print(`${name}: instance ${i + 1} API CPU`, cpu * 100, '% of one core');
      print(`${name}: instance ${i + 1} API RSS`, usage(api.pid as number).rss / 1_048_576, 'MiB');
    }
    if (!allReached) failures.push(`${name}: some stream missed a tick`);
    if (o.instances === 1 && worstP99 > TARGET_P99_MS) failures.push(`${name}: p99 spread ${worstP99} ms > ${TARGET_P99_MS} ms`);
    if (o.instances === 1 && largest > TARGET_EVENT_BYTES) failures.push(`${name}: standings event ${largest} B > ${TARGET_EVENT_BYTES} B`);

    if (trade) {
      // The trader's stream is on instance 2: the first tick after the trade must carry the trader's value as instance
      // 1 reports it (their portfolio valued at that tick's prices).
      const tradeTrade = trade;
      const stream = streams.find((s) => s.instance === 1 && s.userIndex === tradeTrade.userIndex) as Stream;
      const next = [...stream.arrivals.keys()].filter((asOf) => asOf > tradeTrade.at).sort()[0];
      const board = await fetch(`http://127.0.0.1:${PORTS[0]}/contest/${CONTEST_ID}/standings?around=me&limit=1`, {
        headers: { authorization: o.tokens[tradeTrade.userIndex] as string },
      }).then((r) => r.json() as Promise<{ standings: { userId: string; value: number }[]; asOf: string }>);
      const seen = next && board.asOf >= next ? stream.arrivals.get(board.asOf) : undefined;
      const row = seen ? (JSON.parse(seen.line) as { standings: { userId: string; value: number }[] }).standings.find((s) => s.userId === `live-user-${tradeTrade.userIndex}`) : undefined;
      const ok = next !== undefined && row !== undefined && row.value === board.standings[0]?.value;
      print(`${name}: trade on instance 1 seen by its player's stream on instance 2 by the next tick`, ok ? 'yes' : 'no');
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
