/**
 * Opens the database: embedded PGlite by default, PostgreSQL when DATABASE_URL is set.
 * Both run the same Drizzle migrations before the api accepts a request.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  pgliteDir: string;
  /** Start-up work after the migrations (seeding), under the same lock. */
  prepare?: (db: Database) => Promise<unknown>;
}

/** Key of the advisory lock that lets only one node migrate and seed at a time. */
const STARTUP_LOCK = 727_274_001;

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.prepare);
  return openPglite(options.pgliteDir, options.prepare);
}

async function openPglite(
  dir: string,
  prepare: DatabaseOptions['prepare'],
): Promise<DatabaseHandle> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  if (!dir.startsWith('memory://')) mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir);
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder });
  await prepare?.(db);
  return { db, kind: 'pglite', close: () => client.close() };
}

async function openPostgres(
  url: string,
  prepare: DatabaseOptions['prepare'],
): Promise<DatabaseHandle> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const pool = new pg.Pool({ connectionString: url, max: 20 });
  // An idle connection dropped by the server (restart, failover) must not crash the process;
  // the pool replaces it on the next query.
  pool.on('error', (error) => console.warn('database connection lost:', error.message));
  const db = drizzle(pool, { schema });
  // Several api nodes may start at once: one migrates and seeds, the others wait for it.
  const lock = await pool.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [STARTUP_LOCK]);
    await migrate(db, { migrationsFolder });
    await prepare?.(db);
  } finally {
    await lock.query('select pg_advisory_unlock($1)', [STARTUP_LOCK]).catch(() => undefined);
    lock.release();
  }
  return { db, kind: 'postgres', close: () => pool.end() };
}

/** Runs a raw statement on either driver; both answer with `{ rows }`. */
export async function queryRows<T>(db: Database, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}
