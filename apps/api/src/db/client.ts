/**
 * Opens the database: embedded PGlite by default, PostgreSQL when DATABASE_URL is set.
 * Both run the same Drizzle migrations before the api accepts a request.
 */
import { existsSync, mkdirSync, openAsBlob } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DrizzleQueryError, type SQL } from 'drizzle-orm';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { releaseLostConnections } from './lost-connections';
import { claimPgliteDir } from './pglite-lock';
import { nameStatements } from './named-statements';
import { tracePglite, traceQueries } from './query-spans';

/** Modules write their SQL through Drizzle's query builder, each over its own tables. */
export type Database = PgDatabase<PgQueryResultHKT>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  /** PostgreSQL connections in the pool (20 unless set). */
  poolMax?: number;
  pgliteDir: string;
  /** Start-up work after the migrations (seeding), under the same lock. */
  prepare?: (db: Database) => Promise<unknown>;
  /**
   * A PGlite in memory, or in a folder that holds no database yet, starts from this dumped data
   * folder (tests: db/test-template.ts).
   */
  pgliteTemplate?: Blob;
}

/** PGLITE_TEMPLATE's file (tests only), read as PGlite loads it; a missing one is named. */
export async function readPgliteTemplate(file: string | undefined): Promise<Blob | undefined> {
  if (!file) return undefined;
  if (!existsSync(file)) throw new Error(`PGLITE_TEMPLATE ${file} does not exist`);
  return openAsBlob(file);
}

/** Key of the advisory lock that lets only one node migrate and seed at a time. */
const STARTUP_LOCK = 727_274_001;

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    return openPostgres(options.databaseUrl, options.poolMax ?? 20, options.prepare);
  }
  return openPglite(options.pgliteDir, options.prepare, options.pgliteTemplate);
}

async function openPglite(
  dir: string,
  prepare: DatabaseOptions['prepare'],
  template: Blob | undefined,
): Promise<DatabaseHandle> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  let release = () => {};
  if (!dir.startsWith('memory://')) {
    mkdirSync(dir, { recursive: true });
    release = claimPgliteDir(dir);
  }
  try {
    // A folder that already holds a database opens as it is; PGlite refuses to load over one.
    const empty = dir.startsWith('memory://') || !existsSync(path.join(dir, 'PG_VERSION'));
    // Statements of traced requests become spans (a no-op without a tracer provider).
    const client = tracePglite(
      await PGlite.create(dir, { loadDataDir: empty ? template : undefined }),
    );
    const db = drizzle(client);
    await migrate(db, { migrationsFolder });
    await prepare?.(db);
    const close = async () => {
      await client.close();
      release();
    };
    return { db, kind: 'pglite', close };
  } catch (error) {
    release();
    throw error;
  }
}

/**
 * bigint (int8) as a number, as PGlite reads it, instead of node-postgres's text: our bigints
 * are minor units, counters and versions, far below 2^53. One beyond that is refused rather than
 * rounded. Set on pg's shared parsers, since drizzle's node-postgres session hands every type it
 * does not parse itself to them (a pool's own `types` would not reach drizzle's statements).
 */
function parseBigint(text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value)) {
    throw new RangeError(`bigint ${text} is beyond what a number holds exactly`);
  }
  return value;
}

async function openPostgres(
  url: string,
  max: number,
  prepare: DatabaseOptions['prepare'],
): Promise<DatabaseHandle> {
  const { default: pg } = await import('pg');
  pg.types.setTypeParser(pg.types.builtins.INT8, parseBigint);
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle connection dropped by the server (restart, failover) must not crash the process;
  // the pool replaces it on the next query.
  pool.on('error', (error) => console.warn('database connection lost:', error.message));
  // The pool listens only to its idle connections: one checked out (a transaction between two
  // statements) that loses the server would emit an unheard 'error' and end the process. Its
  // next statement fails instead, and the pool discards it on release.
  pool.on('connect', (client) => {
    traceQueries(nameStatements(client));
    client.on('error', (error) => console.warn('database connection lost:', error.message));
  });
  releaseLostConnections(pool);
  const db = drizzle(pool);
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

/**
 * A query built once per database and then only executed with its placeholders: drizzle's
 * prepared query, a named statement on PostgreSQL. For the statements every purchase runs.
 */
export function preparedQuery<Q>(build: (db: Database) => Q): (db: Database) => Q {
  const built = new WeakMap<Database, Q>();
  return (db) => {
    let query = built.get(db);
    if (!query) {
      query = build(db);
      built.set(db, query);
    }
    return query;
  };
}

const dialect = new PgDialect();
interface RawQueryClient {
  query<T>(config: { text: string; values: unknown[] }): Promise<{ rows: T[] }>;
}

const isPool = (client: object | undefined): client is RawQueryClient & object =>
  client !== undefined && 'totalCount' in client;

/** The node-postgres pool under a PostgreSQL database; undefined for PGlite. */
function poolOf(db: Database): RawQueryClient | undefined {
  const client = (db as { $client?: object }).$client;
  return isPool(client) ? client : undefined;
}

/**
 * Runs a raw statement on either driver; both answer with `{ rows }`. On PostgreSQL it goes to
 * the pool directly, past drizzle's session, and is a named prepared statement like every
 * statement with parameters (named-statements.ts).
 */
export async function queryRows<T>(db: Database, query: SQL): Promise<T[]> {
  const pool = poolOf(db);
  if (!pool) {
    const result: unknown = await db.execute(query);
    return (result as { rows: T[] }).rows;
  }
  const { sql: text, params } = dialect.sqlToQuery(query);
  try {
    return (await pool.query<T>({ text, values: params })).rows;
  } catch (error) {
    // The same error as drizzle's own queries, so the log describes both one way (no params).
    throw new DrizzleQueryError(text, params, error as Error);
  }
}
