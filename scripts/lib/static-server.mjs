// A small production static server for one app's dist/, around sirv, which sends each file, or the brotli or gzip copy
// the build wrote beside it (tooling/rspack-config/src/precompress.ts) to a client that takes that coding. Around it: the right
// cache headers for Module Federation (manifest and index revalidated with an ETag; content-hashed chunks and remote
// entries cached forever; an unhashed remoteEntry.js, as a development build names it, revalidated), CORS for remotes,
// the SPA fallback for the host, a page rewritten per request (the host's inline config), compressed here
// (compression.mjs), and the security headers of every page (Content-Security-Policy, X-Frame-Options,
// Referrer-Policy). A path it cannot read as a file inside its root (undecodable, NUL or control characters,
// backslashes, '..' segments, too long) is a 400; a file outside the root is never served, whatever the path or a
// symbolic link says: what is sent, a compressed copy included, is a regular file whose real path is inside the root.
// Source maps (*.map) are never served unless `sourceMaps` says so: they carry the apps' whole source, comments
// included.
import { createHash } from 'node:crypto';
import { readFile, realpath, stat } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import sirv from 'sirv';
import { acceptedEncodings, createCompressor, preferredEncoding } from './compression.mjs';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};
const NEVER_CACHED = new Set(['index.html', 'mf-manifest.json', 'mf-stats.json', 'remoteEntry.js', 'config.json']);
const HASHED = /\.[0-9a-f]{8,}\.[a-z0-9]+$/i;

export function cacheControl(file) {
  const name = path.basename(file);
  if (NEVER_CACHED.has(name)) return 'no-cache';
  if (HASHED.test(name)) return 'public, max-age=31536000, immutable';
  return 'no-cache';
}

// Longer than any address of the apps by far; Node itself answers 431 past its 16 KiB header limit.
const MAX_PATH = 2048;

/** The decoded, normalised path of a request target ('/a/b.js'), or null when it is no path of a file inside a root:
 *  not valid percent-encoded UTF-8, a NUL, control character or backslash, a '..' segment (also encoded, '%2e%2e' or
 *  '..%2f'), or too long. */
