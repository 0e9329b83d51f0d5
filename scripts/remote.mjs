// `npm run remote -- <command>`: releases of one remote, and what is live (docs/operating-remotes.md).
//
//   release <remote> [--from <build folder>]      build (or take) a production build, store it as an immutable release
//   list <remote>                                 the remote's releases
//   rollout <remote> <version> [--canary <percent>] [--auto-rollback] [--force]
//   promote <remote>                              the canary live for everyone
//   rollback <remote> [--reason <text>]           end the canary, else the previous live release
//   status [--json] [--minutes <n>]               live release, canary, health, last change, per remote
//
// Settings: RELEASE_STORE (or --store; default .data/releases), HOST_URL (the live host whose build the gate checks
// against; default http://localhost:$HOST_PORT), API_URL (health for status; default http://localhost:$API_PORT),
// OPS_TOKEN (the operators' token the API reads health for; default the local stack's, under DATA_DIR), REMOTE_OPERATOR (who the log says made a change; default user@machine).
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { parseArgs } from 'node:util';
import { compatibilityProblems, describeProblems } from './lib/release-gate.mjs';
import {
  BASE_RELEASE,
  buildFiles,
  openReleaseStore,
  promoteTransition,
  ReleaseError,
  releaseStorePath,
  remoteState,
  rollbackTransition,
  rolloutTransition,
} from '@bullpen/release-store';
import { precompress } from '../tooling/rspack-config/src/precompress.ts';
import { operatorsToken } from './lib/ops-token.mjs';
import { APPS, ROOT } from './lib/stack.mjs';

const execFileAsync = promisify(execFile);
const REMOTES = APPS.filter((app) => app.key !== 'host');
const USAGE = `Usage: npm run remote -- <command>
  release <remote> [--from <build folder>]
  list <remote>
  rollout <remote> <version> [--canary <percent>] [--auto-rollback] [--force]
  promote <remote>
  rollback <remote> [--reason <text>]
  status [--json] [--minutes <n>]
Remotes: ${REMOTES.map((app) => app.dir).join(', ')}. Options everywhere: --store <release store folder>.`;

class UsageError extends Error {}

/** The remote an operator named, as 'remote-contests' or 'contests'. */
function remoteNamed(name) {
  const app = REMOTES.find((candidate) => candidate.dir === name || candidate.key === name);
  if (!app) throw new UsageError(`Unknown remote "${name ?? ''}": one of ${REMOTES.map((r) => r.dir).join(', ')}`);
  return app;
}

function operator(env) {
  if (env.REMOTE_OPERATOR) return env.REMOTE_OPERATOR;
  try {
    return `${os.userInfo().username}@${os.hostname()}`;
  } catch {
    return `unknown@${os.hostname()}`;
  }
}

const localUrl = (env, portEnv, port) => `http://localhost:${env[portEnv] || port}`;
/** The live host the gate checks against and status compares with: HOST_URL, else the local stack's. */
const hostUrlOf = (env) => (env.HOST_URL || localUrl(env, 'HOST_PORT', 3000)).replace(/\/+$/, '');

async function gitCommit(app) {
  try {
    const { stdout: sha } = await execFileAsync('git', ['rev-parse', 'HEAD'], { cwd: ROOT });
    // Everything a remote's build reads besides its own folder: the shared code, the contract and the build config.
    const inputs = [app.dir, 'shared', 'contract', 'tooling'];
    const { stdout: changes } = await execFileAsync('git', ['status', '--porcelain', '--', ...inputs], { cwd: ROOT });
    return { sha: sha.trim(), dirty: changes.trim() !== '' };
  } catch {
    return null;
  }
}

