// The gate and the live config (release-gate.mjs, live-config.mjs, semver-range.mjs): the compatibility refusals and the
// host config a live pointer makes; and `npm run remote` (scripts/remote.mjs) refusing what it must not store. The
// store itself is tested with its package (tooling/release-store).
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { openReleaseStore } from '@bullpen/release-store';
import { ROUTED_PAGES } from '../../host/src/app/routed-pages.ts';
import { contentSecurityPolicy } from '../lib/content-security-policy.mjs';
import { liveRuntimeConfig, remoteManifestUrls } from '../lib/live-config.mjs';
import { compatibilityProblems, describeProblems } from '../lib/release-gate.mjs';
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
