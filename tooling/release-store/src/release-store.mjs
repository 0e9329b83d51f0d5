// The release store (docs/operating-remotes.md): a folder shared by `npm run remote` (which writes releases and moves
// the live pointer), the stack's host server (which reads the pointer on every page request) and the API (whose
// canary watch rolls a failing canary back). Nothing in it is ever rewritten in place:
//
//   <store>/<remote>/<version>/   one immutable release: the build's files as built (regular files only: a build holding
//                                 a link is refused), plus release.json (its manifest's shared requirements and
//                                 exposes, build time, git commit). Never overwritten.
//   <store>/live.json             what is live per remote, and its canary: replaced whole (write + rename), so a reader
//                                 sees the old pointer or the new one, never half of one.
//   <store>/deployments.jsonl     the deployment log: one JSON line appended per change, never edited.
//   <store>/.lock                 held (O_EXCL) by whoever is changing the two above, so a person and the API cannot
//                                 interleave a read-modify-write.
//
// A remote whose live release is null serves its own build, the one the host's config.json names ("base").
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const STATE_FILE = 'live.json';
const LOG_FILE = 'deployments.jsonl';
const LOCK_FILE = '.lock';
const RELEASE_FILE = 'release.json';
/** The name health reports and the log give a remote's own build (live: null). */
export const BASE_RELEASE = 'base';
/** Earlier live releases kept for `rollback`, per remote. */
const HISTORY = 20;
/** A lock older than this was left by a process that died mid-change. */
const STALE_LOCK_MS = 60_000;

export class ReleaseError extends Error {}

const REMOTE = /^remote-[a-z][a-z0-9-]*$/;
const VERSION = /^[0-9A-Za-z][0-9A-Za-z.-]{0,63}$/;

function assertRemoteName(remote) {
  if (!REMOTE.test(String(remote))) throw new ReleaseError(`"${remote}" is not a remote's name (remote-…)`);
}

function assertVersion(version) {
  if (!VERSION.test(String(version)) || String(version).includes('..'))
    throw new ReleaseError(`"${version}" is not a release version`);
}

/** The folder of the release store, found the same way by every tool (the stack, the API, `npm run remote`):
 *  RELEASE_STORE, else `releases` under DATA_DIR, else under `dataDir`. */
export function releaseStorePath(env = process.env, dataDir = path.join(process.cwd(), '.data')) {
  return path.resolve(env.RELEASE_STORE || path.join(env.DATA_DIR || dataDir, 'releases'));
}

const emptyState = () => ({ remotes: {} });

/** One remote's entry of live.json, with the defaults of a remote never changed. */
export function remoteState(state, remote) {
  return { live: null, since: null, by: null, previous: [], canary: null, ...(state.remotes?.[remote] ?? {}) };
}

const withRemote = (state, remote, next) => ({ ...state, remotes: { ...state.remotes, [remote]: next } });
const label = (version) => version ?? BASE_RELEASE;

/** A canary's share: a whole percent from 1 to 99. 100 would be everyone, no canary; what `rollout --canary` takes. */
function assertPercent(percent) {
  if (!Number.isInteger(percent) || percent < 1 || percent > 99)
    throw new ReleaseError(`--canary takes a whole percentage from 1 to 99 (e.g. 10); got ${percent}`);
}

/**
 * `version` live for everyone (`percent` absent or 100), or as a canary for `percent` of users. Returns the next
 * state and the log entry; throws ReleaseError when there is nothing to do.
 */
export function rolloutTransition(state, remote, version, { percent = 100, autoRollback = false, by, at, forced }) {
  const current = remoteState(state, remote);
  const extra = forced ? { forced } : {};
  if (percent !== 100) {
    assertPercent(percent);
    if (version === current.live) throw new ReleaseError(`${remote} ${version} is live already: nothing to canary`);
    const since = current.canary?.version === version ? current.canary.since : at;
    return {
      state: withRemote(state, remote, { ...current, canary: { version, percent, autoRollback, since, by } }),
      entry: { at, action: 'canary', remote, version, percent, autoRollback, live: label(current.live), by, ...extra },
    };
  }
  if (version === current.live && !current.canary)
    throw new ReleaseError(`${remote} ${version} is live for everyone already`);
  const previous = version === current.live ? current.previous : [...current.previous, current.live].slice(-HISTORY);
  return {
    state: withRemote(state, remote, { live: version, since: at, by, previous, canary: null }),
    entry: {
      at,
      action: 'rollout',
      remote,
      version,
      from: label(current.live),
      ...(current.canary ? { endedCanary: current.canary.version } : {}),
      by,
      ...extra,
    },
  };
}

