// The static servers `npm start` runs (scripts/lib/stack.mjs), one per app, each on a real port over a temporary
// dist/: every page of every app carries a Content-Security-Policy with frame-ancestors 'none'; the host's follows the
// stack's config.json; a remote's stand-alone page loads the stack's config too (not the one its build copied), and its
// policy follows it; the remotes' chunks and manifests stay fetchable cross-origin.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { contentSecurityPolicy, standaloneContentSecurityPolicy } from '../lib/content-security-policy.mjs';
import { APPS, runtimeConfig, settingsFrom, staticServerOptions } from '../lib/stack.mjs';
import { createStaticServer } from '../lib/static-server.mjs';

const INDEX = '<!doctype html><html><head><title>app</title></head><body><div id="root"></div></body></html>';
// The stack's config, on other ports than the local defaults the remotes' own config.json ships with.
const STACK = runtimeConfig(settingsFrom({ API_PORT: '4100', USER_POOL_PORT: '9300', HOST_PORT: '3100' }));
const SHIPPED = {
  apiHost: 'http://localhost:4000',
  auth: { region: 'us-east-1', userPoolId: 'p', userPoolClientId: 'c', userPoolEndpoint: 'http://localhost:9229' },
  remotes: { auth: 'http://localhost:3001/mf-manifest.json' },
};

const base = mkdtempSync(path.join(os.tmpdir(), 'stack-static-'));
const configFile = path.join(base, 'data', 'host', 'config.json');
const servers = {};

const directive = (policy, name) =>
  (policy ?? '')
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([key]) => key === name)
    ?.slice(1) ?? [];

beforeAll(async () => {
  mkdirSync(path.dirname(configFile), { recursive: true });
  writeFileSync(configFile, JSON.stringify(STACK));
  for (const app of APPS) {
    const dist = path.join(base, app.dir, 'dist');
    mkdirSync(dist, { recursive: true });
    writeFileSync(path.join(dist, 'index.html'), INDEX);
    writeFileSync(path.join(dist, 'main.0123456789ab.js'), 'console.log(1);');
    writeFileSync(path.join(dist, 'main.0123456789ab.js.map'), JSON.stringify({ version: 3, sourcesContent: ['src'] }));
    // What a build copies from public/: the local defaults' ports. remote-profile is built without one.
    if (app.key !== 'profile') writeFileSync(path.join(dist, 'config.json'), JSON.stringify(SHIPPED));
    if (app.key !== 'host') {
      writeFileSync(path.join(dist, 'remoteEntry.js'), 'var remote;');
      writeFileSync(path.join(dist, 'mf-manifest.json'), '{}');
    }
    const options = staticServerOptions(app, { dist, configFile, config: STACK });
    servers[app.key] = await createStaticServer({ ...options, port: 0, host: '127.0.0.1' });
  }
});

afterAll(async () => {
  await Promise.all(Object.values(servers).map((server) => server.close()));
  rmSync(base, { recursive: true, force: true });
});

const get = (key, target, init) => fetch(`http://127.0.0.1:${servers[key].port}${target}`, init);
const REMOTES = APPS.filter((app) => app.key !== 'host').map((app) => app.key);

describe('every page of every app carries a Content-Security-Policy that refuses framing', () => {
  it.each(APPS.map((app) => app.key))('%s: index.html', async (key) => {
    const response = await get(key, '/index.html');
    expect(response.status).toBe(200);
    const policy = response.headers.get('content-security-policy');
    expect(policy).toBeTruthy();
    expect(directive(policy, 'frame-ancestors')).toEqual(["'none'"]);
    expect(directive(policy, 'object-src')).toEqual(["'none'"]);
    expect(directive(policy, 'base-uri')).toEqual(["'self'"]);
    expect(directive(policy, 'script-src')).not.toContain("'unsafe-inline'");
    expect(policy).not.toContain('unsafe-eval');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });
});

