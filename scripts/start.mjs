#!/usr/bin/env node
// npm start: build the five apps for production and run all of Bullpen on this machine.
// npm run dev (--dev): the same with Rspack dev servers and hot reload. --no-build: serve the existing builds.
// Whatever ends it (Ctrl-C, SIGTERM, a refused setting, a part that stops) ends every process it started.
import { settingsFrom, startStack } from './lib/stack.mjs';

const args = new Set(process.argv.slice(2));
const dev = args.has('--dev');
const build = !dev && !args.has('--no-build') && process.env.SKIP_BUILD !== '1';

let stack = null;
let stopping = false;
// A signal during start-up (a build, the API's first migration) interrupts it: startStack stops what it started.
const startUp = new AbortController();

const shutdown = async () => {
  if (stopping) return;
  stopping = true;
  console.log('\n[start] stopping…');
  if (!stack) {
    // Start-up under way: it stops what it has started and rejects, and the catch below exits.
    startUp.abort();
    return;
  }
  await stack.stop();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);

try {
  stack = await startStack({ settings: settingsFrom(), dev, build, signal: startUp.signal });
} catch (error) {
  if (startUp.signal.aborted) process.exit(0);
  console.error(`\n[start] ${error.message}`);
  process.exit(1);
}
// A signal that came as start-up finished: it stopped nothing yet.
if (stopping) {
  await stack.stop();
  process.exit(0);
}

console.log(`
  Bullpen is running at ${stack.urls.app}
  API ${stack.urls.api} (docs at ${stack.urls.api}/docs) · user pool ${stack.urls.pool}
  Sign-up codes are printed here and listed at ${stack.urls.outbox}
  Ctrl-C stops everything.
`);

// A part that stops on its own: the stack has stopped the rest by the time `died` rejects.
stack.died.catch((error) => {
  console.error(`\n[start] ${error.message}`);
  process.exit(1);
});
