import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type BenchRun, currentMachine, figuresMarkdown, formatRun, resultFileName, writeRun } from '../lib/results';

const run = (overrides: Partial<BenchRun> = {}): BenchRun => ({
  bench: 'web',
  startedAt: new Date('2026-11-26T08:12:03.456Z'),
  command: 'npx tsx bench/web/run.ts --check',
  machine: { cpus: 2, model: 'Test CPU @ 2.0GHz', memoryGiB: 8, platform: 'linux x64', node: 'v20.20.2' },
  lines: [
    'production build, all 5 apps: 9.3 s',
    '# loopback, no throttling (median of 3)',
    'JS transferred /home cold (compressed on the wire, KiB = 1024 B, budget 220 KiB): 137.5 KiB',
    'LCP /home cold (median of 3): 828 ms',
    '# throttled: slow 4G (150 ms, 1.6 Mbit/s down, 750 kbit/s up), CPU 4x slower (median of 3)',
    'throttled /home cold, ratio to the floor (target ≤ 1.5): 1.38 x',
  ],
  exitCode: 0,
  ...overrides,
});

describe('a benchmark run as a file', () => {
  it('is named by the benchmark and the second it started, so runs sort by time and never overwrite each other', () => {
    expect(resultFileName('web', new Date('2026-11-26T08:12:03.456Z'))).toBe('web-2026-11-26T081203Z.md');
    expect(resultFileName('api', new Date('2026-01-02T23:59:59Z'))).toBe('api-2026-01-02T235959Z.md');
  });

  it('names the command, the machine and the exit code above the figures', () => {
    const text = formatRun(run());
    expect(text).toContain('# bench/web, 2026-11-26T08:12:03.456Z');
    expect(text).toContain('- command: `npx tsx bench/web/run.ts --check`');
    expect(text).toContain('- machine: 2 × Test CPU @ 2.0GHz, 8 GiB, linux x64, Node.js v20.20.2');
    expect(text).toContain('- exit code: 0');
  });

  it('turns each printed figure into a table row, under the section it was printed in', () => {
    expect(figuresMarkdown(run().lines)).toBe(
      [
        '| figure | value |',
        '|---|---|',
        '| production build, all 5 apps | 9.3 s |',
        '',
        '## loopback, no throttling (median of 3)',
        '',
        '| figure | value |',
        '|---|---|',
        '| JS transferred /home cold (compressed on the wire, KiB = 1024 B, budget 220 KiB) | 137.5 KiB |',
        '| LCP /home cold (median of 3) | 828 ms |',
        '',
        '## throttled: slow 4G (150 ms, 1.6 Mbit/s down, 750 kbit/s up), CPU 4x slower (median of 3)',
        '',
        '| figure | value |',
        '|---|---|',
        '| throttled /home cold, ratio to the floor (target ≤ 1.5) | 1.38 x |',
        '',
      ].join('\n'),
    );
  });

  it('keeps a line that is not a figure as a note, and escapes a pipe inside a cell', () => {
    const text = figuresMarkdown(['a | b: 1 ms', 'reads: within targets', 'no colon here', 'c: 2 ms']);
    expect(text).toContain('| a \\| b | 1 ms |');
    expect(text).toContain('\n\nno colon here\n\n| figure | value |');
  });

  it('describes the machine it runs on', () => {
    const machine = currentMachine();
    expect(machine.cpus).toBe(os.cpus().length);
    expect(machine.node).toBe(process.version);
  });

  describe('on disk', () => {
    let dir: string;
    beforeEach(async () => {
      dir = await mkdtemp(path.join(os.tmpdir(), 'bench-results-'));
    });
    afterEach(() => rm(dir, { recursive: true, force: true }));

    it('writes one file per run and a latest copy of the newest', async () => {
      const first = await writeRun(run(), dir);
      const second = await writeRun(
        run({ startedAt: new Date('2026-11-26T09:00:00Z'), lines: ['LCP /home cold (median of 3): 700 ms'] }),
        dir,
      );
      expect(path.basename(first)).toBe('web-2026-11-26T081203Z.md');
      expect(path.basename(second)).toBe('web-2026-11-26T090000Z.md');
      expect((await readdir(dir)).sort()).toEqual([
        'web-2026-11-26T081203Z.md',
        'web-2026-11-26T090000Z.md',
        'web-latest.md',
      ]);
      expect(await readFile(path.join(dir, 'web-latest.md'), 'utf8')).toBe(await readFile(second, 'utf8'));
      expect(await readFile(first, 'utf8')).toContain('| LCP /home cold (median of 3) | 828 ms |');
    });
  });
});
