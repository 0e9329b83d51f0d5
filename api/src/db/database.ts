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
  close(): Promise<void>;
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
  const listeners = new Set<(notice: TickNotice) => void>();
  return {
    kind: 'pglite',
    db,
    instanceId,
    tryAcquireWorkerLock: async () => true,
    publishTick: async (asOf) => {
      for (const listener of [...listeners]) listener({ asOf, origin: instanceId });
    },
    listenTicks: async (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
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
  const ticks = new TickListener(url);
  return {
    kind: 'postgres',
    db,
    instanceId,
    async publishTick(asOf) {
      await pool.query('SELECT pg_notify($1, $2)', [
        TICK_CHANNEL,
        JSON.stringify({ asOf: asOf.toISOString(), origin: instanceId }),
      ]);
    },
    listenTicks: async (listener) => {
      const remove = ticks.add(listener);
      await ticks.ready();
      return remove;
    },
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
      await ticks.close();
      if (workerClient) await workerClient.end().catch(() => undefined);
      await pool.end();
    },
  };
}

const RELISTEN_MS = 1000;

/**
 * LISTEN on TICK_CHANNEL on a connection of its own, opened with the first listener and re-opened (every second until it
 * succeeds) when PostgreSQL or the network drops it.
 */
class TickListener {
  private readonly listeners = new Set<(notice: TickNotice) => void>();
  private client: pg.Client | null = null;
  private connecting: Promise<void> | null = null;
  private retry: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(private readonly url: string) {}

  add(listener: (notice: TickNotice) => void): () => void {
    this.listeners.add(listener);
    void this.connect(false);
    return () => this.listeners.delete(listener);
  }

  /** Resolves once the connection listens (tests and benches wait for it before the first tick). */
  ready(): Promise<void> {
    return this.connecting ?? Promise.resolve();
  }

  private emit(notice: TickNotice) {
    for (const listener of [...this.listeners]) listener(notice);
  }

  private connect(reconnected: boolean): Promise<void> {
    if (this.closed || this.client || this.connecting) return this.connecting ?? Promise.resolve();
    const client = new pg.Client({ connectionString: this.url });
    const lost = () => {
      if (this.client !== client) return;
      this.client = null;
      client.end().catch(() => undefined);
      this.schedule();
    };
    client.on('error', lost);
    client.on('end', lost);
    client.on('notification', (message) => {
      if (message.channel !== TICK_CHANNEL || !message.payload) return;
      try {
        const parsed = JSON.parse(message.payload) as { asOf: string; origin: string };
        this.emit({ asOf: new Date(parsed.asOf), origin: parsed.origin });
      } catch {
        /* not ours */
      }
    });
    this.connecting = (async () => {
      try {
        await client.connect();
        await client.query(`LISTEN ${TICK_CHANNEL}`);
        if (this.closed) {
          await client.end().catch(() => undefined);
          return;
        }
        this.client = client;
        if (reconnected) this.emit({ asOf: new Date(), origin: 'reconnected' });
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
