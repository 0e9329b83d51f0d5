import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { schema } from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either the database or an open transaction: repositories accept both. */
export type Executor = Db | Tx;

const MIGRATIONS_DIR = path.resolve(__dirname, '..', '..', 'migrations');
const MIGRATION_LOCK_KEY = 72_410_001;
const CLOCK_LOCK_KEY = 72_410_002;
/** PostgreSQL channel on which the clock worker announces each stored tick to every instance (DESIGN §6). */
const TICK_CHANNEL = 'bullpen_tick';

/** A stored tick, as every instance hears of it. `origin` names the Database object (instance) that ran it. */
interface TickNotice {
  asOf: Date;
  origin: string;
}

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /**
   * Try to become the one clock worker. PGlite has a single process, so it always succeeds; PostgreSQL holds a
   * session-level advisory lock on a dedicated connection for the life of the instance.
   */
  tryAcquireWorkerLock(): Promise<boolean>;
  /** This instance's name in tick notices. */
  readonly instanceId: string;
  /**
   * Announces a stored tick to every instance: PostgreSQL NOTIFY on TICK_CHANNEL (every instance LISTENs on a dedicated
   * connection); with PGlite, which has one process, the listeners of this object are called in process.
   */
  publishTick(asOf: Date): Promise<void>;
  /**
   * Calls `listener` for every tick notice, the instance's own included; resolves once notices are being received (or
   * the first attempt to listen failed: it is retried every second). After the listening connection is lost and
   * re-established, `listener` is called once with `origin: 'reconnected'` (a tick may have been missed meanwhile).
   */
  listenTicks(listener: (notice: TickNotice) => void): Promise<() => void>;
  /**
   * Sends `payload` (at most 8000 bytes, PostgreSQL's limit) to every instance listening on `channel` (a lower-case
   * identifier), this one included: NOTIFY with PostgreSQL, in process with PGlite.
   */
  publish(channel: string, payload: string): Promise<void>;
  /**
   * Calls `listener` with every payload published on `channel`, on any instance; resolves once notices are being
   * received (or the first attempt failed: it is retried every second). `onReconnect` is called after the listening
   * connection was lost and re-established, since notices sent meanwhile were missed.
   */
  listen(channel: string, listener: (payload: string) => void, onReconnect?: () => void): Promise<() => void>;
  close(): Promise<void>;
}

function tickPayload(asOf: Date, origin: string): string {
  return JSON.stringify({ asOf: asOf.toISOString(), origin });
}

/** A tick notice from its payload, or null for one that is not (a stray NOTIFY on the channel). */
function parseTick(payload: string): TickNotice | null {
  try {
    const parsed = JSON.parse(payload) as { asOf: string; origin: string };
    return { asOf: new Date(parsed.asOf), origin: parsed.origin };
  } catch {
    return null;
  }
}

/** The tick notices of a database's channels, from its `listen`. */
function listenTicksOn(listen: Database['listen'], listener: (notice: TickNotice) => void): Promise<() => void> {
  return listen(
    TICK_CHANNEL,
    (payload) => {
      const notice = parseTick(payload);
      if (notice) listener(notice);
    },
    () => listener({ asOf: new Date(), origin: 'reconnected' }),
  );
}

export interface DatabaseOptions {
  /** postgres:// URL; null → PGlite. */
  url: string | null;
  /** PGlite directory; null → in memory. */
  dataDir?: string | null;
  poolSize?: number;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) return openPostgres(options.url, options.poolSize ?? 10);
  return openPglite(options.dataDir ?? null);
}

async function openPglite(dataDir: string | null): Promise<Database> {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const client = dataDir ? new PGlite(dataDir) : new PGlite();
  await client.waitReady;
  // PGlite runs one statement at a time and queues everything else behind an open transaction, so
  // transactions are serialised and the row locks below are simply uncontended.
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR });
  const instanceId = randomUUID();
  const channels = new LocalChannels();
  const listen: Database['listen'] = async (channel, listener) => channels.listen(channel, listener);
  return {
    kind: 'pglite',
    db,
    instanceId,
    tryAcquireWorkerLock: async () => true,
    publishTick: async (asOf) => channels.publish(TICK_CHANNEL, tickPayload(asOf, instanceId)),
    listenTicks: (listener) => listenTicksOn(listen, listener),
    publish: async (channel, payload) => channels.publish(channel, payload),
    listen,
    close: async () => {
      await client.close();
    },
  };
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  pool.on('error', () => {
    /* an idle connection dropped by the server is replaced on next use; without a listener it would crash the process */
  });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const lockClient = await pool.connect();
  try {
    // Several instances may start together: one migrates, the others wait and then find nothing to do.
    await lockClient.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(db as never, { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await lockClient.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    lockClient.release();
  }
  let workerClient: pg.Client | null = null;
  let isWorker = false;
  const instanceId = randomUUID();
  const channels = new PostgresChannels(url);
  const publish = async (channel: string, payload: string) => {
    checkChannel(channel);
    await pool.query('SELECT pg_notify($1, $2)', [channel, payload]);
  };
  const listen: Database['listen'] = (channel, listener, onReconnect) => channels.add(channel, listener, onReconnect);
  return {
    kind: 'postgres',
    db,
    instanceId,
    publishTick: (asOf) => publish(TICK_CHANNEL, tickPayload(asOf, instanceId)),
    listenTicks: (listener) => listenTicksOn(listen, listener),
    publish,
    listen,
    async tryAcquireWorkerLock() {
      if (isWorker) return true;
      if (!workerClient) {
        workerClient = new pg.Client({ connectionString: url });
        workerClient.on('error', () => {
          isWorker = false;
          workerClient = null;
        });
        await workerClient.connect();
      }
      const result = await workerClient.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [
        CLOCK_LOCK_KEY,
      ]);
      isWorker = result.rows[0]?.locked === true;
      return isWorker;
    },
    async close() {
      await channels.close();
      if (workerClient) await workerClient.end().catch(() => undefined);
      await pool.end();
    },
  };
}

