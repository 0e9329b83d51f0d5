// A benchmark run's figures as a file under bench/results/: one file per run, named by the benchmark and the time it
// started, holding the machine, the command and the figures it printed as a table, plus <bench>-latest.md, a copy of
// the newest. Figures are read against the machine that made them: the same tree runs slower on a busier machine, so
// a file without its machine would invite comparing times that cannot be compared.
import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export interface Machine {
  cpus: number;
  model: string;
  memoryGiB: number;
  platform: string;
  node: string;
}

export interface BenchRun {
  /** The benchmark's name, the file's prefix: `web`, `api`. */
  bench: string;
  /** When the run started. */
  startedAt: Date;
  /** How it was started, as a person would type it. */
  command: string;
  machine: Machine;
  /** What the run printed that belongs in the record: `label: value unit` figures and `# section` headings. */
  lines: string[];
  exitCode: number;
}

const RESULTS_DIR = path.resolve(__dirname, '..', 'results');

export function currentMachine(): Machine {
  const cpus = os.cpus();
  return {
    cpus: cpus.length,
    model: cpus[0]?.model.trim() ?? 'unknown',
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    platform: `${os.platform()} ${os.arch()}`,
    node: process.version,
  };
}

/** `web-2026-11-26T081203Z.md`: sorts by time, and runs a few seconds apart keep their own files. */
export function resultFileName(bench: string, startedAt: Date): string {
  const iso = startedAt.toISOString();
  return `${bench}-${iso.slice(0, 10)}T${iso.slice(11, 19).replace(/:/g, '')}Z.md`;
}

const cell = (text: string) => text.replace(/\|/g, '\\|').trim();

/** The printed lines as Markdown: a table per `# section`, a figure per row; any other line is kept as a note. */
export function figuresMarkdown(lines: string[]): string {
  const out: string[] = [];
  let inTable = false;
  for (const line of lines) {
    if (line.trim() === '') continue;
    if (line.startsWith('# ')) {
      out.push('', `## ${line.slice(2).trim()}`, '');
      inTable = false;
      continue;
    }
    const figure = /^(.+?): (.+)$/.exec(line);
    if (!figure) {
      if (inTable) out.push('');
      out.push(line.trim(), '');
      inTable = false;
      continue;
    }
    if (!inTable) out.push('| figure | value |', '|---|---|');
    inTable = true;
    out.push(`| ${cell(figure[1] as string)} | ${cell(figure[2] as string)} |`);
  }
  return `${out
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()}\n`;
}

export function formatRun(run: BenchRun): string {
  const { machine } = run;
  return [
    `# bench/${run.bench}, ${run.startedAt.toISOString()}`,
    '',
    `- command: \`${run.command}\``,
    `- machine: ${machine.cpus} × ${machine.model}, ${machine.memoryGiB} GiB, ${machine.platform}, Node.js ${machine.node}`,
    `- exit code: ${run.exitCode}`,
    '',
    figuresMarkdown(run.lines),
  ].join('\n');
}

/** Writes the run's file and `<bench>-latest.md`; resolves to the run's file. */
export async function writeRun(run: BenchRun, dir = RESULTS_DIR): Promise<string> {
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, resultFileName(run.bench, run.startedAt));
  await writeFile(file, formatRun(run));
  await copyFile(file, path.join(dir, `${run.bench}-latest.md`));
  return file;
}

/** Prints a line and keeps it for the run's file. */
export function recorder(): { say: (line: string) => void; lines: string[] } {
  const lines: string[] = [];
  return {
    lines,
    say: (line) => {
      console.log(line);
      lines.push(line);
    },
  };
}
