import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createHandler } from './http';
import { type MfaMode, UserPool } from './pool';
import { Store } from './store';
import { loadSigningKeys } from './tokens';

export const POOL_ID = 'us-east-1_LocalPool';
export const CLIENT_ID = 'bullpen-web-client';
export const DEFAULT_DATA_DIR = path.resolve(__dirname, '..', '..', '.data', 'user-pool');

export interface UserPoolOptions {
  /** 0 picks a free port (tests). Default 9229. */
  port?: number;
  host?: string;
  dataDir?: string;
  mfa?: MfaMode;
  /** Base URL the pool is reached at; the issuer is `<publicUrl>/<poolId>`. Default `http://localhost:<port>`. */
  publicUrl?: string;
  clientIds?: string[];
  /** Clock in ms, injectable so tests can expire codes. */
  now?: () => number;
  log?: (line: string) => void;
}

export interface RunningUserPool {
  url: string;
  issuer: string;
  pool: UserPool;
  close(): Promise<void>;
}

export async function startUserPool(options: UserPoolOptions = {}): Promise<RunningUserPool> {
  const dataDir = options.dataDir ?? DEFAULT_DATA_DIR;
  const store = new Store(dataDir);
  const keys = await loadSigningKeys(dataDir);
  const config = {
    poolId: POOL_ID,
    clientIds: options.clientIds ?? [CLIENT_ID],
    issuer: '',
    mfa: options.mfa ?? 'OFF',
    now: options.now ?? Date.now,
    log: options.log ?? ((line: string) => console.log(line)),
  };
  const pool = new UserPool(config, store, keys);
  const server = createServer(createHandler(pool));
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 9229, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  const publicUrl = (options.publicUrl ?? `http://localhost:${port}`).replace(/\/+$/, '');
  config.issuer = `${publicUrl}/${POOL_ID}`;
  return {
    url,
    issuer: config.issuer,
    pool,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

export type { MfaMode } from './pool';
