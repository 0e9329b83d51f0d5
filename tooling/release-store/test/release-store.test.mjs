// The release store (src/release-store.mjs): immutable releases named by their content, builds it refuses, the
// transitions of the live pointer and their log, and the lock.
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {
  autoRollbackTransition,
  openReleaseStore,
  promoteTransition,
  ReleaseError,
  rollbackTransition,
  rolloutTransition,
} from '../src/release-store.mjs';

let dir;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'bullpen-release-store-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A remote's manifest, as far as the store reads it. */
const manifestOf = () => ({
  name: 'remote_contests',
  shared: [
    { name: '@bullpen/shared', version: '2.2.0', requiredVersion: '^2.0.0', singleton: true },
    { name: 'react', version: '19.3.1', requiredVersion: '^19.3.1', singleton: true },
  ],
  exposes: [{ name: 'HomePage' }],
});

function build(files) {
  const out = mkdtempSync(path.join(dir, 'build-'));
  for (const [name, body] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(out, name)), { recursive: true });
    writeFileSync(path.join(out, name), body);
  }
  return out;
}

describe('releases', () => {
  const meta = {
    packageVersion: '1.0.0',
    builtAt: '2030-01-01T00:00:00.000Z',
    commit: { sha: 'abc', dirty: false },
    by: 'op',
  };

  it('stores a build once, named by its package version and content, and never overwrites it', async () => {
    const store = openReleaseStore(dir);
    const first = build({ 'mf-manifest.json': JSON.stringify(manifestOf()), 'remoteEntry.1.js': 'one' });
    const stored = await store.addRelease('remote-contests', first, meta);
    expect(stored).toMatchObject({ created: true, version: expect.stringMatching(/^1\.0\.0-[0-9a-f]{12}$/) });
    expect(stored.release).toMatchObject({
      builtAt: meta.builtAt,
      commit: meta.commit,
      shared: [expect.objectContaining({ name: '@bullpen/shared', requiredVersion: '^2.0.0' }), expect.anything()],
      exposes: ['HomePage'],
      files: ['mf-manifest.json', 'remoteEntry.1.js'],
    });
    const again = await store.addRelease('remote-contests', first, { ...meta, builtAt: '2031-01-01T00:00:00.000Z' });
    expect(again).toMatchObject({ created: false, version: stored.version });
    expect(store.readRelease('remote-contests', stored.version).builtAt).toBe(meta.builtAt);
    const changed = build({ 'mf-manifest.json': JSON.stringify(manifestOf()), 'remoteEntry.1.js': 'two' });
    expect((await store.addRelease('remote-contests', changed, meta)).version).not.toBe(stored.version);
    expect(store.listReleases('remote-contests')).toHaveLength(2);
    expect(store.readLog().map((entry) => entry.action)).toEqual(['release', 'release']);
  });

  /** A folder outside the build: a file an attacker wants published, and one they want written over. */
  function outside() {
    const folder = mkdtempSync(path.join(dir, 'outside-'));
    writeFileSync(path.join(folder, 'signing-key.json'), 'PRIVATE KEY');
    writeFileSync(path.join(folder, 'victim.txt'), 'untouched');
    return folder;
  }

  /** What a promise rejects with; null when it resolves. */
  const refusal = (promise) =>
    promise.then(
      () => null,
      (error) => error,
    );

  it('refuses a build holding symbolic links, naming each, before anything is written', async () => {
    const store = openReleaseStore(path.join(dir, 'store'));
    const elsewhere = outside();
    const folder = build({ 'mf-manifest.json': JSON.stringify(manifestOf()), 'logo.png': 'png', 'static/a.js': 'a' });
    symlinkSync(path.join(elsewhere, 'signing-key.json'), path.join(folder, 'logo.png.br'));
    symlinkSync(path.join(elsewhere, 'victim.txt'), path.join(folder, 'release.json'));
    symlinkSync(elsewhere, path.join(folder, 'static', 'more'));
    const error = await refusal(store.addRelease('remote-contests', folder, meta));
    expect(error).toBeInstanceOf(ReleaseError);
    for (const name of ['logo.png.br', 'release.json', 'static/more']) expect(error.message).toContain(name);
    expect(readFileSync(path.join(elsewhere, 'victim.txt'), 'utf8')).toBe('untouched');
    expect(existsSync(store.root)).toBe(false);
  });

  it('refuses anything but regular files and folders (a socket), naming it', async () => {
    const store = openReleaseStore(path.join(dir, 'store'));
    const folder = build({ 'mf-manifest.json': JSON.stringify(manifestOf()) });
    // A listening Unix socket is a file of its own kind in the folder while it is open.
    const socket = net.createServer();
    await new Promise((resolve) => socket.listen(path.join(folder, 'sock'), resolve));
    try {
      const error = await refusal(store.addRelease('remote-contests', folder, meta));
      expect(error).toBeInstanceOf(ReleaseError);
      expect(error.message).toContain('sock (socket)');
      expect(existsSync(store.root)).toBe(false);
    } finally {
      await new Promise((resolve) => socket.close(resolve));
    }
  });

  it('refuses a build carrying a release.json of its own: the store writes that name', async () => {
    const store = openReleaseStore(path.join(dir, 'store'));
    const folder = build({ 'mf-manifest.json': JSON.stringify(manifestOf()), 'release.json': '{"version":"fake"}' });
    const error = await refusal(store.addRelease('remote-contests', folder, meta));
    expect(error).toBeInstanceOf(ReleaseError);
    expect(error.message).toContain('release.json');
    expect(existsSync(store.root)).toBe(false);
  });

  it('stores exactly what its version covers: every file, by name and content, and no empty folder', async () => {
    const store = openReleaseStore(dir);
    const files = {
      'mf-manifest.json': JSON.stringify(manifestOf()),
      'remoteEntry.1.js': 'entry',
      'static/js/page.2.js': 'page',
    };
    const folder = build(files);
    mkdirSync(path.join(folder, 'empty', 'inner'), { recursive: true });
    const { version, dir: stored, release } = await store.addRelease('remote-contests', folder, meta);
    const hash = createHash('sha256');
    for (const name of Object.keys(files).sort()) hash.update(`${name}\0${files[name].length}\0${files[name]}`);
    expect(version).toBe(`1.0.0-${hash.digest('hex').slice(0, 12)}`);
    expect(release.files).toEqual(Object.keys(files).sort());
    const entries = readdirSync(stored, { recursive: true }).map((name) => name.split(path.sep).join('/'));
    expect(entries.sort()).toEqual([...Object.keys(files), 'release.json', 'static', 'static/js'].sort());
  });

  it('refuses what is not a remote build, and names that are paths', async () => {
    const store = openReleaseStore(dir);
    await expect(store.addRelease('remote-contests', build({ 'index.html': '' }), meta)).rejects.toThrow(
      'no mf-manifest.json',
    );
    expect(() => store.releaseDir('remote-contests', '../../etc')).toThrow(ReleaseError);
    expect(() => store.releaseDir('../x', '1.0.0')).toThrow(ReleaseError);
  });
});