const RELISTEN_MS = 1000;

/** A channel name PostgreSQL takes unquoted in LISTEN (which cannot take a bind parameter). */
const CHANNEL_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

function checkChannel(channel: string): void {
  if (!CHANNEL_NAME.test(channel)) throw new Error(`not a notice channel name: ${channel}`);
}

interface ChannelListeners {
  onNotice: Set<(payload: string) => void>;
  onReconnect: Set<() => void>;
}

/** In-process notices, for PGlite's single process: every listener of a channel hears every publish on it. */
class LocalChannels {
  private readonly channels = new Map<string, Set<(payload: string) => void>>();

  publish(channel: string, payload: string): void {
    checkChannel(channel);
    for (const listener of [...(this.channels.get(channel) ?? [])]) listener(payload);
  }

  listen(channel: string, listener: (payload: string) => void): () => void {
    checkChannel(channel);
    let set = this.channels.get(channel);
    if (!set) {
      set = new Set();
      this.channels.set(channel, set);
    }
    set.add(listener);
    return () => set.delete(listener);
  }
}

/**
 * LISTEN on every channel any part of the instance listens on, over one connection of its own: opened with the first
 * listener and re-opened (every second until it succeeds) when PostgreSQL or the network drops it. After a reconnect
 * each channel's `onReconnect` listeners are told, since notices sent meanwhile were lost.
 */
class PostgresChannels {
  private readonly channels = new Map<string, ChannelListeners>();
  private client: pg.Client | null = null;
  private connecting: Promise<void> | null = null;
  private retry: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(private readonly url: string) {}

  /** Adds listeners to `channel`; resolves once the connection listens on it (or the first attempt failed). */
  async add(channel: string, onNotice: (payload: string) => void, onReconnect?: () => void): Promise<() => void> {
    checkChannel(channel);
    let entry = this.channels.get(channel);
    const isNew = !entry;
    if (!entry) {
      entry = { onNotice: new Set(), onReconnect: new Set() };
      this.channels.set(channel, entry);
    }
    const listeners = entry;
    listeners.onNotice.add(onNotice);
    if (onReconnect) listeners.onReconnect.add(onReconnect);
    const remove = () => {
      listeners.onNotice.delete(onNotice);
      if (onReconnect) listeners.onReconnect.delete(onReconnect);
    };
    if (this.connecting) await this.connecting;
    if (!this.client) {
      await this.connect(false);
    } else if (isNew) {
      // A channel added after the connection opened: the connection starts listening on it now.
      await this.client.query(`LISTEN ${channel}`).catch(() => this.lost(this.client as pg.Client));
    }
    return remove;
  }

  private lost(client: pg.Client) {
    if (this.client !== client) return;
    this.client = null;
    client.end().catch(() => undefined);
    this.schedule();
  }

  private connect(reconnected: boolean): Promise<void> {
    if (this.closed || this.client || this.connecting) return this.connecting ?? Promise.resolve();
    const client = new pg.Client({ connectionString: this.url });
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    client.on('notification', (message) => {
      const listeners = this.channels.get(message.channel);
      if (!listeners || message.payload === undefined) return;
      for (const listener of [...listeners.onNotice]) listener(message.payload);
    });
    this.connecting = (async () => {
      try {
        await client.connect();
        for (const channel of this.channels.keys()) await client.query(`LISTEN ${channel}`);
        if (this.closed) {
          await client.end().catch(() => undefined);
          return;
        }
        this.client = client;
        if (reconnected) {
          for (const listeners of this.channels.values()) for (const listener of [...listeners.onReconnect]) listener();
        }
      } catch {
        await client.end().catch(() => undefined);
        this.schedule();
      } finally {
        this.connecting = null;
      }
    })();
    return this.connecting;
  }

  private schedule() {
    if (this.closed || this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      void this.connect(true);
    }, RELISTEN_MS);
    this.retry.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    await this.connecting;
    const client = this.client;
    this.client = null;
    if (client) await client.end().catch(() => undefined);
  }
}

/** Raw SQL rows; both drivers answer with `{ rows }`. Numeric and bigint columns may arrive as strings. */
export async function queryRows<T>(executor: Executor, query: SQL): Promise<T[]> {
  const result = (await executor.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** Re-exported so tools outside the api workspace (bench/api) build SQL with the same drizzle instance. */
export { sql } from 'drizzle-orm';
