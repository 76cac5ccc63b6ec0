/**
 * What a failed statement may tell a log: its name and the database's error code, never its
 * parameters. Drizzle's DrizzleQueryError carries them in its message ("Failed query: … params:
 * …") and in `params`, and the driver's error `detail` repeats values ("Key (email)=(…)").
 */
import { createHash } from 'node:crypto';
import { DrizzleQueryError } from 'drizzle-orm';

/** A stable name per SQL text: the same on every node, so a log line finds its statement. */
export function statementName(text: string): string {
  return `q_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
}

export interface FailedQuery {
  type: 'QueryFailed';
  statement: string;
  /** The SQLSTATE (e.g. 23505 unique violation, 23514 check violation, 57P01 shutdown). */
  sqlstate?: string;
  table?: string;
  column?: string;
  constraint?: string;
}

/** Fields of the driver's error that name schema objects, never row values. */
const SCHEMA_FIELDS = ['table', 'column', 'constraint'] as const;

/** Socket errors of a connection that never opened or was cut. */
const CONNECTION_ERRNOS = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ENOENT', 'ETIMEDOUT']);

/**
 * The database could not be reached or dropped the connection (a restart, a failover): SQLSTATE
 * class 08 (connection exception) or 57P01-57P03 (shutting down, starting up), a socket error,
 * or node-postgres's own word for a connection that ended under a query.
 */
export function isDatabaseUnreachable(error: unknown): boolean {
  for (
    let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 4;
    e = e.cause as typeof e, depth++
  ) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (code.startsWith('08') || /^57P0[1-3]$/.test(code) || CONNECTION_ERRNOS.has(code))
      return true;
    if (typeof e.message === 'string' && /^Connection terminated/.test(e.message)) return true;
  }
  return false;
}

/** The loggable facts of a failed statement; undefined for any other error. */
export function describeFailedQuery(error: unknown): FailedQuery | undefined {
  if (!(error instanceof DrizzleQueryError)) return undefined;
  const cause = (error.cause ?? {}) as Record<string, unknown>;
  const described: FailedQuery = { type: 'QueryFailed', statement: statementName(error.query) };
  // PostgreSQL's codes are five characters; anything else is not a SQLSTATE.
  if (typeof cause.code === 'string' && /^[0-9A-Z]{5}$/.test(cause.code)) {
    described.sqlstate = cause.code;
  }
  for (const field of SCHEMA_FIELDS) {
    const value = cause[field];
    if (typeof value === 'string') described[field] = value;
  }
  return described;
}
