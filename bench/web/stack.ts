// The apps built for production and served by the real stack (scripts/lib/stack.mjs) on the bench's own ports.
import { cp, mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { APPS, buildApps, ROOT, startStack } from '../../scripts/lib/stack.mjs';
import type { Print } from './figures';

export type Stack = Awaited<ReturnType<typeof startStack>>;

/** Production build of every app, one after another (as npm start and the e2e set-up build), each one's time printed. */
export async function buildAll(print: Print): Promise<void> {
  const started = performance.now();
  let previous = started;
  let index = 0;
  const perApp: [string, number][] = [];
  await buildApps({
    log: () => {
      const now = performance.now();
      perApp.push([APPS[index]?.dir ?? `app ${index}`, now - previous]);
      previous = now;
      index += 1;
    },
  });
  print(`production build, all ${APPS.length} apps`, (performance.now() - started) / 1000, 's');
  for (const [dir, ms] of perApp) print(`production build ${dir}`, ms / 1000, 's');
}

/**
 * The stack on `portBase`..`portBase`+6, serving copies of the builds (a rebuild elsewhere cannot change them
 * mid-run): the apps' dist/ folders, or those under `distRoot`.
 */
export async function startBenchStack(options: {
  dataDir: string;
  distRoot: string | null;
  portBase: number;
}): Promise<{ stack: Stack; dists: Record<string, string> }> {
  const { dataDir, distRoot, portBase } = options;
  await rm(dataDir, { recursive: true, force: true });
  const dists: Record<string, string> = {};
  for (const app of APPS) {
    dists[app.key] = path.join(dataDir, 'dist', app.dir);
    await mkdir(dists[app.key] as string, { recursive: true });
    await cp(distRoot ? path.join(distRoot, app.dir) : path.join(ROOT, app.dir, 'dist'), dists[app.key] as string, {
      recursive: true,
    });
  }
  const settings = {
    ports: Object.fromEntries(APPS.map((app, index) => [app.key, portBase + index])),
    apiPort: portBase + 5,
    poolPort: portBase + 6,
    dataDir: dataDir,
    hostname: 'localhost',
    sourceMaps: false,
    // The remotes' own builds, with no release live: the bench measures the builds it made.
    releaseStore: path.join(dataDir, 'releases'),
    releaseBaseUrl: null,
  };
  const stack = await startStack({
    settings,
    build: false,
    dists,
    quiet: true,
    log: () => undefined,
    // A 2 s minimum lead lets the seed start a contest within seconds; no rate limit to trip over while measuring.
    env: { CONTEST_MIN_LEAD_S: '2', RATE_LIMIT_MAX: '1000000', LOG_LEVEL: 'warn' },
  });
  return { stack, dists };
}
