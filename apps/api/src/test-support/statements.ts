/**
 * Counts the statements an embedded (PGlite) database runs for some work: every query (and exec,
 * which the job queue uses for statements without parameters) and every query in a transaction, while `run`'s context lasts (and in whatever it starts without
 * awaiting it), apart from the background's (the job queue's polling runs in contexts of its own).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Database } from '../db/client';

type Query = (...args: unknown[]) => unknown;
interface Client {
  query: Query;
  exec: Query;
  transaction: (fn: (tx: { query: Query }) => Promise<unknown>) => Promise<unknown>;
}

export interface StatementCounter {
  /** Runs `work`, adding the text of each statement it runs to `store.statements`. */
  run<T>(store: { statements: string[] }, work: () => Promise<T>): Promise<T>;
  /** Puts the client's own functions back. */
  restore(): void;
}

export function countStatements(db: Database): StatementCounter {
  const client = (db as unknown as { $client: Client }).$client;
  const contexts = new AsyncLocalStorage<{ statements: string[] }>();
  const counted =
    (query: Query): Query =>
    (...args) => {
      const text = args[0];
      if (typeof text === 'string') contexts.getStore()?.statements.push(text);
      return query(...args);
    };
  const { query, exec, transaction } = client;
  client.query = counted(query.bind(client));
  client.exec = counted(exec.bind(client));
  client.transaction = (fn) =>
    transaction.call(client, (tx) => {
      tx.query = counted(tx.query.bind(tx));
      return fn(tx);
    });
  return {
    run: (store, work) => contexts.run(store, work),
    restore: () => Object.assign(client, { query, exec, transaction }),
  };
}
