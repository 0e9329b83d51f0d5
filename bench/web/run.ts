// Web benchmark (bench/web): production build time, then the built apps served by the real stack (user pool, API and
// the five static servers of scripts/lib/stack.mjs) on bench-only ports 3800-3806 with their own data under
// .data/bench-web, seeded through the real user pool and API, and measured in headless Chromium on loopback:
//   - JavaScript transferred (bytes on the wire, brotli-encoded as Chromium asks for it, from CDP Network.loadingFinished encodedDataLength;
//     script resources only — remote entries and chunks; manifests, config and API answers are JSON and not counted)
//     on a cold first visit (fresh context, empty cache) and a warm second visit (same page, navigated again);
//   - Largest Contentful Paint, cold and warm; on /home also the time until the first contest row is visible.
// Then the same pages as a person on a phone feels them (DESIGN §8): Chromium's network emulation at Lighthouse's
// "slow 4G" (150 ms per request, 1.6 Mbit/s down, 750 kbit/s up) and a 4x slower CPU, through CDP, against the floor
// measured in the same run: a bare React 19 page (bench/web/floor, react and react-dom only, built here with the
// repository's Rspack and served by the host's own static server, compressed the same way) that fetches one JSON document from the
// real API and renders the same row. For /home (first contest row), /live-contest/{id} (first leaderboard row) and
// /auth (the sign-in form), cold, warm and in a second tab of the same browser opened while the first stays in view:
// the time, its ratio to the floor's in the same phase, and the sequential round trips before it (the longest chain
// of network requests, each sent after the previous one answered, from CDP's timeline).
// Every figure is the median of --runs (default 3) runs. Prints one figure per line (`label: value unit`) and writes
// them, with the machine and the command, to bench/results/web-<time>.md and web-latest.md (bench/lib/results.ts).
//
// Run from the repository root. The build step writes every app's dist/, so in a shared checkout take the build lock:
//   flock /tmp/bullpen-build.lock npx tsx bench/web/run.ts     build, then measure
//   npx tsx bench/web/run.ts --no-build                        measure the existing dist/ folders
// `--help` lists the flags. BENCH_WEB_PORT_BASE moves the ports (default 3800: base..base+4 apps, +5 API, +6 pool);
// BENCH_WEB_DIST_ROOT=<folder with host/, remote-auth/, …> measures other builds than the apps' dist/ (use with --no-build).
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { chromiumLaunchOptions } from '../../scripts/lib/chromium.cjs';
import { ROOT } from '../../scripts/lib/stack.mjs';
import { readFlags } from '../lib/flags';
import { currentMachine, writeRun } from '../lib/results';
import { figureRecorder } from './figures';
import { buildFloor } from './floor';
import { measureLoopback } from './loopback';
import { scenarios } from './scenarios';
import { seed } from './seed';
import { buildAll, type Stack, startBenchStack } from './stack';
import { measureThrottled } from './throttled';
import { coldAndWarm } from './visit';

const flags = readFlags('Usage: npx tsx bench/web/run.ts [flags]', {
  check: { type: 'boolean', default: false, description: 'exit 1 when a budget or a target is broken' },
  'no-build': { type: 'boolean', default: false, description: 'measure the existing dist/ folders, build nothing' },
  runs: { type: 'string', default: '3', valueName: 'N', description: 'every figure is the median of N runs' },
  pages: {
    type: 'string',
    valueName: '/home,/auth',
    description: 'only these pages beside the floor (/home, /live-contest, /auth)',
  },
  list: { type: 'boolean', default: false, description: 'the scripts of each cold visit, largest first' },
  timeline: {
    type: 'boolean',
    default: false,
    description: 'every request of the first throttled cold visit of each page',
  },
  'no-loopback': {
    type: 'boolean',
    default: false,
    description: 'the throttled figures only (no JavaScript budgets then)',
  },
  profile: {
    type: 'boolean',
    default: false,
    description:
      'a CPU profile of the first throttled cold and warm visit of each page until its ready element: self time per ' +
      'script and the heaviest functions (.cpuprofile files under .data/bench-web/profiles)',
  },
  trace: {
    type: 'boolean',
    default: false,
    description:
      "a Chrome trace of the same visits: the main thread's time by task (traces under .data/bench-web/traces)",
  },
  'no-results': { type: 'boolean', default: false, description: 'write no file under bench/results/' },
});
const RUNS = Number(flags.runs);
const PORT_BASE = Number(process.env.BENCH_WEB_PORT_BASE ?? 3800);
const DATA_DIR = path.join(ROOT, '.data', 'bench-web');
const DIST_ROOT = process.env.BENCH_WEB_DIST_ROOT ? path.resolve(process.env.BENCH_WEB_DIST_ROOT) : null;