describe('rollout, canary, promote, rollback and the log', () => {
  const at = (n) => `2030-01-01T00:0${n}:00.000Z`;
  const empty = { remotes: {} };

  it('walks a canary to everyone and back, one log entry per change', async () => {
    const store = openReleaseStore(dir);
    await store.change((s) => rolloutTransition(s, 'remote-contests', 'v1', { by: 'op', at: at(1) }));
    await store.change((s) =>
      rolloutTransition(s, 'remote-contests', 'v2', { percent: 50, autoRollback: true, by: 'op', at: at(2) }),
    );
    expect(store.readState().remotes['remote-contests']).toMatchObject({
      live: 'v1',
      canary: { version: 'v2', percent: 50, autoRollback: true, since: at(2) },
    });
    await store.change((s) => promoteTransition(s, 'remote-contests', { by: 'op', at: at(3) }));
    expect(store.readState().remotes['remote-contests']).toMatchObject({
      live: 'v2',
      canary: null,
      previous: [null, 'v1'],
    });
    await store.change((s) => rollbackTransition(s, 'remote-contests', { by: 'op', at: at(4) }));
    await store.change((s) => rollbackTransition(s, 'remote-contests', { by: 'op', at: at(5) }));
    expect(store.readState().remotes['remote-contests']).toMatchObject({ live: null, previous: [] });
    await expect(
      store.change((s) => rollbackTransition(s, 'remote-contests', { by: 'op', at: at(6) })),
    ).rejects.toThrow('no earlier live release');
    expect(store.readLog().map(({ action, version, from }) => [action, version, from ?? null])).toEqual([
      ['rollout', 'v1', 'base'],
      ['canary', 'v2', null],
      ['promote', 'v2', 'v1'],
      ['rollback', 'v1', 'v2'],
      ['rollback', 'base', 'v1'],
    ]);
    // Append-only: every line written stays as it was.
    const lines = readFileSync(store.logPath, 'utf8').trim().split('\n');
    expect(lines).toHaveLength(5);
    expect(JSON.parse(lines[0])).toEqual({
      at: at(1),
      action: 'rollout',
      remote: 'remote-contests',
      version: 'v1',
      from: 'base',
      by: 'op',
    });
  });

  it('rollback with a canary ends the canary and keeps the live release', () => {
    const { state } = rolloutTransition(empty, 'remote-contests', 'v2', { percent: 10, by: 'op', at: at(1) });
    const { state: after, entry } = rollbackTransition(state, 'remote-contests', { by: 'op', at: at(2) });
    expect(after.remotes['remote-contests']).toMatchObject({ live: null, canary: null });
    expect(entry).toMatchObject({ action: 'rollback', canary: true, from: 'v2', version: 'base' });
  });

  it('logs a forced rollout with what it overrode', () => {
    const { entry } = rolloutTransition(empty, 'remote-contests', 'v9', {
      by: 'op',
      at: at(1),
      forced: { problems: ['the release requires @bullpen/shared ^3.0.0; the live host provides 2.2.0'] },
    });
    expect(entry.forced.problems[0]).toContain('@bullpen/shared');
  });

  it.each([0, 100.5, -3, 12.345, Number.NaN])('refuses a canary share of %p', (percent) => {
    expect(() => rolloutTransition(empty, 'remote-contests', 'v2', { percent, by: 'op', at: at(1) })).toThrow(
      ReleaseError,
    );
  });

  it.each([12.5, 0.5, 99.99, 0.01])('refuses a share that is not a whole percent: %p', (percent) => {
    expect(() => rolloutTransition(empty, 'remote-contests', 'v2', { percent, by: 'op', at: at(1) })).toThrow(
      ReleaseError,
    );
  });

  it.each([1, 10, 99])('takes a whole percent from 1 to 99: %p', (percent) => {
    const { state } = rolloutTransition(empty, 'remote-contests', 'v2', { percent, by: 'op', at: at(1) });
    expect(state.remotes['remote-contests'].canary).toMatchObject({ version: 'v2', percent });
  });

  it('a failed transition changes nothing, neither live.json nor the log', async () => {
    const store = openReleaseStore(dir);
    await expect(store.change((s) => promoteTransition(s, 'remote-contests', { by: 'op', at: at(1) }))).rejects.toThrow(
      'no canary',
    );
    expect(store.readState()).toEqual({ remotes: {} });
    expect(store.readLog()).toEqual([]);
  });

  it('the auto-rollback only ends the canary it judged', () => {
    const { state } = rolloutTransition(empty, 'remote-contests', 'v3', { percent: 10, by: 'op', at: at(1) });
    expect(
      autoRollbackTransition(state, 'remote-contests', { version: 'v2', by: 'api', at: at(2), reason: 'r' }).entry,
    ).toBeNull();
    expect(
      autoRollbackTransition(state, 'remote-contests', { version: 'v3', by: 'api', at: at(2), reason: 'r' }).entry,
    ).toMatchObject({
      action: 'auto-rollback',
      reason: 'r',
    });
  });

  it('concurrent writers are serialised by the lock: no change is lost', async () => {
    const store = openReleaseStore(dir);
    const other = openReleaseStore(dir);
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        (i % 2 ? store : other).change((s) =>
          rolloutTransition(s, `remote-r${i}`, `v${i}`, { by: `op${i}`, at: at(1) }),
        ),
      ),
    );
    expect(Object.keys(store.readState().remotes)).toHaveLength(10);
    expect(store.readLog()).toHaveLength(10);
  });

  it('takes over a lock left by a writer that died, and waits for a live one', async () => {
    const store = openReleaseStore(dir);
    writeFileSync(path.join(dir, '.lock'), 'dead');
    const old = new Date(Date.now() - 120_000);
    const { utimesSync } = await import('node:fs');
    utimesSync(path.join(dir, '.lock'), old, old);
    await store.change((s) => rolloutTransition(s, 'remote-contests', 'v1', { by: 'op', at: at(1) }));
    writeFileSync(path.join(dir, '.lock'), 'alive');
    await expect(store.withLock(async () => undefined, { timeoutMs: 200 })).rejects.toThrow('busy');
  });
});
