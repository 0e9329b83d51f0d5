// The release store, the gate and the live config (scripts/lib/release-store.mjs, release-gate.mjs, live-config.mjs,
// semver-range.mjs): immutable releases, the transitions and their log, the lock, the compatibility refusals, and the
// host config a live pointer makes; and `npm run remote` (scripts/remote.mjs) refusing what it must not store.
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ROUTED_PAGES } from '../../host/src/app/routed-pages.ts';
import { contentSecurityPolicy } from '../lib/content-security-policy.mjs';
import { liveRuntimeConfig, remoteManifestUrls } from '../lib/live-config.mjs';
import { compatibilityProblems, describeProblems } from '../lib/release-gate.mjs';
import {
  autoRollbackTransition,
  openReleaseStore,
  promoteTransition,
  ReleaseError,
  rollbackTransition,
  rolloutTransition,
} from '../lib/release-store.mjs';
import { satisfies } from '../lib/semver-range.mjs';
import { main } from '../remote.mjs';

let dir;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'bullpen-releases-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const manifestOf = ({
  name = 'remote_contests',
  shared = '^2.0.0',
  sharedVersion = '2.2.0',
  exposes = ['HomePage'],
} = {}) => ({
  name,
  shared: [
    { name: '@bullpen/shared', version: sharedVersion, requiredVersion: shared, singleton: true },
    { name: 'react', version: '19.3.1', requiredVersion: '^19.3.1', singleton: true },
  ],
  exposes: exposes.map((page) => ({ name: page })),
});
const HOST = {
  name: 'host',
  shared: [
    { name: '@bullpen/shared', version: '2.2.0', requiredVersion: '^2.0.0' },
    { name: 'react', version: '19.3.1', requiredVersion: '^19.3.1' },
  ],
};

function build(files) {
  const out = mkdtempSync(path.join(dir, 'build-'));
  for (const [name, body] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(out, name)), { recursive: true });
    writeFileSync(path.join(out, name), body);
  }
  return out;
}

describe('semver ranges', () => {
  it.each([
    ['2.2.0', '^2.0.0', true],
    ['3.0.0', '^2.0.0', false],
    ['1.9.9', '^2.0.0', false],
    ['2.1.0', '^2.1.0', true],
    ['2.0.5', '^2.1.0', false],
    ['0.2.5', '^0.2.3', true],
    ['0.3.0', '^0.2.3', false],
    ['1.4.9', '~1.4.2', true],
    ['1.5.0', '~1.4.2', false],
    ['19.3.1', '19.3.1', true],
    ['19.3.2', '19.3.1', false],
    ['1.5.0', '>=1.2.0 <2.0.0', true],
    ['2.0.0', '>=1.2.0 <2.0.0', false],
    ['2.3.0', '1.x || ^2.0.0', true],
    ['5.0.0', '*', true],
    ['3.0.0-beta.1', '^2.0.0', false],
    ['2.0.0-beta.2', '^2.0.0-beta.1', true],
    ['not a version', '^2.0.0', false],
  ])('%s satisfies %s: %s', (version, range, expected) => {
    expect(satisfies(version, range)).toBe(expected);
  });
});

describe('the compatibility gate', () => {
  const check = (manifest, routedPages = ['HomePage']) =>
    compatibilityProblems({ manifest, federationName: 'remote_contests', hostManifest: HOST, routedPages });

  it('lets a release the host can run through', () => {
    expect(check(manifestOf({ shared: '^2.1.0', exposes: ['HomePage', 'New'] }))).toEqual([]);
  });

  it('refuses a release that needs another major of a package the host provides, naming it and why', () => {
    const problems = check(manifestOf({ shared: '^3.0.0', sharedVersion: '3.0.0' }));
    expect(problems).toEqual([
      {
        kind: 'shared',
        subject: '@bullpen/shared',
        reason: 'the release requires @bullpen/shared ^3.0.0; the live host provides 2.2.0',
      },
    ]);
    expect(describeProblems('remote-contests', '1.0.0-abc', problems)).toMatch(
      /Refused: remote-contests 1\.0\.0-abc[\s\S]*package @bullpen\/shared: the release requires @bullpen\/shared \^3\.0\.0; the live host provides 2\.2\.0[\s\S]*Nothing changed/,
    );
  });

  it('does not judge a package the host does not provide (the remote brings its own)', () => {
    const manifest = manifestOf();
    manifest.shared.push({ name: 'left-pad', version: '9.0.0', requiredVersion: '^9.0.0', singleton: true });
    expect(check(manifest)).toEqual([]);
  });

  it('refuses a release that no longer exposes a page the host routes to', () => {
    expect(check(manifestOf({ exposes: ['HomePage'] }), ['HomePage', 'ContestDetailPage'])).toEqual([
      {
        kind: 'page',
        subject: 'ContestDetailPage',
        reason: 'the host routes to ContestDetailPage, which the release does not expose',
      },
    ]);
  });

  it('refuses the build of another remote', () => {
    expect(check(manifestOf({ name: 'remote_trading' }))).toMatchObject([{ kind: 'name', subject: 'remote_trading' }]);
  });
});

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

