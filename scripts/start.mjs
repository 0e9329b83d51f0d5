#!/usr/bin/env node
// npm start: build the five apps for production and run all of Bullpen on this machine.
// npm run dev (--dev): the same with Rspack dev servers and hot reload. --no-build: serve the existing builds.
import { settingsFrom, startStack } from './lib/stack.mjs';

const args = new Set(process.argv.slice(2));
const dev = args.has('--dev');
const build = !dev && !args.has('--no-build') && process.env.SKIP_BUILD !== '1';

let stack;
try {
  stack = await startStack({ settings: settingsFrom(), dev, build });
} catch (error) {
  console.error(`\n[start] ${error.message}`);
  process.exit(1);
}

console.log(`
  Bullpen is running at ${stack.urls.app}
  API ${stack.urls.api} (docs at ${stack.urls.api}/docs) · user pool ${stack.urls.pool}
  Sign-up codes are printed here and listed at ${stack.urls.outbox}
  Ctrl-C stops everything.
`);

let stopping = false;
const shutdown = async (code) => {
  if (stopping) return;
  stopping = true;
  console.log('\n[start] stopping…');
  await stack.stop();
  process.exit(code);
};
process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));
stack.died.catch(async (error) => {
  console.error(`\n[start] ${error.message}`);
  await shutdown(1);
});
