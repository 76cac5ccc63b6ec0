/**
 * A span for each database statement run inside a traced request, on PGlite and on
 * node-postgres alike: named by the statement's kind and its statement name (the SHA-1 prefix
 * the logs use), never its parameters or its text, which can carry literals.
 */
import { context, SpanKind, SpanStatusCode, trace, type Span } from '@opentelemetry/api';
import { statementName } from './query-errors';

const tracer = trace.getTracer('checkout-api-db');

/**
 * Transaction control (node-postgres sends BEGIN and COMMIT as statements of their own) makes
 * a span for every transaction twice over and says nothing the statements between do not.
 */
const TRANSACTION_CONTROL = /^\s*(BEGIN|COMMIT|ROLLBACK|SAVEPOINT|RELEASE|START TRANSACTION)\b/i;

interface StatementSpan {
  name: string;
  operation: string;
  statement: string;
}

/**
 * Each statement's span name and attributes, worked out once per statement text (hashing it
 * per span would cost every request); null for one left untraced.
 */
const statements = new Map<string, StatementSpan | null>();
function statementSpanOf(text: string): StatementSpan | null {
  let known = statements.get(text);
  if (known === undefined) {
    const operation = /^\s*(\w+)/.exec(text)?.[1]?.toUpperCase() ?? 'QUERY';
    const statement = statementName(text);
    known = TRANSACTION_CONTROL.test(text)
      ? null
      : { name: `${operation} ${statement}`, operation, statement };
    // A bounded cache: statements come from a few shapes in code, but never grow without end.
    if (statements.size < 5_000) statements.set(text, known);
  }
  return known;
}

function textOf(query: unknown): string | undefined {
  if (typeof query === 'string') return query;
  const text = (query as { text?: unknown } | null)?.text;
  return typeof text === 'string' ? text : undefined;
}

function startQuerySpan({ name, operation, statement }: StatementSpan, system: string): Span {
  return tracer.startSpan(name, {
    kind: SpanKind.CLIENT,
    attributes: {
      'db.system.name': 'postgresql',
      'db.client': system,
      'db.operation.name': operation,
      'db.statement.name': statement,
    },
  });
}

function endSpan(span: Span, error?: unknown): void {
  if (error) {
    const code = (error as { code?: unknown }).code;
    span.setStatus({ code: SpanStatusCode.ERROR });
    // The SQLSTATE only: a driver's message can quote the values.
    if (typeof code === 'string') span.setAttribute('db.response.status_code', code);
  }
  span.end();
}

type QueryFn = (...args: unknown[]) => unknown;

/**
 * Wraps a client's query method. Statements outside a traced request (start-up, sweeps) and
 * untraced processes run the original untouched.
 */
function tracedQuery(original: QueryFn, system: string): QueryFn {
  return function (this: unknown, ...args: unknown[]) {
    const text = textOf(args[0]);
    if (text === undefined || !trace.getSpan(context.active())?.isRecording()) {
      return original.apply(this, args);
    }
    const known = statementSpanOf(text);
    if (known === null) return original.apply(this, args);
    const span = startQuerySpan(known, system);
    const last = args[args.length - 1];
    if (typeof last === 'function') {
      // node-postgres' callback form (the pool's own query uses it).
      args[args.length - 1] = (error: unknown, result: unknown) => {
        endSpan(span, error);
        (last as (e: unknown, r: unknown) => void)(error, result);
      };
    }
    // A statement's span is a leaf: nothing starts beneath it, so the driver runs on in the
    // request's context rather than entering a new one for every statement.
    const result = original.apply(this, args);
    if (typeof last !== 'function' && result instanceof Promise) {
      return result.then(
        (value: unknown) => {
          endSpan(span);
          return value;
        },
        (error: unknown) => {
          endSpan(span, error);
          throw error;
        },
      );
    }
    if (typeof last !== 'function') endSpan(span);
    return result;
  };
}

/** Traces a node-postgres client (each pooled connection, as the pool opens it). */
export function traceQueries<C extends { query: unknown }>(client: C, system = 'pg'): C {
  const target = client as unknown as { query: QueryFn };
  target.query = tracedQuery(target.query.bind(client), system);
  return client;
}

type Transact = (fn: (tx: { query: unknown }) => Promise<unknown>) => Promise<unknown>;

/** Traces a PGlite instance: its queries and those of every transaction it opens. */
export function tracePglite<C extends { query: unknown; transaction: unknown }>(client: C): C {
  traceQueries(client, 'pglite');
  const target = client as unknown as { transaction: Transact };
  const transaction = target.transaction.bind(client);
  target.transaction = (fn) => transaction((tx) => fn(traceQueries(tx, 'pglite')));
  return client;
}
