// A small production static server for one app's dist/: the right cache headers for Module Federation (manifest,
// remote entry and index revalidated with an ETag; content-hashed chunks cached forever), gzip when asked, CORS for
// remotes, and the SPA fallback for the host.
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { constants, gzipSync } from 'node:zlib';

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
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.map', '.svg', '.txt']);
const NEVER_CACHED = new Set(['index.html', 'mf-manifest.json', 'mf-stats.json', 'remoteEntry.js', 'config.json']);
const HASHED = /\.[0-9a-f]{8,}\.[a-z0-9]+$/i;

export function cacheControl(file) {
  const name = path.basename(file);
  if (NEVER_CACHED.has(name)) return 'no-cache';
  if (HASHED.test(name)) return 'public, max-age=31536000, immutable';
  return 'no-cache';
}

async function fileAt(root, urlPath) {
  const relative = path.normalize(decodeURIComponent(urlPath)).replace(/^(\.\.[/\\])+/, '');
  const file = path.join(root, relative);
  if (!file.startsWith(root)) return null;
  try {
    const info = await stat(file);
    if (info.isFile()) return file;
    if (info.isDirectory()) {
      const index = path.join(file, 'index.html');
      if ((await stat(index).catch(() => null))?.isFile()) return index;
    }
  } catch {
    // Not there.
  }
  return null;
}

/** Serves `root` on `port`. `spa`: unknown paths without an extension answer index.html (the host's routes).
 *  `dynamic`: paths answered by a function instead of a file (the host's config.json, so two stacks built from
 *  the same dist/ never share it). `headers`: extra headers of HTML answers, or a function returning them per request
 *  (the host's Content-Security-Policy follows its config.json). */
export function createStaticServer({ root, port, host = '127.0.0.1', spa = false, cors = false, headers = {}, dynamic = {} }) {
  const absoluteRoot = path.resolve(root);
  const gzipCache = new Map();

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
        response.writeHead(405, { Allow: 'GET, HEAD, OPTIONS' }).end();
        return;
      }
      const urlPath = new URL(request.url ?? '/', 'http://localhost').pathname;
      if (dynamic[urlPath]) {
        const body = Buffer.from(JSON.stringify(dynamic[urlPath](), null, 2));
        response.writeHead(200, { 'Content-Type': TYPES['.json'], 'Cache-Control': 'no-cache', 'Content-Length': body.length });
        response.end(request.method === 'HEAD' ? undefined : body);
        return;
      }
      let file = await fileAt(absoluteRoot, urlPath);
      if (!file && spa && !path.extname(urlPath)) file = path.join(absoluteRoot, 'index.html');
      if (!file) {
        response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' }).end('Not found');
        return;
      }
      const extension = path.extname(file);
      const base = {
        'Content-Type': TYPES[extension] ?? 'application/octet-stream',
        'Cache-Control': cacheControl(file),
        'X-Content-Type-Options': 'nosniff',
        Vary: 'Accept-Encoding',
        ...(extension === '.html' ? (typeof headers === 'function' ? headers() : headers) : {}),
      };
      // A validator for the files that are never cached (remote entries, manifests, the page): a warm visit then
      // costs a 304 instead of the whole remote entry again.
      const info = await stat(file);
      const etag = `W/"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
      base.ETag = etag;
      if (request.headers['if-none-match'] === etag) {
        response.writeHead(304, base).end();
        return;
      }
      const wantsGzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
      if (wantsGzip && COMPRESSIBLE.has(extension)) {
        const key = `${file}:${info.mtimeMs}`;
        let body = gzipCache.get(key);
        if (!body) {
          // Compressed once per file version and kept, so the slowest, smallest level costs nothing after that.
          body = gzipSync(await readFile(file), { level: constants.Z_BEST_COMPRESSION });
          gzipCache.set(key, body);
        }
        response.writeHead(200, { ...base, 'Content-Encoding': 'gzip', 'Content-Length': body.length });
        response.end(request.method === 'HEAD' ? undefined : body);
        return;
      }
      response.writeHead(200, { ...base, 'Content-Length': info.size });
      if (request.method === 'HEAD') response.end();
      else createReadStream(file).pipe(response);
    } catch (error) {
      response.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Server error');
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
      });
    });
  });
}
