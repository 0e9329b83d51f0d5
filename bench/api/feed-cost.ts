// What the Massive feed costs the API's process with a universe as large as the provider's: reading the universe and
// the first snapshot of every symbol at start, then a minute bar for every symbol in one burst on the stocks socket (the
// open, or any minute of a busy session), each through the official SDK. The stand-in runs in a process of its own, so
// the CPU time counted here is the feed's alone.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { systemClock } from '../../api/src/lib/clock';
import { systemScheduler } from '../../api/src/lib/scheduler';
import { MassiveFeed } from '../../api/src/market/massive/massive-feed';

/** The universe of the benchmark: about the count of US common stocks and ETFs Massive lists as active. */
export const FEED_SYMBOLS = 8_000;
const BURSTS = 3;
const KEY = 'bench-key';
const STAND_IN = path.resolve(__dirname, '..', '..', 'tooling', 'massive-stand-in', 'src', 'cli.mjs');
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

export interface FeedCost {
  /** Symbols the feed took from the universe (the stand-in also lists a few it must skip). */
  symbols: number;
  /** Start to every symbol priced: universe, snapshot and socket. */
  startMs: number;
  startCpuMs: number;
  /** Median of BURSTS: a bar for every symbol, from the push to the last one taken. */
  burstMs: number;
  burstCpuMs: number;
  /** The burst's CPU time over the minute it stands for: the share of one core the feed needs at one bar a minute. */
  coreShare: number;
}

const cpuMs = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};

export async function feedCost(): Promise<FeedCost> {
  const standIn = spawn(
    process.execPath,
    [STAND_IN, '--port', '0', '--bar-ms', '0', '--market', 'open', '--symbols', String(FEED_SYMBOLS)],
    { env: { ...process.env, MASSIVE_API_KEY: KEY }, stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const feed = new MassiveFeed({ apiKey: KEY, ...(await urlsOf(standIn)), ...settings });
  try {
    // Taken the way the market worker's tick takes them, every 20 ms instead of every tick so that the wait ends
    // with the last price.
    const takeAll = async (count: () => number) => {
      const seen = new Set<string>();
      while (seen.size === 0 || seen.size < count()) {
        for (const update of await feed.updates()) seen.add(update.symbol);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return seen.size;
    };
    const startedAt = performance.now();
    const startCpu = process.cpuUsage();
    await feed.start();
    await waitFor(() => feed.status().connected && feed.universe.length > 0);
    const symbols = await takeAll(() => feed.universe.length);
    const startMs = performance.now() - startedAt;
    const startCpuMs = cpuMs(startCpu);

    const bursts: { ms: number; cpu: number }[] = [];
    for (let i = 0; i < BURSTS; i++) {
      const at = performance.now();
      const cpu = process.cpuUsage();
      standIn.stdin?.write('burst\n');
      await takeAll(() => symbols);
      bursts.push({ ms: performance.now() - at, cpu: cpuMs(cpu) });
    }
    bursts.sort((a, b) => a.cpu - b.cpu);
    const median = bursts[Math.floor(BURSTS / 2)] as { ms: number; cpu: number };
    return {
      symbols,
      startMs,
      startCpuMs,
      burstMs: median.ms,
      burstCpuMs: median.cpu,
      coreShare: median.cpu / 60_000,
    };
  } finally {
    await feed.stop();
    standIn.kill('SIGTERM');
    if (standIn.exitCode === null) await once(standIn, 'exit');
  }
}

const settings = {
  delayMinutes: 15,
  statusPollMs: 60_000,
  clock: systemClock,
  scheduler: systemScheduler,
  log: quiet,
};

/** The REST and socket URLs the stand-in prints once it listens. */
async function urlsOf(standIn: ChildProcess): Promise<{ restUrl: string; wsUrl: string }> {
  let output = '';
  for (;;) {
    const found = /MASSIVE_REST_URL=(\S+) MASSIVE_WS_URL=(\S+)/.exec(output);
    if (found) {
      // What it prints later (each command's "ok") is read and dropped, so its pipe never fills.
      standIn.stdout?.resume();
      return { restUrl: found[1] as string, wsUrl: found[2] as string };
    }
    if (standIn.exitCode !== null) throw new Error(`the Massive stand-in exited with ${standIn.exitCode}`);
    const [chunk] = (await once(standIn.stdout as NodeJS.ReadableStream, 'data')) as [Buffer];
    output += chunk.toString();
  }
}

async function waitFor(check: () => boolean, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('the feed did not connect to the stand-in');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