/** The canary live for everyone. */
export function promoteTransition(state, remote, { by, at }) {
  const current = remoteState(state, remote);
  if (!current.canary) throw new ReleaseError(`${remote} has no canary to promote`);
  const { version } = current.canary;
  return {
    state: withRemote(state, remote, {
      live: version,
      since: at,
      by,
      previous: [...current.previous, current.live].slice(-HISTORY),
      canary: null,
    }),
    entry: { at, action: 'promote', remote, version, from: label(current.live), by },
  };
}

/** Ends the canary if there is one (everyone on the live release); otherwise the previous live release goes live. */
export function rollbackTransition(state, remote, { by, at, reason }) {
  const current = remoteState(state, remote);
  if (current.canary) {
    return {
      state: withRemote(state, remote, { ...current, canary: null }),
      entry: {
        at,
        action: 'rollback',
        remote,
        version: label(current.live),
        from: current.canary.version,
        canary: true,
        by,
        ...(reason ? { reason } : {}),
      },
    };
  }
  if (current.previous.length === 0) throw new ReleaseError(`${remote} has no earlier live release to roll back to`);
  const to = current.previous.at(-1) ?? null;
  return {
    state: withRemote(state, remote, {
      live: to,
      since: at,
      by,
      previous: current.previous.slice(0, -1),
      canary: null,
    }),
    entry: {
      at,
      action: 'rollback',
      remote,
      version: label(to),
      from: label(current.live),
      by,
      ...(reason ? { reason } : {}),
    },
  };
}

/** The API's canary watch: ends the canary of `version`, unless a person has changed it meanwhile (then nothing). */
export function autoRollbackTransition(state, remote, { version, by, at, reason }) {
  const current = remoteState(state, remote);
  if (current.canary?.version !== version) return { state, entry: null };
  return {
    state: withRemote(state, remote, { ...current, canary: null }),
    entry: {
      at,
      action: 'auto-rollback',
      remote,
      version: label(current.live),
      from: version,
      canary: true,
      by,
      reason,
    },
  };
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Writes `file` whole or not at all: a reader sees the old content or the new. */
function writeAtomically(file, text) {
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  const handle = fs.openSync(temporary, 'w');
  try {
    fs.writeFileSync(handle, text);
    fs.fsyncSync(handle);
  } finally {
    fs.closeSync(handle);
  }
  fs.renameSync(temporary, file);
}

/** What an entry of a build is, when it is neither a regular file nor a folder. */
function kindOf(entry) {
  if (entry.isSymbolicLink()) return 'symbolic link';
  if (entry.isFIFO()) return 'FIFO';
  if (entry.isSocket()) return 'socket';
  return 'device';
}

/** The regular files under `dir` (POSIX paths relative to it) and every other entry found, as `name (kind)`. Links are
 *  never followed: a link to a folder is one entry. */
function walkBuild(dir, prefix = '', found = { files: [], refused: [] }) {
  for (const entry of fs.readdirSync(path.join(dir, prefix), { withFileTypes: true })) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) walkBuild(dir, relative, found);
    else if (entry.isFile()) found.files.push(relative);
    else found.refused.push(`${relative} (${kindOf(entry)})`);
  }
  return found;
}

/**
 * The build in `buildDir` as `release` stores it: { dir: its real path, files: its regular files, sorted }. Throws
 * ReleaseError, having written nothing, when the folder holds anything but regular files and folders, naming each. A symbolic link may lead anywhere: stored, it
 * would publish a file from outside the build (the pool's signing key as a chunk's brotli copy), and written through
 * (release.json, a refreshed compressed copy) it would overwrite one. The build's own release.json is refused too:
 * that name is the store's record of the release. `buildDir` itself may be a link to the build (the operator named it).
 */