/** A production build of one remote into a folder of its own (BULLPEN_DIST_DIR), as `npm start` builds it. */
async function buildRemote(app, out, env) {
  const rspack = path.join(ROOT, 'node_modules', '@rspack', 'cli', 'bin', 'rspack.js');
  try {
    await execFileAsync(process.execPath, [rspack, 'build', '--config', 'rspack.config.ts'], {
      cwd: path.join(ROOT, app.dir),
      env: { ...env, NODE_ENV: 'production', BULLPEN_DIST_DIR: out },
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch (error) {
    throw new ReleaseError(`Building ${app.dir} failed:\n${error.stdout ?? ''}${error.stderr ?? error.message}`);
  }
}

async function release(store, app, options, env, print) {
  const packageVersion = JSON.parse(readFileSync(path.join(ROOT, app.dir, 'package.json'), 'utf8')).version;
  let buildDir = options.from ? path.resolve(options.from) : null;
  let temporary = null;
  // The static servers send the brotli and gzip copies a build wrote beside each file: a folder whose files were changed
  // after its build (a patched chunk) gets fresh copies of those files first, or browsers would be sent the old ones.
  // A folder holding a link or anything but files and folders is refused before that: a copy refreshed through a link
  // would be written outside the folder.
  if (buildDir) {
    buildFiles(buildDir);
    await precompress(buildDir);
  }
  if (!buildDir) {
    temporary = mkdtempSync(path.join(os.tmpdir(), `bullpen-${app.dir}-`));
    buildDir = temporary;
    print(`Building ${app.dir} for production…`);
    await buildRemote(app, buildDir, env);
  }
  try {
    const result = await store.addRelease(app.dir, buildDir, {
      packageVersion,
      builtAt: new Date().toISOString(),
      commit: await gitCommit(app),
      by: operator(env),
    });
    const { release: stored } = result;
    print(
      result.created
        ? `Released ${app.dir} ${result.version}`
        : `${app.dir} ${result.version} is released already (same build): nothing written`,
    );
    print(
      `  built ${stored.builtAt}, commit ${stored.commit?.sha ?? 'unknown'}${stored.commit?.dirty ? ' (with uncommitted changes)' : ''}`,
    );
    const shared = stored.shared.find((entry) => entry.name === '@bullpen/shared');
    if (shared) print(`  requires @bullpen/shared ${shared.requiredVersion} (built with ${shared.version})`);
    print(`  in ${result.dir}`);
    print(`Files to upload to a static origin (relative to the store, ${store.root}):`);
    for (const file of [...stored.files, 'release.json']) print(`  ${app.dir}/${result.version}/${file}`);
    print(`Next: npm run remote -- rollout ${app.dir} ${result.version} --canary 10`);
    return result.version;
  } finally {
    if (temporary) rmSync(temporary, { recursive: true, force: true });
  }
}

/** What the live host provides (its build's mf-manifest.json) and the pages it routes to on `app`. */
async function liveHost(app, env) {
  const hostUrl = hostUrlOf(env);
  let hostManifest;
  try {
    const response = await fetch(`${hostUrl}/mf-manifest.json`, { signal: AbortSignal.timeout(5_000) });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    hostManifest = await response.json();
  } catch (error) {
    throw new ReleaseError(
      `Could not read the live host's build manifest at ${hostUrl}/mf-manifest.json (${error.message}): the gate cannot check the release. Set HOST_URL to the host's address.`,
    );
  }
  // Read from the host's source, where the routes are declared (tsx runs this command).
  const { ROUTED_PAGES } = await import('../host/src/app/routed-pages.ts');
  const routedPages = ROUTED_PAGES.filter((ref) => ref.remote === app.key).map((ref) => ref.page);
  return { hostManifest, routedPages };
}

/** The share `--canary` gives, as typed: a whole percentage from 1 to 99 in plain decimal digits; without the flag,
 *  100 (everyone). Number() would read '0x10' as 16 and '1e1' as 10, and 100 is no canary at all. */
function canaryPercent(typed) {
  if (typed === undefined) return 100;
  if (!/^[1-9][0-9]?$/.test(typed))
    throw new UsageError(
      `--canary takes a whole percentage from 1 to 99, in digits (e.g. --canary 10); got "${typed}". For everyone, leave --canary out.`,
    );
  return Number(typed);
}

async function rollout(store, app, version, options, env, print) {
  const percent = canaryPercent(options.canary);
  const stored = store.readRelease(app.dir, version);
  if (!stored) throw new ReleaseError(`${app.dir} has no release ${version} (npm run remote -- list ${app.dir})`);
  if (options['auto-rollback'] && percent === 100)
    throw new UsageError('--auto-rollback watches a canary: give --canary <percent> too');
  const manifest = JSON.parse(readFileSync(path.join(store.releaseDir(app.dir, version), 'mf-manifest.json'), 'utf8'));
  const { hostManifest, routedPages } = await liveHost(app, env);
  const problems = compatibilityProblems({
    manifest,
    // The federation name every build of this remote carries (the host's FEDERATION_NAMES).
    federationName: `remote_${app.key}`,
    hostManifest,
    routedPages,
  });
  if (problems.length > 0 && !options.force) throw new ReleaseError(describeProblems(app.dir, version, problems));
  if (problems.length > 0) print(`Going ahead despite:\n${problems.map((p) => `  - ${p.reason}`).join('\n')}`);
  const entry = await store.change((state) =>
    rolloutTransition(state, app.dir, version, {
      percent,
      autoRollback: Boolean(options['auto-rollback']),
      by: operator(env),
      at: new Date().toISOString(),
      forced: options.force ? { problems: problems.map((p) => p.reason) } : undefined,
    }),
  );
  print(
    percent === 100
      ? `${app.dir} ${version} is live for everyone (was ${entry.from}). Pages pick it up on their next load.`
      : `${app.dir} ${version} is the canary for ${percent}% of users${entry.autoRollback ? ', rolled back automatically if it fails' : ''}; the rest stay on ${entry.live}.`,
  );
}

async function promote(store, app, env, print) {
  const entry = await store.change((state) =>
    promoteTransition(state, app.dir, { by: operator(env), at: new Date().toISOString() }),
  );
  print(`${app.dir} ${entry.version} is live for everyone (was ${entry.from}).`);
}

async function rollback(store, app, options, env, print) {
  const entry = await store.change((state) =>
    rollbackTransition(state, app.dir, { by: operator(env), at: new Date().toISOString(), reason: options.reason }),
  );
  print(
    entry.canary
      ? `${app.dir}: canary ${entry.from} ended; everyone is on ${entry.version}.`
      : `${app.dir}: ${entry.version} is live again (was ${entry.from}).`,
  );
}

/** Views and errors per release over the last `minutes`, from the API: `{ rows }`, or `{ rows: null, problem }`. */
async function health(env, minutes) {
  const apiUrl = (env.API_URL || localUrl(env, 'API_PORT', 4000)).replace(/\/+$/, '');
  const token = operatorsToken(env, ROOT);
  try {
    const response = await fetch(`${apiUrl}/telemetry/remote-health?minutes=${minutes}`, {
      signal: AbortSignal.timeout(5_000),
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    if (response.status === 401 || response.status === 403)
      return { rows: null, problem: 'the API refused the operators’ token (OPS_TOKEN)' };
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const body = await response.json();
    return { rows: body.releases, windowMinutes: body.windowMinutes };
  } catch {
    return { rows: null, problem: 'the API did not answer (API_URL)' };
  }
}

/** What the running host serves (its /config.json): each remote's live release and canary; null when it does not
 *  answer. */
async function hostPointers(env) {
  const hostUrl = hostUrlOf(env);
  try {
    const response = await fetch(`${hostUrl}/config.json`, { signal: AbortSignal.timeout(5_000) });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const config = await response.json();
    return { hostUrl, releases: config.releases ?? {} };
  } catch {
    return { hostUrl, releases: null };
  }
}

/** The host's pointer for one remote in the store's terms: `live` and the canary's `version@percent`, or none. */
const pointerOf = (live, canary) => `${live}${canary ? ` + canary ${canary.version} at ${canary.percent}%` : ''}`;

const perThousand = (row) => (row.views > 0 ? ((row.loadFailures + row.errors) * 1000) / row.views : 0);

async function status(store, options, env, print) {
  const minutes = Number(options.minutes ?? 60);
  if (!Number.isInteger(minutes) || minutes < 1 || minutes > 10_080)
    throw new UsageError('--minutes takes a whole number of minutes from 1 to 10080');
  const state = store.readState();
  const log = store.readLog();
  const [{ rows, problem, windowMinutes }, host] = await Promise.all([health(env, minutes), hostPointers(env)]);
  const remotes = REMOTES.map((app) => {
    const current = remoteState(state, app.dir);
    const releasesSeen = (rows ?? [])
      .filter((row) => row.remote === app.key)
      .map((row) => ({ ...row, errorsPerThousand: Math.round(perThousand(row) * 10) / 10 }));
    const last = log.filter((entry) => entry.remote === app.dir && entry.action !== 'release').at(-1) ?? null;
    const stored = pointerOf(current.live ?? BASE_RELEASE, current.canary);
    const served = host.releases
      ? pointerOf(host.releases[app.key]?.live ?? BASE_RELEASE, host.releases[app.key]?.canary)
      : null;
    return {
      remote: app.dir,
      // What the running host serves, and whether it is what this store says: another store is another stack.
      hostServes: served,
      matchesHost: served === null ? null : served === stored,
      live: current.live ?? BASE_RELEASE,
      since: current.since,
      by: current.by,
      changedBy: last ? { action: last.action, by: last.by, at: last.at, reason: last.reason ?? null } : null,
      canary: current.canary,
      health: releasesSeen,
    };
  });
  if (options.json) {
    print(
      JSON.stringify(
        { store: store.root, minutes, healthAvailable: rows !== null, healthProblem: problem ?? null, remotes },
        null,
        2,
      ),
    );
    return;
  }
  print(`Release store: ${store.root}`);
  const drifted = remotes.filter((remote) => remote.matchesHost === false);
  if (host.releases === null) print(`Host: ${host.hostUrl} did not answer (HOST_URL): what it serves is not compared`);
  else if (drifted.length > 0) {
    print(`\nWARNING: the host at ${host.hostUrl} does not serve what this store says.`);
    for (const remote of drifted) print(`  ${remote.remote}: the host serves ${remote.hostServes}`);
    print(
      '  The stack reads another release store: run this command with its RELEASE_STORE or DATA_DIR (or --store), or set HOST_URL to the host of this store.',
    );
  }
  for (const remote of remotes) {
    print(`\n${remote.remote}`);
    print(
      `  live     ${remote.live === BASE_RELEASE ? 'its own build (config.json)' : remote.live}${remote.since ? ` since ${remote.since}` : ''}`,
    );
    if (remote.changedBy)
      print(
        `  changed  ${remote.changedBy.action} by ${remote.changedBy.by} at ${remote.changedBy.at}${remote.changedBy.reason ? `: ${remote.changedBy.reason}` : ''}`,
      );
    if (remote.canary)
      print(
        `  canary   ${remote.canary.version} to ${remote.canary.percent}% since ${remote.canary.since}${remote.canary.autoRollback ? ' (auto-rollback on)' : ''}`,
      );
    if (rows === null) print(`  health   ${problem}`);
    else if (remote.health.length === 0) print(`  health   no page views in the last ${minutes} min`);
    for (const row of remote.health)
      print(
        `  health   ${row.release}: ${row.views} views, ${row.errorsPerThousand} errors per 1,000 views (${row.loadFailures} failed loads, ${row.errors} errors; ${row.failingReporters} users or browsers met one) in the last ${minutes} min (a view: one user or browser in one ${windowMinutes}-minute window)`,
      );
  }
}

function list(store, app, print) {
  const state = remoteState(store.readState(), app.dir);
  const releases = store.listReleases(app.dir);
  if (releases.length === 0) print(`${app.dir} has no releases yet (npm run remote -- release ${app.dir})`);
  for (const item of releases) {
    const marks = [
      item.version === state.live ? 'live' : null,
      item.version === state.canary?.version ? 'canary' : null,
    ]
      .filter(Boolean)
      .join(', ');
    print(
      `${item.version}  built ${item.builtAt}  commit ${item.commit?.sha?.slice(0, 12) ?? 'unknown'}${marks ? `  (${marks})` : ''}`,
    );
  }
}

/** Runs one command; resolves with the exit code. `print` and `printError` take one line each. */
export async function main(argv, { env = process.env, print = console.log, printError = console.error } = {}) {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        store: { type: 'string' },
        from: { type: 'string' },
        canary: { type: 'string' },
        'auto-rollback': { type: 'boolean' },
        force: { type: 'boolean' },
        reason: { type: 'string' },
        json: { type: 'boolean' },
        minutes: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    printError(`${error.message}\n${USAGE}`);
    return 2;
  }
  const { values: options, positionals } = parsed;
  const [command, remoteName, version] = positionals;
  if (options.help || !command) {
    print(USAGE);
    return command || options.help ? 0 : 2;
  }
  const store = openReleaseStore(
    options.store ? path.resolve(options.store) : releaseStorePath(env, path.join(ROOT, '.data')),
  );
  try {
    switch (command) {
      case 'release':
        await release(store, remoteNamed(remoteName), options, env, print);
        return 0;
      case 'list':
        list(store, remoteNamed(remoteName), print);
        return 0;
      case 'rollout':
        if (!version) throw new UsageError('rollout needs a version: npm run remote -- rollout <remote> <version>');
        await rollout(store, remoteNamed(remoteName), version, options, env, print);
        return 0;
      case 'promote':
        await promote(store, remoteNamed(remoteName), env, print);
        return 0;
      case 'rollback':
        await rollback(store, remoteNamed(remoteName), options, env, print);
        return 0;
      case 'status':
        await status(store, options, env, print);
        return 0;
      default:
        throw new UsageError(`Unknown command "${command}"`);
    }
  } catch (error) {
    if (error instanceof UsageError) {
      printError(`${error.message}\n${USAGE}`);
      return 2;
    }
    if (error instanceof ReleaseError) {
      printError(error.message);
      return 1;
    }
    throw error;
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
