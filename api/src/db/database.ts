import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { schema } from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either the database or an open transaction: repositories accept both. */
export type Executor = Db | Tx;

export const MIGRATIONS_DIR = path.resolve(__dirname, '..', '..', 'migrations');
const MIGRATION_LOCK_KEY = 72_410_001;
export const CLOCK_LOCK_KEY = 72_410_002;

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /**
   * Try to become the one clock worker. PGlite has a single process, so it always succeeds; PostgreSQL holds a
   * session-level advisory lock on a dedicated connection for the life of the instance.
   */
  tryAcquireWorkerLock(): Promise<boolean>;
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
  return {
    kind: 'pglite',
    db,
    tryAcquireWorkerLock: async () => true,
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
  return {
    kind: 'postgres',
    db,
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
      const result = await workerClient.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [CLOCK_LOCK_KEY]);
      isWorker = result.rows[0]?.locked === true;
      return isWorker;
    },
    async close() {
      if (workerClient) await workerClient.end().catch(() => undefined);
      await pool.end();
    },
  };
}

export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`SELECT 1`);
}

/** Raw SQL rows; both drivers answer with `{ rows }`. Numeric and bigint columns may arrive as strings. */
export async function queryRows<T>(executor: Executor, query: SQL): Promise<T[]> {
  const result = (await executor.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** Re-exported so tools outside the api workspace (bench/api) build SQL with the same drizzle instance. */
export { sql } from 'drizzle-orm';
