// The remotes' manifests the host page carries inline (scripts/lib/remote-manifests.mjs, inline-config.mjs): fetched
// from each remote's real static server on every page request and revalidated with its ETag, so a rolled-out
// manifest is in the very next page; a remote that is down or answers no JSON is left out (the page then fetches it
// itself, and shows the fallback if that fails too); nothing in a manifest can end its <script> element.
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { inlineRuntimeConfig, MANIFESTS_ELEMENT_ID } from '../lib/inline-config.mjs';
import { fetchRemoteManifests } from '../lib/remote-manifests.mjs';
import { createStaticServer } from '../lib/static-server.mjs';

const PAGE = '<!doctype html><html><head><title>Bullpen</title></head><body><div id="root"></div></body></html>';
const manifest = (entry) => ({ metaData: { remoteEntry: { name: entry, path: '' } }, exposes: [] });

describe('fetchRemoteManifests', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'remote-manifests-'));
  const file = path.join(root, 'mf-manifest.json');
  let remote;
  let requests = [];
  let url;

  beforeAll(async () => {
    writeFileSync(file, JSON.stringify(manifest('remoteEntry.v1.js')));
    remote = await createStaticServer({ root, port: 0, cors: true });
    url = `http://127.0.0.1:${remote.port}/mf-manifest.json`;
  });
  afterAll(async () => {
    await remote?.close();
    rmSync(root, { recursive: true, force: true });
  });
  beforeEach(() => {
    requests = [];
  });

  function spyFetch() {
    const original = globalThis.fetch;
    globalThis.fetch = async (target, init) => {
      const response = await original(target, init);
      requests.push({ target: String(target), status: response.status });
      return response;
    };
    return () => {
      globalThis.fetch = original;
    };
  }

  it('gives each remote its manifest, revalidating with the ETag, and a rollout on the next call', async () => {
    const restore = spyFetch();
    try {
      expect(await fetchRemoteManifests({ contests: url })).toEqual({ [url]: manifest('remoteEntry.v1.js') });
      expect(await fetchRemoteManifests({ contests: url })).toEqual({ [url]: manifest('remoteEntry.v1.js') });
      expect(requests.map((request) => request.status)).toEqual([200, 304]);

      // The remote is rolled out: its manifest names another entry, and the next page carries it.
      writeFileSync(file, JSON.stringify(manifest('remoteEntry.v2.js')));
      const later = new Date(Date.now() + 5_000);
      utimesSync(file, later, later);
      expect(await fetchRemoteManifests({ contests: url })).toEqual({ [url]: manifest('remoteEntry.v2.js') });
      expect(requests.at(-1)?.status).toBe(200);
    } finally {
      restore();
    }
  });

  it('leaves out a remote that is down, answers an error or no JSON, and keeps the others', async () => {
    const closed = await new Promise((resolve) => {
      const probe = http.createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address();
        probe.close(() => resolve(port));
      });
    });
    const down = `http://127.0.0.1:${closed}/mf-manifest.json`;
    const missing = `http://127.0.0.1:${remote.port}/v9/mf-manifest.json`;
    writeFileSync(path.join(root, 'broken.json'), '{ not json');
    const broken = `http://127.0.0.1:${remote.port}/broken.json`;
    const manifests = await fetchRemoteManifests({ auth: down, contests: url, trading: missing, profile: broken });
    expect(Object.keys(manifests)).toEqual([url]);
  });

  it('gives up on a remote that does not answer in time', async () => {
    const silent = http.createServer(() => undefined);
    await new Promise((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const slow = `http://127.0.0.1:${silent.address().port}/mf-manifest.json`;
      const started = Date.now();
      expect(await fetchRemoteManifests({ auth: slow }, { timeoutMs: 200 })).toEqual({});
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      silent.closeAllConnections();
      silent.close();
    }
  });
});

describe('inlineRuntimeConfig with manifests', () => {
  it('carries them as one JSON data block nothing in them can end, and none when there are none', () => {
    const manifests = { 'http://localhost:3002/mf-manifest.json': { name: '</script><script>alert(1)</script>' } };
    const page = inlineRuntimeConfig(PAGE, { remotes: {} }, manifests);
    const match = new RegExp(`<script type="application/json" id="${MANIFESTS_ELEMENT_ID}">(.*?)</script>`, 's').exec(
      page,
    );
    expect(JSON.parse(match?.[1] ?? 'null')).toEqual(manifests);
    expect(page.match(/<script/g)).toHaveLength(2);
    expect(inlineRuntimeConfig(PAGE, { remotes: {} })).not.toContain(MANIFESTS_ELEMENT_ID);
  });
});