describe('npm run remote -- release --from', () => {
  it('refuses a folder holding a link before writing anything, the compressed copies it would refresh included', async () => {
    const store = path.join(dir, 'store');
    const elsewhere = mkdtempSync(path.join(dir, 'outside-'));
    const victim = path.join(elsewhere, 'victim.txt');
    writeFileSync(victim, 'untouched');
    // Older than the script beside the link: a stale copy that `release` would refresh, through the link.
    utimesSync(victim, new Date('2020-01-01'), new Date('2020-01-01'));
    const folder = build({
      'mf-manifest.json': JSON.stringify(manifestOf()),
      'main.js': `console.log(${JSON.stringify('page '.repeat(200))});`,
    });
    symlinkSync(victim, path.join(folder, 'main.js.br'));
    const errors = [];
    const code = await main(['release', 'remote-contests', '--from', folder, '--store', store], {
      env: { REMOTE_OPERATOR: 'op' },
      print: () => undefined,
      printError: (line) => errors.push(line),
    });
    expect(code).toBe(1);
    expect(errors.join('\n')).toContain('main.js.br');
    expect(readFileSync(victim, 'utf8')).toBe('untouched');
    expect(existsSync(path.join(folder, 'main.js.gz'))).toBe(false);
    expect(existsSync(store)).toBe(false);
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

describe('npm run remote -- rollout --canary', () => {
  let host;
  let store;
  let version;
  beforeEach(async () => {
    // A live host the gate reads, and a release it lets through: every page the host routes to on remote-contests.
    host = http.createServer((_, response) => response.end(JSON.stringify(HOST)));
    await new Promise((resolve) => host.listen(0, '127.0.0.1', resolve));
    const exposes = ROUTED_PAGES.filter((ref) => ref.remote === 'contests').map((ref) => ref.page);
    store = openReleaseStore(path.join(dir, 'store'));
    ({ version } = await store.addRelease(
      'remote-contests',
      build({ 'mf-manifest.json': JSON.stringify(manifestOf({ exposes })) }),
      {
        packageVersion: '1.0.0',
        builtAt: '2030-01-01T00:00:00.000Z',
        commit: null,
        by: 'op',
      },
    ));
  });
  afterEach(() => new Promise((resolve) => host.close(resolve)));

  const rollout = async (...flags) => {
    const errors = [];
    const code = await main(['rollout', 'remote-contests', version, '--store', store.root, ...flags], {
      env: { HOST_URL: `http://127.0.0.1:${host.address().port}`, REMOTE_OPERATOR: 'op' },
      print: () => undefined,
      printError: (line) => errors.push(line),
    });
    return { code, errors: errors.join('\n') };
  };

  it('takes a whole percent from 1 to 99', async () => {
    expect(await rollout('--canary', '10')).toEqual({ code: 0, errors: '' });
    expect(store.readState().remotes['remote-contests']).toMatchObject({
      live: null,
      canary: { version, percent: 10 },
    });
  });

  it.each(['100', '0', '0x10', '1e1', '10.0', '12.5', '-5', '+10', ' 10', '010', 'Infinity', ''])(
    'refuses --canary %p, naming the flag and what it takes, and changes nothing',
    async (share) => {
      // One argument, so parseArgs takes '-5' as the value too.
      const { code, errors } = await rollout(`--canary=${share}`);
      expect(code).toBe(2);
      expect(errors).toContain('--canary takes a whole percentage from 1 to 99');
      expect(store.readState()).toEqual({ remotes: {} });
      expect(store.readLog().map((entry) => entry.action)).toEqual(['release']);
    },
  );
});

describe('the host config a live pointer makes', () => {
  const apps = [
    { key: 'contests', dir: 'remote-contests' },
    { key: 'trading', dir: 'remote-trading' },
  ];
  const config = {
    apiHost: 'http://localhost:4000',
    auth: { region: 'us-east-1', userPoolEndpoint: 'http://localhost:9229' },
    remotes: { contests: 'http://localhost:3002/mf-manifest.json', trading: 'http://localhost:3003/mf-manifest.json' },
  };
  const state = {
    remotes: {
      'remote-contests': { live: 'v1', canary: { version: 'v2', percent: 50 } },
      'remote-trading': { live: null, canary: null },
    },
  };

  it('points each remote at its live release and carries the canary and its share', () => {
    const live = liveRuntimeConfig(config, state, { apps, releaseBase: () => 'https://cdn.example/releases/' });
    expect(live.remotes).toEqual({
      contests: 'https://cdn.example/releases/remote-contests/v1/mf-manifest.json',
      trading: 'http://localhost:3003/mf-manifest.json',
    });
    expect(live.releases).toEqual({
      contests: {
        live: 'v1',
        canary: {
          version: 'v2',
          manifest: 'https://cdn.example/releases/remote-contests/v2/mf-manifest.json',
          percent: 50,
        },
      },
      trading: { live: 'base' },
    });
    expect(remoteManifestUrls(live)).toContain('https://cdn.example/releases/remote-contests/v2/mf-manifest.json');
    // The page may load scripts from the canary's origin too.
    expect(contentSecurityPolicy(live)).toMatch(/script-src 'self' https:\/\/cdn\.example http:\/\/localhost:3003;/);
  });

  it('leaves config.json as it is without a pointer', () => {
    expect(liveRuntimeConfig(config, { remotes: {} }, { apps, releaseBase: () => 'x' })).toEqual(config);
  });
});
