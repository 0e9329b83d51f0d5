// The production static server (scripts/lib/static-server.mjs) on a real port, over a temporary dist/ with a
// sibling `<root>-evil` and a secret one level up: malformed paths are 400s, never 500s; nothing outside the root is
// ever served; source maps only when told; cache headers, ETags, brotli and gzip, CORS and the security headers of
// every page. The fixture is precompressed as a production build is (tooling/rspack-config/src/precompress.ts).
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { precompress } from '../../tooling/rspack-config/src/precompress.ts';
import { acceptedEncodings, preferredEncoding } from '../lib/compression.mjs';
import {
  contentSecurityPolicy,
  pageSecurityHeaders,
  standaloneContentSecurityPolicy,
} from '../lib/content-security-policy.mjs';
import { cacheControl, createStaticServer, isInside, requestPath } from '../lib/static-server.mjs';

const SECRET = 'TOP-SECRET-7f3a';
const INDEX = '<!doctype html><html><head><title>dist</title></head><body><div id="root"></div></body></html>';
const CHUNK = `console.log(${JSON.stringify('chunk '.repeat(200))});`;
// A picture: no compressed copy of it is ever made (precompress.ts), so any beside it was put there by someone else.
const LOGO = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
const CONFIG = {
  apiHost: 'http://localhost:4000',
  auth: { region: 'us-east-1', userPoolId: 'p', userPoolClientId: 'c', userPoolEndpoint: 'http://localhost:9229' },
  remotes: { auth: 'http://localhost:3001/mf-manifest.json' },
};

// Made while the tests are collected: the traversal cases name these paths.
const base = mkdtempSync(path.join(os.tmpdir(), 'static-server-'));
const root = path.join(base, 'dist');

beforeAll(() => {
  const evil = `${root}-evil`;
  mkdirSync(path.join(root, 'nested'), { recursive: true });
  mkdirSync(evil);
  writeFileSync(path.join(root, 'index.html'), INDEX);
  writeFileSync(path.join(root, 'main.0123456789ab.js'), CHUNK);
  writeFileSync(path.join(root, 'remoteEntry.js'), CHUNK);
  writeFileSync(path.join(root, 'mf-manifest.json'), JSON.stringify({ name: 'remote_auth' }));
  writeFileSync(path.join(root, 'config.json'), JSON.stringify(CONFIG));
  writeFileSync(path.join(root, 'nested', 'index.html'), INDEX);
  writeFileSync(path.join(root, 'plain.js'), 'export {};');
  // A production build writes each script's source map beside it: the whole source, comments included.
  writeFileSync(path.join(root, 'main.0123456789ab.js.map'), JSON.stringify({ version: 3, sourcesContent: [SECRET] }));
  writeFileSync(path.join(root, 'nested', 'style.css.map'), JSON.stringify({ version: 3, sourcesContent: [SECRET] }));
  writeFileSync(path.join(evil, 'secret.txt'), SECRET);
  writeFileSync(path.join(evil, 'index.html'), SECRET);
  writeFileSync(path.join(base, 'secret.txt'), SECRET);
  writeFileSync(path.join(base, 'package.json'), SECRET);
  // Links inside the root that lead out of it.
  symlinkSync(path.join(evil, 'secret.txt'), path.join(root, 'leak.txt'));
  symlinkSync(evil, path.join(root, 'leak-dir'));
  // A picture whose "compressed copies" are links out of the root, as a crafted build would carry them.
  writeFileSync(path.join(root, 'logo.png'), LOGO);
  symlinkSync(path.join(evil, 'secret.txt'), path.join(root, 'logo.png.br'));
  symlinkSync(path.join(base, 'secret.txt'), path.join(root, 'logo.png.gz'));
  // A fixed modification time, so ETags are stable within the run.
  for (const name of ['index.html', 'main.0123456789ab.js', 'remoteEntry.js', 'mf-manifest.json']) {
    utimesSync(path.join(root, name), new Date('2026-01-01'), new Date('2026-01-01'));
  }
  // The brotli and gzip copies a production build writes beside its files.
  return precompress(root);
});

afterAll(() => {
  rmSync(base, { recursive: true, force: true });
});

/** A request with the target sent exactly as given (fetch would normalise '..' and '%2e%2e' away). */
function request(port, target, { method = 'GET', headers = {} } = {}) {
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      { host: '127.0.0.1', port, path: target, method, headers, agent: false },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode, headers: response.headers, body: Buffer.concat(chunks) }),
        );
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end();
  });
}

