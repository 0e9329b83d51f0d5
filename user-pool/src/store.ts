import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { emptyState, type PoolState, type StoredUser } from './model';

/** 2: groups, and `confirmedPhone` on users. Files without a version were written before both. */
const VERSION = 2;

/**
 * The pool's whole state in one JSON file, rewritten atomically (temp file + rename) after every change. In memory
 * the keyed collections are Maps; on disk they stay plain JSON objects (the format files had before), which is safe
 * both ways: JSON.parse and Object.fromEntries make `__proto__` an own key, never a prototype.
 */
export class Store {
  readonly state: PoolState;
  private readonly file: string;

  constructor(readonly dataDir: string) {
    mkdirSync(dataDir, { recursive: true });
    this.file = path.join(dataDir, 'pool.json');
    this.state = fromJson(readJson(this.file));
  }

  save(): void {
    const temp = `${this.file}.${process.pid}.tmp`;
    writeFileSync(temp, JSON.stringify(toJson(this.state), null, 1));
    renameSync(temp, this.file);
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
