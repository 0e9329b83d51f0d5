// Compressed bodies for the static servers. Brotli when the client takes it, as a production CDN serves these files:
// at its best level it is about 14 % smaller than gzip on Bullpen's bundles, which on a phone link is time before the
// first screen. That level costs about half a second of CPU on the largest chunk, so no request ever waits
// for it: a body that has no brotli copy yet goes out as gzip while brotli is made in the background, and every later
// request gets brotli. Both are made once per file version and kept.
import { promisify } from 'node:util';
import { brotliCompress, constants, gzipSync } from 'node:zlib';

const brotli = promisify(brotliCompress);

/** The codings a request's Accept-Encoding takes (q > 0), lower-cased; '*' stands for both of ours. */
export function acceptedEncodings(header = '') {
  const accepted = new Set();
  for (const part of String(header).split(',')) {
    const [rawName, ...params] = part.toLowerCase().split(';');
    const name = rawName.trim();
    if (!name) continue;
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    if (q !== undefined && !(Number(q.slice(2)) > 0)) continue;
    if (name === '*') {
      accepted.add('br');
      accepted.add('gzip');
    } else accepted.add(name);
  }
  return accepted;
}

/** The coding to answer with: brotli over gzip, or null for the body as it is. */
export function preferredEncoding(header) {
  const accepted = acceptedEncodings(header);
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

/**
 * A cache of compressed bodies, keyed by the caller (a file and its version, or a page's ETag). The oldest entries go
 * once `maxEntries` bodies are kept, so a long-running server that sees many builds stays small.
 */
export function createCompressor({ maxEntries = 512 } = {}) {
  const kept = new Map();
  const making = new Map();

  const keep = (key, body) => {
    kept.set(key, body);
    if (kept.size > maxEntries) kept.delete(kept.keys().next().value);
  };

  /** Makes the brotli copy of `key` once, in the background; a failure leaves gzip in place. */
  const makeBrotli = (key, load) => {
    if (making.has(key)) return making.get(key);
    const job = Promise.resolve()
      .then(load)
      .then((source) =>
        brotli(source, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
          },
        }),
      )
      .then(
        (body) => keep(`${key}\0br`, body),
        () => undefined,
      )
      .finally(() => making.delete(key));
    making.set(key, job);
    return job;
  };

  return {
    /**
     * The body of `key` in the coding `wanted` ('br' or 'gzip'), `load` giving the uncompressed bytes:
     * `{ encoding, body }`. Brotli only once made; until then gzip.
     */
    async compress(key, load, wanted) {
      if (wanted === 'br') {
        const ready = kept.get(`${key}\0br`);
        if (ready) return { encoding: 'br', body: ready };
        makeBrotli(key, load);
      }
      let body = kept.get(`${key}\0gzip`);
      if (!body) {
        body = gzipSync(await load(), { level: constants.Z_BEST_COMPRESSION });
        keep(`${key}\0gzip`, body);
      }
      return { encoding: 'gzip', body };
    },
    /** Resolves once every brotli copy under way is made (tests, and a warm-up before measuring). */
    settled: () => Promise.all([...making.values()]).then(() => undefined),
  };
}