/** The status line of a request written byte for byte on a socket (for targets http.request would refuse). */
function rawStatus(port, requestText) {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.end(requestText));
    let received = '';
    socket.on('data', (chunk) => (received += chunk));
    socket.on('close', () => resolve({ status: Number(received.split(' ')[1]), text: received }));
    socket.on('error', reject);
  });
}

/** Starts a server for one describe block, closes it after. */
function serving(options) {
  const state = { port: 0, compressed: () => Promise.resolve() };
  let server;
  beforeAll(async () => {
    server = await createStaticServer({ root, port: 0, ...options });
    state.port = server.port;
    state.compressed = server.compressed;
  });
  afterAll(async () => {
    await server?.close();
  });
  return state;
}

describe('malformed paths (security review, item 1)', () => {
  const remote = serving({ cors: true });
  const host = serving({ spa: true });
  let errors;
  beforeEach(() => {
    errors = jest.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    errors.mockRestore();
  });

  const malformed = [
    ['a lone %', '/%'],
    ['a truncated UTF-8 sequence', '/%E0%A4%A'],
    ['a % with one hex digit', '/index.html%2'],
    ['a % followed by non-hex', '/%zz'],
    ['an overlong UTF-8 dot', '/%C0%AE%C0%AE/secret.txt'],
    ['an overlong UTF-8 slash', '/..%C0%AFsecret.txt'],
    ['a lone continuation byte', '/%80'],
    ['a UTF-16 surrogate encoded as UTF-8', '/%ED%A0%80'],
    ['a NUL byte', '/%00'],
    ['a NUL byte after a real file', '/index.html%00.js'],
    ['a control character', '/index%0a.html'],
    ['an encoded backslash', '/%5c..%5csecret.txt'],
    ['an encoded backslash traversal to the sibling', '/..%5cdist-evil%5csecret.txt'],
    ['a raw backslash', '/..\\..\\secret.txt'],
    ['an encoded slash traversal', '/..%2f..%2fpackage.json'],
    ['an encoded slash traversal to the sibling', '/..%2fdist-evil%2fsecret.txt'],
    ['a literal .. traversal', '/../secret.txt'],
    ['a literal .. traversal to the sibling', '/../dist-evil/secret.txt'],
    ['a .. in the middle', '/nested/../../secret.txt'],
    ['a path longer than any address', `/${'a'.repeat(4000)}`],
    ['a very long path', `/${'%41'.repeat(3000)}`],
  ];

  it.each(malformed)('%s (%s) is a 400 in plain text on a remote', async (_name, target) => {
    const response = await request(remote.port, target);
    expect(response.status).toBe(400);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.body.toString()).toBe('Bad request');
    expect(response.body.toString()).not.toContain(SECRET);
    expect(errors).not.toHaveBeenCalled();
  });

  it.each(malformed)('%s (%s) is a 400 on the host too, not its page', async (_name, target) => {
    const response = await request(host.port, target);
    expect(response.status).toBe(400);
    expect(response.body.toString()).toBe('Bad request');
  });

  it.each([['/%'], ['/%E0%A4%A']])('%s never answers 500 (the review)', async (target) => {
    for (const port of [remote.port, host.port]) {
      const response = await request(port, target);
      expect(response.status).toBe(400);
      expect(response.status).not.toBe(500);
    }
  });

  it('HEAD of a malformed path is a 400 as well', async () => {
    expect((await request(remote.port, '/%', { method: 'HEAD' })).status).toBe(400);
  });

  it('a path past Node’s header limit gets Node’s own 431, never a 500 nor a file', async () => {
    const { status } = await rawStatus(remote.port, `GET /${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(status).toBe(431);
  });

  it('a request target that is no path at all is a 400', async () => {
    const { status } = await rawStatus(remote.port, 'GET * HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(status).toBe(400);
  });
});

describe('nothing outside the root is ever served (security review, item 1)', () => {
  const remote = serving({ cors: true });
  const host = serving({ spa: true });

  const attempts = [
    '/%2e%2e/%2e%2e/etc/passwd',
    '/%2e%2e/secret.txt',
    '/%2e%2e/dist-evil/secret.txt',
    '/%2E%2E/%2E%2E/%2E%2E/%2E%2E/etc/passwd',
    '/.%2e/secret.txt',
    '/..%2f..%2fpackage.json',
    '/%252e%252e/secret.txt',
    '/..%2fdist-evil/secret.txt',
    '/../dist-evil/index.html',
    '/..',
    '/../',
    '/etc/passwd',
    '//etc/passwd',
    `/${path.join(base, 'secret.txt')}`,
    `/${encodeURIComponent(path.join(base, 'secret.txt'))}`,
    `/${encodeURIComponent(`${root}-evil/secret.txt`)}`,
    'http://127.0.0.1/../dist-evil/secret.txt',
    'http://127.0.0.1/%2e%2e/secret.txt',
    '/leak.txt',
    '/leak-dir/secret.txt',
    '/leak-dir/',
    '/leak-dir',
  ];

  it.each(attempts)('%s answers 400 or 404 on a remote, never the secret', async (target) => {
    const response = await request(remote.port, target);
    expect([400, 404]).toContain(response.status);
    expect(response.body.toString()).not.toContain(SECRET);
    expect(response.body.toString()).not.toMatch(/root:.*:0:0:/);
  });

  it.each(attempts)('%s on the host answers at most its own page, never the secret', async (target) => {
    const response = await request(host.port, target);
    expect(response.status).not.toBe(500);
    expect(response.body.toString()).not.toContain(SECRET);
    if (response.status === 200) expect(response.body.toString()).toBe(INDEX);
  });

  it("knows a sibling that merely starts with the root's name is outside it", () => {
    expect(isInside(root, `${root}-evil/secret.txt`)).toBe(false);
    expect(isInside(root, `${root}-evil`)).toBe(false);
    expect(isInside(root, path.dirname(root))).toBe(false);
    expect(isInside(root, root)).toBe(true);
    expect(isInside(root, path.join(root, 'index.html'))).toBe(true);
    expect(isInside(`${root}${path.sep}`, path.join(root, 'index.html'))).toBe(true);
  });
});

describe('a compressed copy is sent only when it is a file inside the root, as the file itself must be', () => {
  const remote = serving({ cors: true });

  it.each(['br', 'gzip', 'gzip, deflate, br', '*'])(
    'Accept-Encoding: %s — copies that are links out of the root are never sent: the file goes out as it is',
    async (accepted) => {
      const response = await request(remote.port, '/logo.png', { headers: { 'Accept-Encoding': accepted } });
      expect(response.status).toBe(200);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.body.toString()).not.toContain(SECRET);
      expect(response.body.equals(LOGO)).toBe(true);
    },
  );

  it("a release mounted from the store: a copy leading out of the release (to the pool's key) is never sent", async () => {
    const store = path.join(base, 'store');
    const release = path.join(store, 'remote-contests', '1.0.0-0123456789ab');
    mkdirSync(release, { recursive: true });
    mkdirSync(path.join(store, 'remote-trading'), { recursive: true });
    writeFileSync(path.join(base, 'signing-key.json'), JSON.stringify({ privateKey: SECRET }));
    writeFileSync(path.join(store, 'remote-trading', 'other.js.gz'), SECRET);
    writeFileSync(path.join(release, 'logo.png'), LOGO);
    writeFileSync(path.join(release, 'main.js'), CHUNK);
    symlinkSync(path.join(base, 'signing-key.json'), path.join(release, 'logo.png.br'));
    // Relative, and inside the store but outside this remote's mount.
    symlinkSync('../../remote-trading/other.js.gz', path.join(release, 'main.js.gz'));
    const server = await createStaticServer({
      root,
      port: 0,
      cors: true,
      mounts: { '/releases/remote-contests/': path.join(store, 'remote-contests') },
    });
    try {
      for (const [target, body] of [
        ['/releases/remote-contests/1.0.0-0123456789ab/logo.png', LOGO],
        ['/releases/remote-contests/1.0.0-0123456789ab/main.js', Buffer.from(CHUNK)],
      ]) {
        const response = await request(server.port, target, { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
        expect(response.status).toBe(200);
        expect(response.headers['content-encoding']).toBeUndefined();
        expect(response.body.toString()).not.toContain(SECRET);
        expect(response.body.equals(body)).toBe(true);
      }
    } finally {
      await server.close();
    }
  });
});

describe('requestPath', () => {
  it('decodes and normalises what a browser sends', () => {
    expect(requestPath('/')).toBe('/');
    expect(requestPath('/main.0123456789ab.js?v=1#x')).toBe('/main.0123456789ab.js');
    expect(requestPath('/contest-detail/a%20b')).toBe('/contest-detail/a b');
    expect(requestPath('/caf%C3%A9')).toBe('/café');
    expect(requestPath('//nested/./index.html')).toBe('/nested/index.html');
    expect(requestPath('http://localhost:3000/home?x=1')).toBe('/home');
  });

  it('refuses what is no path of a file inside a root', () => {
    for (const target of [
      '/%',
      '/%E0%A4%A',
      '/%00',
      '/%C0%AE',
      '/a%5cb',
      '/..%2fx',
      '/a/../b',
      '*',
      `/${'a'.repeat(3000)}`,
    ]) {
      expect(requestPath(target)).toBeNull();
    }
  });
});

describe('cache headers, validators and gzip', () => {
  const remote = serving({ cors: true });

  it('caches a content-hashed chunk for a year, immutable', async () => {
    const response = await request(remote.port, '/main.0123456789ab.js');
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.body.toString()).toBe(CHUNK);
  });

  it.each(['/index.html', '/mf-manifest.json', '/remoteEntry.js', '/'])(
    '%s is revalidated: no-cache, an ETag, and a 304 when the ETag still matches',
    async (target) => {
      const first = await request(remote.port, target);
      expect(first.status).toBe(200);
      expect(first.headers['cache-control']).toBe('no-cache');
      expect(first.headers.etag).toMatch(/^W\/"[0-9a-f]+-[0-9a-f]+"$/);
      const again = await request(remote.port, target, { headers: { 'If-None-Match': first.headers.etag } });
      expect(again.status).toBe(304);
      expect(again.body.length).toBe(0);
      expect(again.headers.etag).toBe(first.headers.etag);
      const stale = await request(remote.port, target, { headers: { 'If-None-Match': 'W/"0-0"' } });
      expect(stale.status).toBe(200);
    },
  );

  it('answers a 304 when the ETag is one of several the client holds', async () => {
    const { etag } = (await request(remote.port, '/remoteEntry.js')).headers;
    const listed = await request(remote.port, '/remoteEntry.js', { headers: { 'If-None-Match': `W/"0-0", ${etag}` } });
    expect(listed.status).toBe(304);
  });

  it('a file without a content hash is revalidated too', () => {
    expect(cacheControl('/dist/plain.js')).toBe('no-cache');
    expect(cacheControl('/dist/config.json')).toBe('no-cache');
    expect(cacheControl('/dist/assets/logo.0123456789ab.svg')).toBe('public, max-age=31536000, immutable');
  });

  it('gzips when asked, and the body unzips to the file', async () => {
    const response = await request(remote.port, '/main.0123456789ab.js', {
      headers: { 'Accept-Encoding': 'gzip, br;q=0' },
    });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers.vary).toBe('Accept-Encoding');
    expect(Number(response.headers['content-length'])).toBe(response.body.length);
    expect(response.body.length).toBeLessThan(CHUNK.length);
    expect(gunzipSync(response.body).toString()).toBe(CHUNK);
    const twice = await request(remote.port, '/main.0123456789ab.js', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(twice.body.equals(response.body)).toBe(true);
  });

  it("answers the build's brotli copy to a client that takes it, with the file's own validator", async () => {
    const asked = { headers: { 'Accept-Encoding': 'gzip, deflate, br, zstd' } };
    const gzipped = await request(remote.port, '/remoteEntry.js', { headers: { 'Accept-Encoding': 'gzip' } });
    const response = await request(remote.port, '/remoteEntry.js', asked);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toBe('Accept-Encoding');
    expect(Number(response.headers['content-length'])).toBe(response.body.length);
    expect(response.body.length).toBeLessThan(gzipped.body.length);
    expect(brotliDecompressSync(response.body).toString()).toBe(CHUNK);
    // The same version, the same validator, whatever the coding.
    expect(response.headers.etag).toBe(gzipped.headers.etag);
    const page = await request(remote.port, '/index.html', asked);
    expect(page.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(page.body).toString()).toBe(INDEX);
  });

  it('sends a file that has no compressed copy as it is, whatever the client takes', async () => {
    // plain.js is too small for a copy to be any smaller.
    const response = await request(remote.port, '/plain.js', { headers: { 'Accept-Encoding': 'gzip, br' } });
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body.toString()).toBe('export {};');
  });

  it('never sends a coding the client refuses (q=0)', async () => {
    const response = await request(remote.port, '/remoteEntry.js', { headers: { 'Accept-Encoding': 'br;q=0, gzip' } });
    expect(response.headers['content-encoding']).toBe('gzip');
    const none = await request(remote.port, '/remoteEntry.js', { headers: { 'Accept-Encoding': 'br;q=0, gzip;q=0' } });
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.body.toString()).toBe(CHUNK);
  });

  it('reads Accept-Encoding with its weights: q=0 refuses a coding, * takes both', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(preferredEncoding('BR ; q=0.1')).toBe('br');
    expect(preferredEncoding('gzip;q=0, br;q=0.0')).toBeNull();
    expect(preferredEncoding('identity')).toBeNull();
    expect(preferredEncoding('')).toBeNull();
    expect(preferredEncoding(undefined)).toBeNull();
    expect(preferredEncoding('*')).toBe('br');
    expect([...acceptedEncodings('gzip;q=1.0, *;q=0')]).toEqual(['gzip']);
  });

  it('sends the file as is to a client that does not ask for gzip', async () => {
    const response = await request(remote.port, '/main.0123456789ab.js');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(Number(response.headers['content-length'])).toBe(CHUNK.length);
  });

  it('HEAD answers the headers without the body', async () => {
    const response = await request(remote.port, '/remoteEntry.js', { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(Number(response.headers['content-length'])).toBe(CHUNK.length);
    expect(response.body.length).toBe(0);
  });

  it('answers a directory with its index.html, and a missing file with a 404', async () => {
    expect((await request(remote.port, '/nested/')).body.toString()).toBe(INDEX);
    const missing = await request(remote.port, '/nope.js');
    expect(missing.status).toBe(404);
    expect(missing.headers['content-type']).toBe('text/plain; charset=utf-8');
  });

  it('refuses other methods with a 405', async () => {
    const response = await request(remote.port, '/index.html', { method: 'POST' });
    expect(response.status).toBe(405);
    expect(response.headers.allow).toBe('GET, HEAD, OPTIONS');
  });
});

describe('Module Federation across origins: CORS on every remote answer', () => {
  const remote = serving({
    cors: true,
    headers: pageSecurityHeaders(standaloneContentSecurityPolicy(CONFIG)),
  });

  it.each(['/remoteEntry.js', '/mf-manifest.json', '/main.0123456789ab.js'])(
    'the host page can fetch %s: CORS, and no page headers on it',
    async (target) => {
      const response = await request(remote.port, target, { headers: { Origin: 'http://localhost:3000' } });
      expect(response.status).toBe(200);
      expect(response.headers['access-control-allow-origin']).toBe('*');
      expect(response.headers['content-security-policy']).toBeUndefined();
      expect(response.headers['x-frame-options']).toBeUndefined();
    },
  );

  it('answers a preflight', async () => {
    const response = await request(remote.port, '/mf-manifest.json', { method: 'OPTIONS' });
    expect(response.status).toBe(204);
    expect(response.headers['access-control-allow-methods']).toBe('GET, HEAD, OPTIONS');
  });
});

describe('security headers of every page (security review, item 2)', () => {
  const directive = (policy, name) =>
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .find(([key]) => key === name)
      ?.slice(1) ?? [];

  describe("a remote's stand-alone page", () => {
    const remote = serving({ cors: true, headers: pageSecurityHeaders(standaloneContentSecurityPolicy(CONFIG)) });

    it.each(['/', '/index.html', '/nested/'])(
      '%s carries its CSP, X-Frame-Options and Referrer-Policy',
      async (target) => {
        const response = await request(remote.port, target);
        expect(response.status).toBe(200);
        const policy = response.headers['content-security-policy'];
        expect(policy).toBe(standaloneContentSecurityPolicy(CONFIG));
        expect(directive(policy, 'frame-ancestors')).toEqual(["'none'"]);
        expect(directive(policy, 'object-src')).toEqual(["'none'"]);
        expect(directive(policy, 'base-uri')).toEqual(["'self'"]);
        expect(directive(policy, 'script-src')).toEqual(["'self'"]);
        expect(directive(policy, 'connect-src')).toEqual(["'self'", 'http://localhost:4000', 'http://localhost:9229']);
        expect(policy).not.toContain('unsafe-eval');
        expect(response.headers['x-frame-options']).toBe('DENY');
        expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      },
    );

    it('keeps them on a 304 and on a gzipped page', async () => {
      const first = await request(remote.port, '/index.html');
      const revalidated = await request(remote.port, '/index.html', {
        headers: { 'If-None-Match': first.headers.etag },
      });
      expect(revalidated.status).toBe(304);
      expect(revalidated.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
      const gzipped = await request(remote.port, '/index.html', { headers: { 'Accept-Encoding': 'gzip' } });
      expect(gzipped.headers['content-encoding']).toBe('gzip');
      expect(gzipped.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
    });
  });

  describe('a server given no headers of its own', () => {
    const bare = serving({ cors: true });

    it('still refuses framing, plugins and a foreign <base> on its pages', async () => {
      const response = await request(bare.port, '/index.html');
      const policy = response.headers['content-security-policy'] ?? '';
      expect(directive(policy, 'frame-ancestors')).toEqual(["'none'"]);
      expect(directive(policy, 'object-src')).toEqual(["'none'"]);
      expect(directive(policy, 'base-uri')).toEqual(["'self'"]);
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    });
  });

  describe('the host: a policy that follows its config.json on every request, and the SPA fallback', () => {
    let config = CONFIG;
    let asked = 0;
    const host = serving({
      spa: true,
      dynamic: { '/config.json': () => config },
      headers: () => {
        asked += 1;
        return pageSecurityHeaders(contentSecurityPolicy(config));
      },
    });

    it.each(['/', '/home', '/contest-detail/123', '/index.html'])(
      '%s answers the page with the host policy',
      async (target) => {
        const response = await request(host.port, target);
        expect(response.status).toBe(200);
        expect(response.body.toString()).toBe(INDEX);
        expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(response.headers['cache-control']).toBe('no-cache');
        expect(response.headers['content-security-policy']).toBe(contentSecurityPolicy(CONFIG));
        expect(directive(response.headers['content-security-policy'], 'frame-ancestors')).toEqual(["'none'"]);
        expect(response.headers['x-frame-options']).toBe('DENY');
        expect(response.headers['access-control-allow-origin']).toBeUndefined();
      },
    );

    it('answers a missing file with an extension with a 404, not the page', async () => {
      const response = await request(host.port, '/missing.0123456789ab.js');
      expect(response.status).toBe(404);
      expect(response.headers['content-security-policy']).toBeUndefined();
    });

    it('answers /config.json from the function, not the file, however the path is spelt', async () => {
      config = { ...CONFIG, apiHost: 'https://api.example.com' };
      for (const target of ['/config.json', '/%63onfig.json', '//config.json']) {
        const response = await request(host.port, target);
        expect(response.status).toBe(200);
        expect(JSON.parse(response.body.toString()).apiHost).toBe('https://api.example.com');
      }
      const before = asked;
      const page = await request(host.port, '/home');
      expect(directive(page.headers['content-security-policy'], 'connect-src')).toContain('https://api.example.com');
      expect(asked).toBe(before + 1);
      config = CONFIG;
    });
  });

  it('a non-SPA remote answers an unknown route with a 404', async () => {
    const server = await createStaticServer({ root, port: 0, cors: true });
    try {
      expect((await request(server.port, '/auth')).status).toBe(404);
    } finally {
      await server.close();
    }
  });
});

describe('source maps are served only when told (hostile input, round three)', () => {
  const MAPS = [
    '/main.0123456789ab.js.map',
    '/MAIN.0123456789AB.JS.MAP',
    '/main.0123456789ab.js%2Emap',
    '/main.0123456789ab.js.map?x=1',
    '//main.0123456789ab.js.map',
    '/nested/style.css.map',
  ];

  describe('by default', () => {
    const remote = serving({ cors: true });
    const host = serving({ spa: true });

    it.each(MAPS)('%s is a 404 from a remote and from the host (SPA) alike', async (target) => {
      for (const server of [remote, host]) {
        for (const method of ['GET', 'HEAD']) {
          const response = await request(server.port, target, { method, headers: { 'accept-encoding': 'gzip, br' } });
          expect(response.status).toBe(404);
          expect(response.body.toString()).not.toContain(SECRET);
        }
      }
    });

    it('names no map beside a script', async () => {
      const response = await request(remote.port, '/main.0123456789ab.js');
      expect(response.status).toBe(200);
      expect(response.headers.sourcemap).toBeUndefined();
    });
  });

  describe('with sourceMaps', () => {
    const remote = serving({ cors: true, sourceMaps: true });

    it('serves the map, and names it in the SourceMap header of its script', async () => {
      const map = await request(remote.port, '/main.0123456789ab.js.map');
      expect(map.status).toBe(200);
      expect(map.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(JSON.parse(map.body.toString()).sourcesContent).toEqual([SECRET]);
      const script = await request(remote.port, '/main.0123456789ab.js');
      expect(script.headers.sourcemap).toBe('main.0123456789ab.js.map');
      // A script without a map names none.
      expect((await request(remote.port, '/plain.js')).headers.sourcemap).toBeUndefined();
    });
  });
});
