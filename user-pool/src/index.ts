import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createHandler } from './http';
import type { MfaMode } from './config';
import { UserPool } from './pool';
import { hostnameOf } from './request-guard';
import { assertAdmins, assertListenHost, normalizeOrigins } from './settings';
import { Store } from './store';
import { loadSigningKeys } from './tokens';

export const POOL_ID = 'us-east-1_LocalPool';
export const CLIENT_ID = 'bullpen-web-client';
const DEFAULT_DATA_DIR = path.resolve(__dirname, '..', '..', '.data', 'user-pool');

export interface UserPoolOptions {
  /** 0 picks a free port (tests). Default 9229. */
  port?: number;
  /** Default 127.0.0.1. Anything but a loopback address is refused unless `allowNonLoopback` is set. */
  host?: string;
  /** USER_POOL_ALLOW_NON_LOOPBACK=1: listen beyond loopback, for a proxy in front that blocks the admin operations. */
  allowNonLoopback?: boolean;
  dataDir?: string;
  mfa?: MfaMode;
  /** Base URL the pool is reached at; the issuer is `<publicUrl>/<poolId>`. Default `http://localhost:<port>`. */
  publicUrl?: string;
  clientIds?: string[];
  /**
   * USER_POOL_ADMINS: E.164 numbers whose users join the `admins` group when confirmed with that number (sign-up
   * code, AdminConfirmSignUp, AdminCreateUser), and at start-up if they already were.
   */
  admins?: string[];
  /**
   * USER_POOL_ALLOWED_ORIGINS: origins of the pages that call the pool from a browser (the app's). Only they get CORS
   * headers; a request with any other Origin but the pool's own is refused. Default none.
   */
  allowedOrigins?: string[];
  /**
   * USER_POOL_ADDRESS_SIGN_IN_BURST: sign-ins one address may start for users it has never signed in (password
   * spraying) before they are limited to 2 a second. Default 60; a test stack, where every client is 127.0.0.1, raises it.
   */
  addressSignInBurst?: number;
  /** USER_POOL_USER_SIGN_IN_BURST: sign-ins of one user from one address before 1 every 2 s. Default 10. */
  userSignInBurst?: number;
  /** How often expired sign-ins, sessions and tokens are forgotten. Default a minute; tests make it short. */
  sweepIntervalMs?: number;
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
  const host = options.host ?? '127.0.0.1';
  assertListenHost(host, options.allowNonLoopback === true);
  const admins = [...(options.admins ?? [])];
  assertAdmins(admins);
  const allowedOrigins = new Set(normalizeOrigins(options.allowedOrigins ?? []));
  const dataDir = options.dataDir ?? DEFAULT_DATA_DIR;
  const store = new Store(dataDir);
  const keys = await loadSigningKeys(dataDir);
  const config = {
    poolId: POOL_ID,
    clientIds: options.clientIds ?? [CLIENT_ID],
    issuer: '',
    mfa: options.mfa ?? 'OFF',
    admins,
    allowedOrigins,
    ownHostnames: new Set<string>(),
    ...(options.addressSignInBurst === undefined ? {} : { addressSignInBurst: options.addressSignInBurst }),
    ...(options.userSignInBurst === undefined ? {} : { userSignInBurst: options.userSignInBurst }),
    now: options.now ?? Date.now,
    log: options.log ?? ((line: string) => console.log(line)),
  };
  const pool = new UserPool(config, store, keys);
  pool.ensureAdmins();
  pool.startSweeping(options.sweepIntervalMs ?? 60_000);
  await store.flush();
  const server = createServer(createHandler(pool));
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
  // Requests may name the pool as its public URL does, or as the address it listens on (loopback names always pass).
  config.ownHostnames = new Set(
    [hostnameOf(new URL(publicUrl).host), hostnameOf(url.slice('http://'.length))].flatMap((name) =>
      // Never the unspecified address: browsers let public pages reach 0.0.0.0 as if it were this machine.
      name === undefined || name === '0.0.0.0' || name === '[::]' ? [] : [name],
    ),
  );
  return {
    url,
    issuer: config.issuer,
    pool,
    close: async () => {
      pool.stopSweeping();
      await new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
      await store.flush();
    },
  };
}
