// The host page as served (scripts/lib/inline-config.mjs) and the static server's `html` hook that sends it
// (scripts/lib/static-server.mjs): the runtime config travels inline as a JSON data block nothing in it can break out
// of, with preconnect hints for the origins the page talks to next, and the hook runs on every request, so a config
// rolled out between two page loads is on the second one (with its own ETag), brotli, gzip and HEAD included.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { CONFIG_ELEMENT_ID, inlineRuntimeConfig, jsonForScript } from '../lib/inline-config.mjs';
import { createStaticServer } from '../lib/static-server.mjs';

const PAGE = '<!doctype html><html><head><title>Bullpen</title></head><body><div id="root"></div></body></html>';
const CONFIG = {
  apiHost: 'http://localhost:4000',
  auth: { region: 'us-east-1', userPoolId: 'p', userPoolClientId: 'c', userPoolEndpoint: 'http://localhost:9229' },
  remotes: {
    auth: 'http://localhost:3001/mf-manifest.json',
    contests: 'http://localhost:3002/mf-manifest.json',
    trading: 'http://localhost:3003/mf-manifest.json',
    profile: 'http://localhost:3003/profile/mf-manifest.json',
  },
};

/** The JSON text of the config block of a page, as the client reads it (textContent of the element). */
function inlineConfigText(page) {
  const match = new RegExp(`<script type="application/json" id="${CONFIG_ELEMENT_ID}">(.*?)</script>`, 's').exec(page);
  return match?.[1] ?? null;
}