export function buildFiles(buildDir) {
  let dir;
  try {
    dir = fs.realpathSync(buildDir);
  } catch (error) {
    if (error.code === 'ENOENT') throw new ReleaseError(`${buildDir} does not exist`);
    throw error;
  }
  if (!fs.statSync(dir).isDirectory()) throw new ReleaseError(`${buildDir} is not a folder: not a remote's build`);
  const { files, refused } = walkBuild(dir);
  if (refused.length > 0)
    throw new ReleaseError(
      `${buildDir} holds what a release cannot store (regular files and folders only); nothing was written:\n${refused
        .sort()
        .map((entry) => `  ${entry}`)
        .join('\n')}`,
    );
  if (files.includes(RELEASE_FILE))
    throw new ReleaseError(`${buildDir} has a ${RELEASE_FILE} of its own: the store writes that file; remove it`);
  if (!files.includes('mf-manifest.json'))
    throw new ReleaseError(`${buildDir} has no mf-manifest.json: not a remote's build`);
  return { dir, files: files.sort() };
}

// Opening a file of the build never follows a link (one swapped in since the build was checked is refused, ELOOP),
// nor waits on a FIFO. Windows has neither flag.
const READ_FLAGS = fs.constants.O_RDONLY | (fs.constants.O_NOFOLLOW ?? 0) | (fs.constants.O_NONBLOCK ?? 0);

/** The bytes of `file` in the build, refused unless it is still a regular file. */
function readBuildFile(dir, file) {
  let handle;
  try {
    handle = fs.openSync(path.join(dir, file), READ_FLAGS);
  } catch (error) {
    if (error.code === 'ELOOP') throw new ReleaseError(`${file} became a symbolic link while it was being stored`);
    throw error;
  }
  try {
    if (!fs.fstatSync(handle).isFile()) throw new ReleaseError(`${file} is no longer a regular file`);
    return fs.readFileSync(handle);
  } finally {
    fs.closeSync(handle);
  }
}

/**
 * Copies `files` of the build into `target`, a folder of the store's own, and returns the hash of what was written,
 * names and contents: the same build gives the same release version, and every byte stored is covered by it. Each file
 * is created ('wx': never an existing file, never through a link); folders are made only for the files they hold.
 */
function storeBuild({ dir, files }, target) {
  const hash = createHash('sha256');
  for (const file of files) {
    const body = readBuildFile(dir, file);
    hash.update(`${file}\0${body.length}\0`);
    hash.update(body);
    const copy = path.join(target, ...file.split('/'));
    fs.mkdirSync(path.dirname(copy), { recursive: true });
    fs.writeFileSync(copy, body, { flag: 'wx' });
  }
  return hash.digest('hex');
}

/** What the gate needs of a manifest, kept beside the build. */
function manifestSummary(manifest) {
  return {
    name: manifest.name,
    shared: (manifest.shared ?? []).map(({ name, version, requiredVersion, singleton }) => ({
      name,
      version,
      requiredVersion,
      singleton,
    })),
    exposes: (manifest.exposes ?? []).map((expose) => expose.name),
  };
}

