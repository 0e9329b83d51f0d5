// Types of release-store.mjs: the store stays plain JavaScript so that `node scripts/start.mjs` loads it without a
// TypeScript loader; the API and its tests read it through these.

export const BASE_RELEASE: 'base';

export class ReleaseError extends Error {}

export interface Canary {
  version: string;
  percent: number;
  autoRollback: boolean;
  since: string;
  by: string;
}

export interface RemoteState {
  live: string | null;
  since: string | null;
  by: string | null;
  previous: (string | null)[];
  canary: Canary | null;
}

export interface StoreState {
  remotes: Record<string, Partial<RemoteState>>;
}

export interface LogEntry {
  at: string;
  action: 'release' | 'rollout' | 'canary' | 'promote' | 'rollback' | 'auto-rollback';
  remote: string;
  version: string;
  by: string;
  from?: string;
  reason?: string;
  [field: string]: unknown;
}

export interface Transition {
  state: StoreState;
  entry: LogEntry | null;
}

/** The git commit a release was built from, and whether the tree had uncommitted changes. */
export interface ReleaseCommit {
  sha: string;
  dirty: boolean;
}

/** A shared package as a release's manifest requires it. */
export interface SharedRequirement {
  name: string;
  version?: string;
  requiredVersion?: string | false;
  singleton?: boolean;
}

/** release.json: what the store keeps beside a release's files. */
export interface Release {
  remote: string;
  version: string;
  packageVersion: string;
  builtAt: string;
  commit: ReleaseCommit | null;
  name: string;
  shared: SharedRequirement[];
  exposes: string[];
  files: string[];
}

export interface ReleaseMeta {
  packageVersion: string;
  builtAt: string;
  commit: ReleaseCommit | null;
  by: string;
}

export interface AddedRelease {
  version: string;
  /** False when the same build was stored already: nothing was written. */
  created: boolean;
  release: Release;
  dir: string;
}

export function releaseStorePath(env?: Record<string, string | undefined>, dataDir?: string): string;
export function remoteState(state: StoreState, remote: string): RemoteState;
export function rolloutTransition(
  state: StoreState,
  remote: string,
  version: string,
  options: { percent?: number; autoRollback?: boolean; by: string; at: string; forced?: unknown },
): Transition;
export function promoteTransition(state: StoreState, remote: string, options: { by: string; at: string }): Transition;
export function rollbackTransition(
  state: StoreState,
  remote: string,
  options: { by: string; at: string; reason?: string },
): Transition;
export function autoRollbackTransition(
  state: StoreState,
  remote: string,
  options: { version: string; by: string; at: string; reason: string },
): Transition;
export function buildFiles(buildDir: string): { dir: string; files: string[] };

export interface ReleaseStore {
  root: string;
  statePath: string;
  logPath: string;
  releaseDir(remote: string, version: string): string;
  readState(): StoreState;
  readLog(): LogEntry[];
  readRelease(remote: string, version: string): Release | null;
  listReleases(remote: string): Release[];
  addRelease(remote: string, buildDir: string, meta: ReleaseMeta): Promise<AddedRelease>;
  change(transition: (state: StoreState) => Transition): Promise<LogEntry | null>;
  withLock<T>(work: () => T | Promise<T>, options?: { timeoutMs?: number }): Promise<T>;
}

export function openReleaseStore(root: string): ReleaseStore;