async function main() {
  const startedAt = new Date();
  const { say, print, lines: recorded } = figureRecorder();
  let exitCode = 0;
  let stack: Stack | null = null;
  let browser: Browser | null = null;
  let cleaning: Promise<void> | null = null;
  const cleanUp = () => {
    cleaning ??= (async () => {
      await browser?.close().catch(() => undefined);
      await stack?.stop().catch(() => undefined);
    })();
    return cleaning;
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      console.error(`\n[bench/web] ${signal}: stopping`);
      void cleanUp().then(() => process.exit(130));
    });
  }

  try {
    // 1. Production build of every app.
    if (!flags['no-build']) await buildAll(print);

    // 2. The stack on bench ports, serving copies of the builds.
    const started = await startBenchStack({ dataDir: DATA_DIR, distRoot: DIST_ROOT, portBase: PORT_BASE });
    stack = started.stack;
    const running = started.stack;
    running.died.catch((error: Error) => console.error(`[bench/web] ${error.message}`));

    // 3. Seed through the real pool and API.
    const { user, liveId } = await seed(running);

    // 4. The floor page, on the host's own origin and static server (brotli, same cache rules, same CSP).
    const hostDist = started.dists.host as string;
    await buildFloor(path.join(hostDist, 'floor'), running.urls.api, running.config.auth.userPoolClientId);

    // 5. Measure.
    browser = await chromium.launch({
      ...chromiumLaunchOptions(),
    });
    const { floor, pages } = scenarios(liveId, flags.pages?.split(','));

    // Every page once before anything is measured, then a wait for the static servers' brotli copies: until one is
    // made the file goes out as gzip (scripts/lib/compression.mjs), and a CDN serves brotli from its first visitor on.
    for (const scenario of [floor, ...pages])
      await coldAndWarm(browser, running, user, scenario, `${running.urls.app}${scenario.path}`);
    await running.compressed();

    const measuring = { browser, stack: running, user, rounds: RUNS, say, print };
    const broken: string[] = [];
    if (!flags['no-loopback']) broken.push(...(await measureLoopback(measuring, pages, flags.list)));
    broken.push(
      ...(await measureThrottled(measuring, floor, pages, {
        timeline: flags.timeline,
        diagnosis: { profile: flags.profile, trace: flags.trace, dir: DATA_DIR },
      })),
    );

    if (broken.length === 0) say('budgets and targets: all met');
    for (const line of broken) say(`broken: ${line}`);
    if (flags.check && broken.length > 0) exitCode = 1;
  } catch (error) {
    console.error('[bench/web]', error);
    exitCode = 1;
  } finally {
    await cleanUp();
  }
  if (!flags['no-results'] && recorded.length > 0) {
    const file = await writeRun({
      bench: 'web',
      startedAt,
      command: ['npx tsx bench/web/run.ts', ...process.argv.slice(2)].join(' '),
      machine: currentMachine(),
      lines: recorded,
      exitCode,
    });
    console.log(`figures written to ${path.relative(ROOT, file)}`);
  }
  process.exit(exitCode);
}

void main();
