/**
 * Every statement with parameters that a node-postgres connection runs becomes a named prepared
 * statement, named by its text (the SHA-1 prefix the logs use): each connection parses and plans
 * a statement once instead of at every run. Drizzle's query builder sends its statements
 * unnamed, so the server parsed and planned every one of the thirty-odd statements of a paid
 * order every time. Statements without parameters stay on the simple protocol, which runs
 * several statements in one string (the migrations do).
 */
import { statementName } from './query-errors';

/**
 * Names are handed out to this many statement texts at most: the server keeps each prepared
 * statement per connection, and statements whose text varies with their input (an `in` list's
 * length) must not grow that without end. The api's statements come from a few hundred shapes.
 */
const MAX_NAMED = 1_000;
const names = new Map<string, string>();

function nameOf(text: string): string | undefined {
  let name = names.get(text);
  if (name === undefined && names.size < MAX_NAMED) {
    name = statementName(text);
    names.set(text, name);
  }
  return name;
}

interface QueryConfig {
  name?: unknown;
  text?: unknown;
  values?: unknown;
}

const hasParameters = (values: unknown) => Array.isArray(values) && values.length > 0;

type QueryFn = (...args: unknown[]) => unknown;

/** Names the statements of a node-postgres client (each pooled connection, as the pool opens it). */
export function nameStatements<C extends { query: unknown }>(client: C): C {
  const target = client as unknown as { query: QueryFn };
  const query = target.query.bind(client);
  target.query = (config: unknown, ...rest: unknown[]) => {
    const { name, text, values } = (config ?? {}) as QueryConfig;
    // Values come in the config (our raw statements) or beside it (drizzle, pg-boss).
    if (typeof text === 'string' && name === undefined && hasParameters(values ?? rest[0])) {
      const named = nameOf(text);
      if (named) return query({ ...(config as object), name: named }, ...rest);
    }
    return query(config, ...rest);
  };
  return client;
}
