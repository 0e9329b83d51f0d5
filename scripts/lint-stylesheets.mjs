// `npm run lint` (and `node scripts/lint-stylesheets.mjs`): fails on a rule that can reach another component's markup
// (the rules are at the top of scripts/lib/stylesheet-scope.mjs).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findSheets, readSheets, scopeProblems } from './lib/stylesheet-scope.mjs';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sheets = findSheets(rootDir);
const problems = scopeProblems(readSheets(rootDir, sheets));
for (const problem of problems) console.error(problem);
if (problems.length > 0) {
  console.error(
    `\n${problems.length} unscoped rule(s) in ${sheets.length} stylesheets: see scripts/lib/stylesheet-scope.mjs`,
  );
  process.exit(1);
}
console.log(`${sheets.length} stylesheets: every rule stays in its own component.`);
