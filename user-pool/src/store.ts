import { mkdirSync, readFileSync } from 'node:fs';
import { open, rename } from 'node:fs/promises';
import path from 'node:path';
import { emptyState, type PoolState, type StoredUser } from './model';

/** 2: groups, and `confirmedPhone` on users. Files without a version were written before both. */
const VERSION = 2;

/**
 * The pool's whole state in one JSON file. A change marks the state (`save`); every answer waits for `flush`, which
 * resolves once the state as of that call is on disk. Changes made while a write runs go together in the next one, so
 * a burst of requests costs a few writes, not one each, and nothing a client was answered about is lost to `kill -9`
 * (each write is fsync'd, then renamed over the old file). In memory the keyed collections are Maps; on disk they stay
 * plain JSON objects (the format files had before), which is safe both ways: JSON.parse and Object.fromEntries make
 * `__proto__` an own key, never a prototype.
 */
export class Store {
  readonly state: PoolState;
  private readonly file: string;
  /** Bumped by every change; `written` is the one on disk. */
  private generation = 0;
  private written = 0;
  private writing: Promise<void> | undefined;
  /** How many times the file was written (a burst of changes should cost few). */
  writes = 0;

  constructor(readonly dataDir: string) {
    mkdirSync(dataDir, { recursive: true });
    this.file = path.join(dataDir, 'pool.json');
    this.state = fromJson(readJson(this.file));
  }

  /** Marks the state changed: the next flush writes it. */
  save(): void {
    this.generation += 1;
  }

  /** Resolves once every change made before this call is on disk; rejects when writing fails. */
  async flush(): Promise<void> {
    const wanted = this.generation;
    while (this.written < wanted) {
      this.writing ??= this.write().finally(() => {
        this.writing = undefined;
      });
      await this.writing;
    }
  }

  private async write(): Promise<void> {
    // Let the requests answered in this turn of the event loop change the state first: one write for all of them.
    await new Promise((resolve) => setImmediate(resolve));
    const generation = this.generation;
    const text = JSON.stringify(toJson(this.state), null, 1);
    const temp = `${this.file}.${process.pid}.tmp`;
    const handle = await open(temp, 'w');
    try {
      await handle.writeFile(text);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, this.file);
    this.written = generation;
    this.writes += 1;
  }
}

function readJson(file: string): Record<string, unknown> {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw error;
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function mapFrom<T>(value: unknown): Map<string, T> {
  return new Map(isObject(value) ? (Object.entries(value) as [string, T][]) : []);
}

function fromJson(json: Record<string, unknown>): PoolState {
  const state = emptyState();
  if (!isObject(json)) return state;
  const users = mapFrom<StoredUser>(json.users);
  if (json.version === undefined) for (const user of users.values()) migrateConfirmedPhone(user);
  return {
    users,
    groups: mapFrom(json.groups),
    refreshTokens: mapFrom(json.refreshTokens),
    revokedFamilies: mapFrom(json.revokedFamilies),
    outbox: Array.isArray(json.outbox) ? json.outbox : state.outbox,
  };
}

/**
 * Users confirmed before `confirmedPhone` was recorded: what they proved then is unknown, since `phone_number` may
 * have changed since. Their number counts only while it is still their user name (which never changes; the app signs
 * up with the number as user name) and still verified.
 */
function migrateConfirmedPhone(user: StoredUser): void {
  const phone = user.attributes?.phone_number;
  if (user.confirmedPhone !== undefined || user.status === 'UNCONFIRMED') return;
  if (phone === user.username && user.attributes.phone_number_verified === 'true') user.confirmedPhone = phone;
}

function toJson(state: PoolState) {
  return {
    version: VERSION,
    users: Object.fromEntries(state.users),
    groups: Object.fromEntries(state.groups),
    refreshTokens: Object.fromEntries(state.refreshTokens),
    revokedFamilies: Object.fromEntries(state.revokedFamilies),
    outbox: state.outbox,
  };
}
