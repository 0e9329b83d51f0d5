// As a person on a phone feels the pages (DESIGN §8): slow 4G and a 4x slower CPU, each page's time until it shows
// what it is for as a multiple of the floor's, and the sequential round trips before it.
import { median } from './figures';
import type { Measuring } from './measuring';
import { sequentialRoundTrips } from './network';
import type { PageKey } from './scenarios';
import { coldAndWarm, type Diagnosis, type Scenario, type Visit } from './visit';

/** Throttled targets: the most a page may take, as a multiple of the floor's time in the same phase. */
const TARGETS: Record<PageKey, { cold: number; warm?: number; secondTab?: number }> = {
  '/home': { cold: 1.35, warm: 0.9, secondTab: 0.9 },
  '/live-contest': { cold: 1.6 },
  '/auth': { cold: 1.8 },
};

/**
 * Prints the floor's figures and every page's; returns the targets it broke. `timeline`: every request of the first
 * cold visit of each page; `diagnosis`: what to record of the first round's visits.
 */
export async function measureThrottled(
  { browser, stack, user, rounds, say, print }: Measuring,
  floor: Scenario,
  scenarios: Scenario[],
  options: { timeline: boolean; diagnosis: Diagnosis },
): Promise<string[]> {
  const { timeline, diagnosis } = options;
  const broken: string[] = [];
  // Throttled: slow 4G and a 4x slower CPU, the floor first, then each page as a ratio to it.
  say(`# throttled: slow 4G (150 ms, 1.6 Mbit/s down, 750 kbit/s up), CPU 4x slower (median of ${rounds})`);
  // One visit first, thrown away (the browser's own start-up), then the floor and the pages taken in turn in every
  // round, so a slow moment of the shared machine falls on all of them alike.
  await coldAndWarm(browser, stack, user, floor, `${stack.urls.app}${floor.path}`, true);
  const everything = [floor, ...scenarios];
  const measured = new Map<Scenario, { cold: Visit; warm: Visit; secondTab: Visit | null }[]>(
    everything.map((scenario) => [scenario, []]),
  );
  for (let run = 0; run < rounds; run += 1) {
    for (const scenario of everything) {
      const url = `${stack.urls.app}${scenario.path}`;
      measured
        .get(scenario)
        ?.push(
          await coldAndWarm(
            browser,
            stack,
            user,
            scenario,
            url,
            true,
            run === 0 && (diagnosis.profile || diagnosis.trace) ? diagnosis : undefined,
          ),
        );
    }
  }
  const figuresOf = (scenario: Scenario) => {
    const runs = measured.get(scenario) ?? [];
    if (timeline && runs[0]) printTimeline(`${scenario.key} cold`, runs[0].cold.requests);
    const tabs = runs.flatMap((run) => (run.secondTab ? [run.secondTab] : []));
    if (timeline && tabs[0]) printTimeline(`${scenario.key} second tab`, tabs[0].requests);
    return {
      cold: median(runs.map((run) => run.cold.readyMs)) ?? 0,
      warm: median(runs.map((run) => run.warm.readyMs)) ?? 0,
      secondTab: median(tabs.map((tab) => tab.readyMs)) ?? 0,
      coldTrips: median(runs.map((run) => sequentialRoundTrips(run.cold.requests, run.cold.readyMs))) ?? 0,
      warmTrips: median(runs.map((run) => sequentialRoundTrips(run.warm.requests, run.warm.readyMs))) ?? 0,
      secondTabTrips: median(tabs.map((tab) => sequentialRoundTrips(tab.requests, tab.readyMs))) ?? 0,
    };
  };
  const floorFigures = figuresOf(floor);
  const PHASES = ['cold', 'warm', 'secondTab'] as const;
  const phaseName = (phase: (typeof PHASES)[number]) => (phase === 'secondTab' ? 'second tab' : phase);
  for (const phase of PHASES) {
    print(
      `throttled floor ${phaseName(phase)}, ${floor.what} (median of ${rounds})`,
      Math.round(floorFigures[phase]),
      'ms',
    );
    print(
      `throttled floor ${phaseName(phase)}, sequential round trips before it`,
      floorFigures[`${phase}Trips`],
      'round trips',
    );
  }
  for (const scenario of scenarios) {
    const figures = figuresOf(scenario);
    const target = TARGETS[scenario.key as PageKey] ?? { cold: Number.POSITIVE_INFINITY };
    for (const phase of PHASES) {
      const ratio = figures[phase] / floorFigures[phase];
      const limit = target[phase];
      const name = phaseName(phase);
      print(
        `throttled ${scenario.key} ${name}, ${scenario.what} (median of ${rounds})`,
        Math.round(figures[phase]),
        'ms',
      );
      print(
        `throttled ${scenario.key} ${name}, ratio to the floor${limit === undefined ? '' : ` (target ≤ ${limit.toFixed(1)})`}`,
        ratio,
        'x',
        2,
      );
      print(
        `throttled ${scenario.key} ${name}, sequential round trips before it`,
        figures[`${phase}Trips`],
        'round trips',
      );
      if (limit !== undefined && ratio > limit) {
        broken.push(`throttled ${scenario.key} ${name} ${ratio.toFixed(2)}x the floor > target ${limit.toFixed(1)}x`);
      }
    }
  }

  return broken;
}

/** Every request of one visit: when it started and ended after the first, from the network or the cache. */
function printTimeline(title: string, requests: Visit['requests']) {
  const origin = requests[0]?.start ?? 0;
  const ms = (seconds: number) => String(Math.round((seconds - origin) * 1000)).padStart(5);
  for (const request of requests) {
    const end = request.end === null ? '   …' : ms(request.end);
    console.log(
      `  ${title}: ${ms(request.start)} → ${end} ms  ${request.network ? '' : '(cache) '}${request.status ?? ''} ${request.type} ${request.url}`,
    );
  }
}
