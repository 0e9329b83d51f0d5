#!/usr/bin/env node
// npm run bench: every benchmark in bench/, one after another; each prints one figure per line.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const tsx = createRequire(import.meta.url).resolve('tsx/cli');
const suites = readdirSync(here, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => path.join(here, entry.name, 'run.ts'))
  .filter((file) => readdirSync(path.dirname(file)).includes('run.ts'));

let failed = 0;
for (const suite of suites) {
  console.log(`\n# ${path.relative(path.dirname(here), suite)}`);
  const { status } = spawnSync(process.execPath, [tsx, suite, ...process.argv.slice(2)], { stdio: 'inherit' });
  if (status !== 0) failed += 1;
}
process.exit(failed === 0 ? 0 : 1);