export function requestPath(target = '/') {
  let raw = target;
  if (!raw.startsWith('/')) {
    // The absolute form a proxy may send (GET http://host/a/b.js): its path. Anything else ('*', garbage) is no path.
    try {
      raw = new URL(raw).pathname;
    } catch {
      return null;
    }
  }
  raw = raw.replace(/[?#][\s\S]*$/, '');
  if (raw.length > MAX_PATH) return null;
  let decoded;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return null; // '/%', '/%E0%A4%A', overlong or otherwise invalid UTF-8.
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses.
  if (/[\u0000-\u001f\u007f\\]/.test(decoded)) return null;
  if (decoded.split('/').includes('..')) return null;
  return path.posix.normalize(decoded);
}

/** Whether `file` is `root` or inside it: a prefix check alone would accept the sibling `<root>-evil`. */
export function isInside(root, file) {
  return file === root || file.startsWith(root.endsWith(path.sep) ? root : root + path.sep);
}

/** Whether `file` may be sent from `root`: where it really leads is a regular file inside the root. A symbolic link
 *  inside the root may point anywhere (a crafted build's `logo.png.br` at the pool's signing key), and a FIFO or a
 *  device would be read without end. */
async function isServable(root, file) {
  try {
    const [realRoot, real] = await Promise.all([realpath(root), realpath(file)]);
    return isInside(realRoot, real) && (await stat(real)).isFile();
  } catch {
    return false; // Not there, a dangling link, or a name too long for the file system.
  }
}

async function fileAt(root, urlPath) {
  const file = path.join(root, urlPath);
  if (!isInside(root, file)) return null;
  if (await isServable(root, file)) return file;
  const index = path.join(file, 'index.html');
  return (await isServable(root, index)) ? index : null;
}

/** The codings sirv may send `file` in: those the client takes (q > 0), brotli first, whose copy beside the file
 *  (<file>.br, <file>.gz) passes the same check as the file. sirv looks a copy up by name and follows links: a coding
 *  whose copy fails is never offered to it. */
async function servableCodings(root, file, acceptEncoding) {
  const accepted = acceptedEncodings(acceptEncoding);
  const codings = [];
  for (const [coding, suffix] of [
    ['br', '.br'],
    ['gzip', '.gz'],
  ]) {
    if (accepted.has(coding) && (await isServable(root, `${file}${suffix}`))) codings.push(coding);
  }
  return codings;
}

/** What a production build writes a source map beside. */
const MAPPED = new Set(['.js', '.mjs', '.css']);

/** Whether a request path names a source map. Compared without case: a case-insensitive file system finds
 *  main.js.map under /main.js.MAP. */
const isSourceMap = (urlPath) => urlPath.toLowerCase().endsWith('.map');

/** What every HTML answer carries unless the server is given its own: no framing, no plugins, no foreign <base>. */
const PAGE_DEFAULTS = {
  'Content-Security-Policy': "object-src 'none'; base-uri 'self'; frame-ancestors 'none'",
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
};

/** Headers with a value: a caller drops one of the defaults by giving it null. */
const defined = (headers) => Object.fromEntries(Object.entries(headers).filter(([, value]) => value != null));

/** Serves `root` on `port`. `spa`: unknown paths without an extension answer index.html (the host's routes).
 *  `dynamic`: paths answered by a function instead of a file (the host's config.json, so two stacks built from
 *  the same dist/ never share it). `headers`: extra headers of HTML answers, or a function of the request returning
 *  them (the host's Content-Security-Policy follows its config.json); they replace the defaults of the same name
 *  (PAGE_DEFAULTS: frame-ancestors 'none', X-Frame-Options, Referrer-Policy), and null drops one. `html`: a function
 *  of a page's text returning the text to send, or a promise of it (the host inlines its runtime config and the
 *  remotes' manifests), re-run on every request. `sourceMaps`: serve the *.map files (otherwise a 404, as if absent),
 *  and name a script's map in its SourceMap header (production builds leave the sourceMappingURL comment out).
 *  `mounts`: { '/prefix/': folder } served under that prefix instead of from `root` (a remote's releases from the
 *  release store, /releases/<remote>/…), with the same rules; no SPA fallback there. */
export function createStaticServer({
  root,
  port,
  host = '127.0.0.1',
  spa = false,
  cors = false,
  headers = {},
  dynamic = {},
  html = null,
  sourceMaps = false,
  mounts = {},
}) {
  const absoluteRoot = path.resolve(root);
  // Longest prefix first, so a nested mount wins over the one around it.
  const mounted = Object.entries(mounts)
    .map(([prefix, dir]) => [`/${prefix.replace(/^\/+|\/+$/g, '')}/`, path.resolve(dir)])
    .sort((a, b) => b[0].length - a[0].length);
  // `dev`: sirv looks each file up when asked (a release published while the stack runs is served at once) instead
  // of listing the folder once; every header that mode sets for development is replaced below.
  const sendFrom = new Map(
    [absoluteRoot, ...mounted.map(([, dir]) => dir)].map((dir) => [
      dir,
      sirv(dir, { dev: true, brotli: true, gzip: true, extensions: [], dotfiles: false }),
    ]),
  );
  const compressor = createCompressor();
  const plain = (response, status, body, extra = {}) =>
    response
      .writeHead(status, {
        'Content-Type': 'text/plain; charset=utf-8',
        'Cache-Control': 'no-cache',
        'X-Content-Type-Options': 'nosniff',
        ...extra,
      })
      .end(body);

  const server = http.createServer(async (request, response) => {
    try {
      if (cors) {
        response.setHeader('Access-Control-Allow-Origin', '*');
        response.setHeader('Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS');
      }
      if (request.method === 'OPTIONS') {
        response.writeHead(204).end();
        return;
      }
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        plain(response, 405, 'Method not allowed', { Allow: 'GET, HEAD, OPTIONS' });
        return;
      }
      const urlPath = requestPath(request.url);
      if (urlPath === null) {
        plain(response, 400, 'Bad request');
        return;
      }
      if (Object.hasOwn(dynamic, urlPath)) {
        const body = Buffer.from(JSON.stringify(dynamic[urlPath](), null, 2));
        response.writeHead(200, {
          'Content-Type': TYPES['.json'],
          'Cache-Control': 'no-cache',
          'Content-Length': body.length,
        });
        response.end(request.method === 'HEAD' ? undefined : body);
        return;
      }
      if (!sourceMaps && isSourceMap(urlPath)) {
        plain(response, 404, 'Not found');
        return;
      }
      const mount = mounted.find(([prefix]) => urlPath.startsWith(prefix));
      const folder = mount ? mount[1] : absoluteRoot;
      let file = await fileAt(folder, mount ? urlPath.slice(mount[0].length - 1) : urlPath);
      if (!file && !mount && spa && !path.extname(urlPath)) file = await fileAt(absoluteRoot, '/index.html');
      if (!file) {
        plain(response, 404, 'Not found');
        return;
      }
      const extension = path.extname(file);
      const base = {
        'Content-Type': TYPES[extension] ?? 'application/octet-stream',
        'Cache-Control': cacheControl(file),
        'X-Content-Type-Options': 'nosniff',
        Vary: 'Accept-Encoding',
        ...(extension === '.html'
          ? defined({ ...PAGE_DEFAULTS, ...(typeof headers === 'function' ? headers(request) : headers) })
          : {}),
        ...(sourceMaps && MAPPED.has(extension) && (await isServable(folder, `${file}.map`))
          ? { SourceMap: encodeURIComponent(`${path.basename(file)}.map`) }
          : {}),
      };
      const known = String(request.headers['if-none-match'] ?? '').split(/\s*,\s*/);
      if (html && extension === '.html') {
        // A page rewritten per request: its validator is the hash of what is sent, and it is compressed here.
        const text = Buffer.from(await html(await readFile(file, 'utf8'), { path: urlPath }));
        base.ETag = `W/"${createHash('sha256').update(text).digest('base64url').slice(0, 22)}"`;
        if (known.includes(base.ETag)) {
          response.writeHead(304, base).end();
          return;
        }
        const wanted = preferredEncoding(request.headers['accept-encoding']);
        const { encoding, body } = wanted
          ? await compressor.compress(base.ETag, () => text, wanted)
          : { encoding: null, body: text };
        response.writeHead(200, {
          ...base,
          ...(encoding ? { 'Content-Encoding': encoding } : {}),
          'Content-Length': body.length,
        });
        response.end(request.method === 'HEAD' ? undefined : body);
        return;
      }
      // A validator for the files that are never cached (remote entries, manifests, the page): a warm visit then
      // costs a 304 instead of the whole remote entry again. The file's own, whatever copy of it is sent.
      const info = await stat(file);
      base.ETag = `W/"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
      if (known.includes(base.ETag)) {
        response.writeHead(304, base).end();
        return;
      }
      // sirv sends the file or its .br/.gz copy, with their length and coding, keeping the headers set here. It reads
      // Accept-Encoding by name alone: it is given only the codings the client takes whose copy may be sent.
      for (const [name, value] of Object.entries(base)) response.setHeader(name, value);
      request.headers['accept-encoding'] = (
        await servableCodings(folder, file, request.headers['accept-encoding'])
      ).join(', ');
      request.url = `/${path.relative(folder, file).split(path.sep).map(encodeURIComponent).join('/')}`;
      // sirv pipes a file stream into the response without listening for its errors: a file removed between sirv's
      // look-up and its read (a rebuild over the folder being served) would throw in this process. End that response.
      response.once('pipe', (source) => source.once('error', () => response.destroy()));
      sendFrom.get(folder)(request, response, () => plain(response, 404, 'Not found'));
    } catch (error) {
      if (response.headersSent) {
        response.destroy();
        return;
      }
      plain(response, 500, 'Server error');
      console.error('[static]', error);
    }
  });

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve({
        port: server.address().port,
        close: () =>
          new Promise((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
        server,
        /** Resolves once the brotli copies of rewritten pages under way are made. */
        compressed: compressor.settled,
      });
    });
  });
}
