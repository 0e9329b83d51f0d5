import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { emptyState, type PoolState } from './model';

/** The pool's whole state in one JSON file, rewritten atomically (temp file + rename) after every change. */
export class Store {
  readonly state: PoolState;
  private readonly file: string;

  constructor(readonly dataDir: string) {
    mkdirSync(dataDir, { recursive: true });
    this.file = path.join(dataDir, 'pool.json');
    this.state = { ...emptyState(), ...readJson(this.file) };
  }

  save(): void {
    const temp = `${this.file}.${process.pid}.tmp`;
    writeFileSync(temp, JSON.stringify(this.state, null, 1));
    renameSync(temp, this.file);
  }
}

function readJson(file: string): Partial<PoolState> {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Partial<PoolState>;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw error;
  }
}
