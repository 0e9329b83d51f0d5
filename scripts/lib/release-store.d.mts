// Types of release-store.mjs for the TypeScript side (the API's canary watch).

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

export function releaseStorePath(env?: Record<string, string | undefined>, dataDir?: string): string;
export function remoteState(state: StoreState, remote: string): RemoteState;
export function autoRollbackTransition(
  state: StoreState,
  remote: string,
  options: { version: string; by: string; at: string; reason: string },
): Transition;

export interface ReleaseStore {
  root: string;
  statePath: string;
  logPath: string;
  readState(): StoreState;
  readLog(): LogEntry[];
  change(transition: (state: StoreState) => Transition): Promise<LogEntry | null>;
}

export function openReleaseStore(root: string): ReleaseStore;