describe('jsonForScript', () => {
  it('reads back as the same value', () => {
    const value = { ...CONFIG, note: 'a "quoted" & <b>bold</b> value', list: [1, null, true] };
    expect(JSON.parse(jsonForScript(value))).toEqual(value);
  });

  it('cannot end its <script> element, open a comment in it or break a line inside a string', () => {
    const hostile = { a: '</script><script>alert(1)</script>', b: '<!-- <script>', c: 'line\u2028sep\u2029par' };
    const text = jsonForScript(hostile);
    expect(text).not.toMatch(/[<>\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(hostile);
    const page = inlineRuntimeConfig(PAGE, hostile);
    expect(page.match(/<\/script>/g)).toHaveLength(1);
    expect(JSON.parse(inlineConfigText(page) ?? 'null')).toEqual(hostile);
  });
});

describe('inlineRuntimeConfig', () => {
  it('puts the config and the preconnect hints at the end of <head>, the rest of the page untouched', () => {
    const page = inlineRuntimeConfig(PAGE, CONFIG);
    const head = page.slice(0, page.indexOf('</head>'));
    expect(head).toContain(`<script type="application/json" id="${CONFIG_ELEMENT_ID}">`);
    expect(JSON.parse(inlineConfigText(page) ?? 'null')).toEqual(CONFIG);
    expect(page.startsWith('<!doctype html><html><head><title>Bullpen</title>')).toBe(true);
    expect(page.endsWith('</head><body><div id="root"></div></body></html>')).toBe(true);
  });

  it('preconnects to each remote origin once per kind (scripts, and manifests over CORS), the API and the pool', () => {
    const page = inlineRuntimeConfig(PAGE, CONFIG);
    const hints = [...page.matchAll(/<link rel="preconnect" href="([^"]*)"( crossorigin)?>/g)].map(
      ([, href, cors]) => `${href}${cors ? ' cors' : ''}`,
    );
    expect(hints).toEqual([
      'http://localhost:3001',
      'http://localhost:3001 cors',
      'http://localhost:3002',
      'http://localhost:3002 cors',
      // Two remotes on one origin: one pair of hints.
      'http://localhost:3003',
      'http://localhost:3003 cors',
      'http://localhost:4000 cors',
      'http://localhost:9229 cors',
    ]);
  });

  it('leaves a page without </head> as it is', () => {
    expect(inlineRuntimeConfig('<p>no head</p>', CONFIG)).toBe('<p>no head</p>');
  });

  it('adds no hints for a config without remotes or services, but still carries it', () => {
    const page = inlineRuntimeConfig(PAGE, {});
    expect(page).not.toContain('preconnect');
    expect(JSON.parse(inlineConfigText(page) ?? 'null')).toEqual({});
  });
});

describe("the static server's html hook", () => {
  const base = mkdtempSync(path.join(os.tmpdir(), 'inline-config-'));
  let server;
  let config = CONFIG;
  const calls = [];

  beforeAll(async () => {
    writeFileSync(path.join(base, 'index.html'), PAGE);
    writeFileSync(path.join(base, 'main.0123456789ab.js'), 'console.log("</head>");');
    server = await createStaticServer({
      root: base,
      port: 0,
      spa: true,
      html: (page) => {
        calls.push(page);
        return inlineRuntimeConfig(page, config);
      },
    });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(base, { recursive: true, force: true });
  });
  beforeEach(() => {
    config = CONFIG;
    calls.length = 0;
  });

  function get(target, { method = 'GET', headers = {} } = {}) {
    return new Promise((resolve, reject) => {
      const outgoing = http.request(
        { host: '127.0.0.1', port: server.port, path: target, method, headers, agent: false },
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

  it('sends every page through the hook: the index, "/" and a deep link of the SPA', async () => {
    for (const target of ['/index.html', '/', '/live-contest/123']) {
      const response = await get(target);
      expect(response.status).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(JSON.parse(inlineConfigText(response.body.toString('utf8')) ?? 'null')).toEqual(CONFIG);
    }
    expect(calls).toEqual([PAGE, PAGE, PAGE]);
  });

  it('re-runs on every request: a config changed between two loads is on the second, with a new ETag', async () => {
    const first = await get('/home');
    config = { ...CONFIG, remotes: { ...CONFIG.remotes, contests: 'http://localhost:3012/v2/mf-manifest.json' } };
    const second = await get('/home', { headers: { 'If-None-Match': first.headers.etag } });
    expect(second.status).toBe(200);
    expect(second.headers.etag).not.toBe(first.headers.etag);
    expect(JSON.parse(inlineConfigText(second.body.toString('utf8')) ?? 'null')).toEqual(config);
    expect(second.body.toString('utf8')).toContain('<link rel="preconnect" href="http://localhost:3012">');
  });

  it('answers 304 to the ETag of what it would send, and the ETag follows the text sent', async () => {
    const first = await get('/home');
    expect(first.headers.etag).toMatch(/^W\/"[\w-]{22}"$/);
    const again = await get('/home', { headers: { 'If-None-Match': `W/"other", ${first.headers.etag}` } });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it('gzips the rewritten page when asked, and sends no body to HEAD', async () => {
    const zipped = await get('/home', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(inlineConfigText(gunzipSync(zipped.body).toString('utf8')) ?? 'null')).toEqual(CONFIG);
    const head = await get('/home', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(Number(head.headers['content-length'])).toBeGreaterThan(PAGE.length);
    expect(head.body.length).toBe(0);
  });

  it('sends the rewritten page as brotli to a browser that takes it, gzip until its brotli copy is made', async () => {
    const asked = { headers: { 'Accept-Encoding': 'gzip, deflate, br, zstd' } };
    const first = await get('/home', asked);
    await server.compressed();
    const later = await get('/home', asked);
    expect([first.headers['content-encoding'], later.headers['content-encoding']]).toEqual(['gzip', 'br']);
    const text = brotliDecompressSync(later.body).toString('utf8');
    expect(text).toBe(gunzipSync(first.body).toString('utf8'));
    expect(JSON.parse(inlineConfigText(text) ?? 'null')).toEqual(CONFIG);
  });

  it('never touches what is not a page', async () => {
    const chunk = await get('/main.0123456789ab.js');
    expect(chunk.body.toString('utf8')).toBe('console.log("</head>");');
    expect(calls).toEqual([]);
  });
});
