// The brotli and gzip copies a production build writes beside its files (src/precompress.ts), which the
// static servers send as they are.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { precompress } from '../src/precompress';

const SCRIPT = `console.log(${JSON.stringify('chunk '.repeat(300))});`;
let dist: string;

beforeEach(() => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'precompress-'));
  mkdirSync(path.join(dist, 'nested'));
  writeFileSync(path.join(dist, 'main.0123456789ab.js'), SCRIPT);
  writeFileSync(path.join(dist, 'nested', 'mf-manifest.json'), JSON.stringify({ exposes: Array(50).fill('page') }));
  writeFileSync(path.join(dist, 'main.0123456789ab.js.map'), JSON.stringify({ sourcesContent: [SCRIPT] }));
  writeFileSync(path.join(dist, 'logo.png'), SCRIPT);
  writeFileSync(path.join(dist, 'tiny.js'), 'x');
});

afterEach(() => rmSync(dist, { recursive: true, force: true }));

it('writes a brotli and a gzip copy beside each text file, in folders too, that unpack to the file', async () => {
  await precompress(dist);
  for (const file of ['main.0123456789ab.js', 'nested/mf-manifest.json']) {
    const original = readFileSync(path.join(dist, file));
    expect(brotliDecompressSync(readFileSync(path.join(dist, `${file}.br`)))).toEqual(original);
    expect(gunzipSync(readFileSync(path.join(dist, `${file}.gz`)))).toEqual(original);
  }
});

it('leaves source maps, binary files and files no copy would shrink alone', async () => {
  await precompress(dist);
  for (const file of ['main.0123456789ab.js.map', 'logo.png', 'tiny.js'])
    for (const suffix of ['.br', '.gz']) expect(() => statSync(path.join(dist, `${file}${suffix}`))).toThrow();
});

it('writes a copy again only for a file changed since its copy', async () => {
  expect(await precompress(dist)).toBe(4);
  expect(await precompress(dist)).toBe(0);
  const script = path.join(dist, 'main.0123456789ab.js');
  writeFileSync(script, `${SCRIPT}\n${SCRIPT}`);
  const later = new Date(Date.now() + 60_000);
  utimesSync(script, later, later);
  expect(await precompress(dist)).toBe(2);
  expect(brotliDecompressSync(readFileSync(`${script}.br`)).toString()).toBe(`${SCRIPT}\n${SCRIPT}`);
});
