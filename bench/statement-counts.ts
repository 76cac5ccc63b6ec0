/**
 * What the database server did for a piece of work: statements executed (pg_stat_statements,
 * transaction control left out) and transactions committed (pg_stat_database), counted on a
 * throwaway cluster started with PG_STAT_STATEMENTS_SETTINGS. Every statement of the database
 * counts: the api's requests, its jobs and its queue's polling alike.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import pg from 'pg';

/** Cluster settings that load pg_stat_statements (a server start option, not a runtime one). */
export const PG_STAT_STATEMENTS_SETTINGS = {
  shared_preload_libraries: 'pg_stat_statements',
  'pg_stat_statements.track': 'all',
};

export interface Counts {
  statements: number;
  commits: number;
}

export async function statementCounter(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('create extension if not exists pg_stat_statements');
  const read = async (): Promise<Counts> => {
    // The server's statistics reach pg_stat_database within a second of a commit.
    await new Promise((r) => setTimeout(r, 1000));
    await client.query('select pg_stat_clear_snapshot()');
    const { rows } = await client.query<{ statements: number; commits: number }>(
      `select
         (select coalesce(sum(calls), 0)::int from pg_stat_statements s
           where s.dbid = d.datid
             and s.query !~* '^\\s*(begin|commit|rollback|savepoint|release|start transaction)'
             and s.query !~* 'pg_stat') as statements,
         d.xact_commit::int as commits
       from pg_stat_database d where d.datname = current_database()`,
    );
    return rows[0] ?? { statements: 0, commits: 0 };
  };
  /** The statements that took the server the most time so far (pg_stat_statements), slowest first. */
  const slowest = async (limit: number) => {
    const { rows } = await client.query<{ query: string; calls: number; total_ms: number }>(
      `select query, calls::int, total_exec_time::float as total_ms from pg_stat_statements
        where dbid = (select oid from pg_database where datname = current_database())
        order by total_exec_time desc limit $1`,
      [limit],
    );
    return rows;
  };
  /** Tables read by scanning them whole so far, most rows read first (an index missing shows). */
  const scanned = async (limit: number) => {
    const { rows } = await client.query<{ table: string; scans: number; rows_read: number }>(
      `select schemaname || '.' || relname as table, seq_scan::int as scans,
         seq_tup_read::float as rows_read from pg_stat_user_tables
        where seq_tup_read > 0 order by seq_tup_read desc limit $1`,
      [limit],
    );
    return rows;
  };
  return {
    read,
    slowest,
    scanned,
    close: () => client.end(),
  };
}

/** Statements and commits of the sandbox gateway (bench/request-statements.mjs). */
export interface ProviderCounts {
  statements: number;
  commits: number;
  writeCommits: number;
}

/**
 * Statements and commits the api ran under one kind of request, or outside any: `commits` counts
 * every COMMIT and every statement outside a transaction, `writeCommits` only those that wrote
 * (the ones that flush the WAL); `provider` is the sandbox gateway's share of each.
 */
export interface KindCounts extends ProviderCounts {
  requests: number;
  provider: ProviderCounts;
  texts: Record<string, number>;
}
export type RequestCounts = Record<string, KindCounts>;

/** Node flags that preload the per-request counter (bench/request-statements.mjs) into an api. */
export const requestCounterFlags = [
  '--import',
  new URL('./request-statements.mjs', import.meta.url).href,
];

/**
 * The api's own counts by request kind (its process preloaded with requestCounterFlags and
 * BENCH_STATEMENTS_FILE = file): SIGUSR2 asks it to write them.
 */
export async function readRequestCounts(pid: number, file: string): Promise<RequestCounts> {
  rmSync(file, { force: true });
  process.kill(pid, 'SIGUSR2');
  for (let i = 0; i < 100 && !existsSync(file); i++) await new Promise((r) => setTimeout(r, 20));
  return JSON.parse(readFileSync(file, 'utf8')) as RequestCounts;
}

/** after − before, kind by kind (kinds with nothing in between left out). */
export function diffRequestCounts(before: RequestCounts, after: RequestCounts): RequestCounts {
  const out: RequestCounts = {};
  for (const [kind, a] of Object.entries(after)) {
    const b = before[kind];
    const texts: Record<string, number> = {};
    for (const [text, n] of Object.entries(a.texts)) {
      const d = n - (b?.texts[text] ?? 0);
      if (d) texts[text] = d;
    }
    const minus = (x: ProviderCounts, y: ProviderCounts | undefined): ProviderCounts => ({
      statements: x.statements - (y?.statements ?? 0),
      commits: x.commits - (y?.commits ?? 0),
      writeCommits: x.writeCommits - (y?.writeCommits ?? 0),
    });
    const entry = {
      requests: a.requests - (b?.requests ?? 0),
      ...minus(a, b),
      provider: minus(a.provider, b?.provider),
      texts,
    };
    if (entry.requests || entry.statements) out[kind] = entry;
  }
  return out;
}