export function openReleaseStore(root) {
  const store = path.resolve(root);
  const statePath = path.join(store, STATE_FILE);
  const logPath = path.join(store, LOG_FILE);
  const lockPath = path.join(store, LOCK_FILE);

  const releaseDir = (remote, version) => {
    assertRemoteName(remote);
    assertVersion(version);
    return path.join(store, remote, version);
  };

  /** live.json, or the empty state when there is none yet. */
  const readState = () => {
    let text;
    try {
      text = fs.readFileSync(statePath, 'utf8');
    } catch (error) {
      if (error.code === 'ENOENT') return emptyState();
      throw error;
    }
    const state = JSON.parse(text);
    return { ...emptyState(), ...state };
  };

  /** The deployment log, oldest first. A line cut short (a crash mid-append) is skipped. */
  const readLog = () => {
    let text;
    try {
      text = fs.readFileSync(logPath, 'utf8');
    } catch (error) {
      if (error.code === 'ENOENT') return [];
      throw error;
    }
    return text.split('\n').flatMap((line) => {
      if (!line.trim()) return [];
      try {
        return [JSON.parse(line)];
      } catch {
        return [];
      }
    });
  };

  const appendLog = (entry) => {
    fs.mkdirSync(store, { recursive: true });
    fs.appendFileSync(logPath, `${JSON.stringify(entry)}\n`);
  };

  /** Runs `work` holding the store's lock; waits up to `timeoutMs` for another holder to finish. */
  const withLock = async (work, { timeoutMs = 10_000 } = {}) => {
    fs.mkdirSync(store, { recursive: true });
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      try {
        const handle = fs.openSync(lockPath, 'wx');
        fs.writeSync(handle, `${process.pid} ${os.hostname()} ${new Date().toISOString()}\n`);
        fs.closeSync(handle);
        break;
      } catch (error) {
        if (error.code !== 'EEXIST') throw error;
        const age = (() => {
          try {
            return Date.now() - fs.statSync(lockPath).mtimeMs;
          } catch {
            return 0;
          }
        })();
        if (age > STALE_LOCK_MS) {
          // Its holder died mid-change: the state it may have written is whole (rename), so take over.
          fs.rmSync(lockPath, { force: true });
          continue;
        }
        if (Date.now() > deadline)
          throw new ReleaseError(`The release store is busy (${lockPath} is held): try again in a moment`);
        await sleep(20 + Math.random() * 40);
      }
    }
    try {
      return await work();
    } finally {
      fs.rmSync(lockPath, { force: true });
    }
  };

  /**
   * Applies `transition(state)` → { state, entry } under the lock: the new live.json, then the log line. A transition
   * that throws or returns no entry changes nothing. Resolves with the entry (or null).
   */
  const change = (transition) =>
    withLock(() => {
      const { state, entry } = transition(readState());
      if (!entry) return null;
      writeAtomically(statePath, `${JSON.stringify(state, null, 2)}\n`);
      appendLog(entry);
      return entry;
    });

  const readRelease = (remote, version) => {
    try {
      return JSON.parse(fs.readFileSync(path.join(releaseDir(remote, version), RELEASE_FILE), 'utf8'));
    } catch (error) {
      if (error.code === 'ENOENT') return null;
      throw error;
    }
  };

  /** A remote's releases, oldest build first. */
  const listReleases = (remote) => {
    assertRemoteName(remote);
    let names = [];
    try {
      names = fs.readdirSync(path.join(store, remote));
    } catch (error) {
      if (error.code !== 'ENOENT') throw error;
    }
    return names
      .filter((name) => VERSION.test(name))
      .map((name) => readRelease(remote, name))
      .filter(Boolean)
      .sort((a, b) => String(a.builtAt).localeCompare(String(b.builtAt)));
  };

  /**
   * Stores the build in `buildDir` as a release of `remote`: its version is `packageVersion` and the hash of the files
   * stored, so the same build is the same release (stored once, `created: false` the second time) and a release folder
   * is never overwritten. A build holding anything but regular files and folders is refused before anything is written
   * (buildFiles). `meta`: { packageVersion, builtAt, commit, by }.
   */
  const addRelease = async (remote, buildDir, { packageVersion, builtAt, commit, by }) => {
    assertRemoteName(remote);
    const build = buildFiles(buildDir);
    // Copied first, then named by the hash of what was copied: the version covers exactly what the folder holds.
    const incoming = path.join(store, remote, `.incoming-${process.pid}-${randomBytes(4).toString('hex')}`);
    fs.mkdirSync(path.dirname(incoming), { recursive: true });
    fs.mkdirSync(incoming);
    let version;
    let release;
    try {
      version = `${packageVersion}-${storeBuild(build, incoming).slice(0, 12)}`;
      assertVersion(version);
      const existing = readRelease(remote, version);
      if (existing) {
        fs.rmSync(incoming, { recursive: true, force: true });
        return { version, created: false, release: existing, dir: releaseDir(remote, version) };
      }
      const manifest = JSON.parse(fs.readFileSync(path.join(incoming, 'mf-manifest.json'), 'utf8'));
      release = {
        remote,
        version,
        packageVersion,
        builtAt,
        commit,
        ...manifestSummary(manifest),
        files: build.files,
      };
      fs.writeFileSync(path.join(incoming, RELEASE_FILE), `${JSON.stringify(release, null, 2)}\n`, { flag: 'wx' });
    } catch (error) {
      fs.rmSync(incoming, { recursive: true, force: true });
      throw error;
    }
    const target = releaseDir(remote, version);
    try {
      fs.renameSync(incoming, target);
    } catch (error) {
      fs.rmSync(incoming, { recursive: true, force: true });
      // Someone stored the same build at the same moment: it is the same release.
      if (error.code === 'ENOTEMPTY' || error.code === 'EEXIST')
        return { version, created: false, release: readRelease(remote, version), dir: target };
      throw error;
    }
    await withLock(() =>
      appendLog({ at: builtAt, action: 'release', remote, version, commit: commit?.sha ?? null, by }),
    );
    return { version, created: true, release, dir: target };
  };

  return {
    root: store,
    statePath,
    logPath,
    releaseDir,
    readState,
    readLog,
    readRelease,
    listReleases,
    addRelease,
    change,
    withLock,
  };
}
