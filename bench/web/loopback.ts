// Loopback, no throttling: the JavaScript each page transfers cold and warm against its budget, and its LCP.
import { median } from './figures';
import type { Measuring } from './measuring';
import type { PageKey } from './scenarios';
import { coldAndWarm, type Scenario, type Visit } from './visit';

const KIB = 1024;

/** remote-auth's exposed sign-in page: Amplify UI's Authenticator and what it brings. */
const AUTHENTICATOR_CHUNK = /__federation_expose_AuthPage\.[0-9a-f]+\.js$/;

/** Cold-visit JavaScript budgets, KiB (1 KiB = 1024 bytes) transferred. */
const BUDGETS_KIB: Record<PageKey, number> = { '/auth': 300, '/home': 220, '/live-contest': 260 };

/** Prints every page's figures; returns the budgets it broke. `list`: every script of the first cold visit too. */
export async function measureLoopback(
  { browser, stack, user, rounds, say, print }: Measuring,
  scenarios: Scenario[],
  list: boolean,
): Promise<string[]> {
  const broken: string[] = [];
  say(`# loopback, no throttling (median of ${rounds})`);
  for (const scenario of scenarios) {
    const url = `${stack.urls.app}${scenario.path}`;
    const runs: { cold: Visit; warm: Visit }[] = [];
    for (let run = 0; run < rounds; run += 1) runs.push(await coldAndWarm(browser, stack, user, scenario, url));
    const budget = BUDGETS_KIB[scenario.key as PageKey];
    for (const phase of ['cold', 'warm'] as const) {
      const visits = runs.map((run) => run[phase]);
      const js = median(visits.map((v) => v.jsBytes)) ?? 0;
      const fromNetwork = median(visits.map((v) => v.scripts.filter((s) => s.bytes > 0 && !s.fromCache).length)) ?? 0;
      const budgetNote = phase === 'cold' ? `, budget ${budget} KiB` : '';
      print(
        `JS transferred ${scenario.key} ${phase} (compressed on the wire, KiB = 1024 B${budgetNote})`,
        js / KIB,
        'KiB',
      );
      print(`JS files from the network ${scenario.key} ${phase}`, fromNetwork, 'files');
      if (phase === 'cold' && js / KIB > budget)
        broken.push(`${scenario.key} cold JS ${(js / KIB).toFixed(1)} KiB > budget ${budget} KiB`);
    }
    if (scenario.key === '/auth') {
      // Amplify UI's Authenticator, its state machine and styles travel in remote-auth's page chunk alone.
      const chunk = median(
        runs.map((run) => run.cold.scripts.find((s) => AUTHENTICATOR_CHUNK.test(s.url))?.bytes ?? null),
      );
      print(
        'JS of the Authenticator chunk /auth cold (remote-auth AuthPage)',
        chunk === null ? null : chunk / KIB,
        'KiB',
      );
    }
    for (const phase of ['cold', 'warm'] as const) {
      const lcp = median(runs.map((run) => run[phase].lcp));
      print(`LCP ${scenario.key} ${phase} (median of ${rounds})`, lcp === null ? null : Math.round(lcp), 'ms');
    }
    if (scenario.row) {
      for (const phase of ['cold', 'warm'] as const) {
        print(
          `${scenario.row.label} ${phase} (median of ${rounds})`,
          Math.round(median(runs.map((run) => run[phase].readyMs)) ?? 0),
          'ms',
        );
      }
    }
    if (list && runs[0]) {
      for (const script of [...runs[0].cold.scripts].sort((a, b) => b.bytes - a.bytes)) {
        console.log(`  ${scenario.key} cold: ${(script.bytes / KIB).toFixed(1).padStart(7)} KiB  ${script.url}`);
      }
    }
  }
  if (broken.length === 0) say('JS budgets (cold): all met');
  return broken;
}