describe('source maps', () => {
  it.each(APPS.map((app) => app.key))('%s: its builds’ maps are 404s', async (key) => {
    expect((await get(key, '/main.0123456789ab.js.map')).status).toBe(404);
    expect((await get(key, '/main.0123456789ab.js')).headers.get('sourcemap')).toBeNull();
  });

  it('are served when SERVE_SOURCE_MAPS=1, and nothing else turns them on', () => {
    expect(settingsFrom({}).sourceMaps).toBe(false);
    expect(settingsFrom({ SERVE_SOURCE_MAPS: '0' }).sourceMaps).toBe(false);
    expect(settingsFrom({ SERVE_SOURCE_MAPS: '1' }).sourceMaps).toBe(true);
    expect(() => settingsFrom({ SERVE_SOURCE_MAPS: 'yes' })).toThrow('Invalid setting SERVE_SOURCE_MAPS="yes"');
    for (const app of APPS) {
      const options = { dist: base, configFile, config: STACK };
      expect(staticServerOptions(app, options).sourceMaps).toBe(false);
      expect(staticServerOptions(app, { ...options, sourceMaps: true }).sourceMaps).toBe(true);
    }
  });
});

describe('the host', () => {
  it("sends the policy of the stack's config.json on its page and its routes", async () => {
    for (const target of ['/', '/home', '/contest-detail/1']) {
      const response = await get('host', target);
      const page = await response.text();
      expect(page).toContain('<div id="root"></div>');
      // The page carries the same config inline (a JSON data block, not a script the CSP would have to allow).
      const inline = /<script type="application\/json" id="bullpen-config">(.*?)<\/script>/.exec(page)?.[1];
      expect(JSON.parse(inline ?? 'null')).toEqual(STACK);
      expect(response.headers.get('content-security-policy')).toBe(contentSecurityPolicy(STACK));
    }
  });

  it('follows an edit of that file at once, and serves it as /config.json', async () => {
    const edited = { ...STACK, remotes: { ...STACK.remotes, contests: 'https://cdn.example.com/c/mf-manifest.json' } };
    writeFileSync(configFile, JSON.stringify(edited));
    try {
      expect(await (await get('host', '/config.json')).json()).toEqual(edited);
      const policy = (await get('host', '/home')).headers.get('content-security-policy');
      expect(directive(policy, 'script-src')).toContain('https://cdn.example.com');
    } finally {
      writeFileSync(configFile, JSON.stringify(STACK));
    }
  });
});

describe("a remote's stand-alone page", () => {
  it.each(REMOTES)(
    "%s: loads the stack's config.json, not the one its build shipped, and connects to that API and pool only",
    async (key) => {
      const loaded = await get(key, '/config.json');
      expect(loaded.status).toBe(200);
      expect(loaded.headers.get('cache-control')).toBe('no-cache');
      expect(await loaded.json()).toEqual(STACK);
      const policy = (await get(key, '/')).headers.get('content-security-policy');
      expect(policy).toBe(standaloneContentSecurityPolicy(STACK));
      expect(directive(policy, 'script-src')).toEqual(["'self'"]);
      expect(directive(policy, 'connect-src')).toEqual(["'self'", 'http://localhost:4100', 'http://localhost:9300']);
    },
  );

  it('has no SPA fallback: an unknown route is a 404', async () => {
    expect((await get('auth', '/auth')).status).toBe(404);
  });
});

describe('Module Federation still works across origins', () => {
  it.each(REMOTES)('%s: manifest, remote entry and chunks answer any origin, without page headers', async (key) => {
    for (const target of ['/mf-manifest.json', '/remoteEntry.js', '/main.0123456789ab.js']) {
      const response = await get(key, target, { headers: { Origin: 'http://localhost:3100' } });
      expect(response.status).toBe(200);
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      expect(response.headers.get('content-security-policy')).toBeNull();
    }
  });

  it('the host answers no other origin', async () => {
    const response = await get('host', '/main.0123456789ab.js', { headers: { Origin: 'http://evil.example' } });
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('malformed paths on every app', () => {
  it.each(APPS.map((app) => app.key))('%s: GET /%% and /%%E0%%A4%%A are 400s', async (key) => {
    for (const target of ['/%', '/%E0%A4%A', '/%00']) {
      const response = await get(key, target);
      expect(response.status).toBe(400);
    }
  });
});
