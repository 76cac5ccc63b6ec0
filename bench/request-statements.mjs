/**
 * Preloaded into a bench's api (node --import) to tell the shopper's statements from the
 * background's: every statement node-postgres is asked to run is counted under the HTTP request
 * it runs for (method and path, ids folded to :id), or under "background" outside any request
 * (the job queue's polling, its jobs, start-up). Commits are counted the same way: a COMMIT, or a
 * statement run outside a transaction (autocommit). Of those, `writeCommits` are the ones that
 * wrote (a transaction with a statement that writes, or a writing statement on its own): only they
 * cost a WAL flush; a read on its own commits nothing to disk. The sandbox gateway's own
 * statements (its `sandbox_` tables, and the job queue rows of its notifications) are counted
 * again under `provider`: a real provider does that work in its own systems. On SIGUSR2 the counts
 * so far, with each statement's text (tagged read, write or provider) and calls per request kind,
 * are written to BENCH_STATEMENTS_FILE.
 * A pool hands a waiting caller its connection from the context of whoever released one, so the
 * pool's callbacks are bound to their caller's context.
 */
import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import { renameSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';

const file = process.env.BENCH_STATEMENTS_FILE;
const requests = new AsyncLocalStorage();
/** kind → { statements, commits, writeCommits, provider: {…}, texts: Map<text, calls> } */
const counts = new Map();
const tally = (kind) => {
  let entry = counts.get(kind);
  if (!entry)
    counts.set(
      kind,
      (entry = {
        requests: 0,
        statements: 0,
        commits: 0,
        writeCommits: 0,
        provider: { statements: 0, commits: 0, writeCommits: 0 },
        texts: new Map(),
      }),
    );
  return entry;
};
/** Writes: anything but a plain read (a select … for update locks rows, which writes too). */
const WRITES = /\b(insert|update|delete|merge|nextval|pg_notify)\b/i;
/** The sandbox gateway's own tables, and the job queue rows of its notifications. */
const PROVIDER = /\bsandbox_|'sandbox-notifications?'/;
/** A text that ends the transaction it begins. */
const WHOLE = /;\s*(commit|end)\s*;?\s*$/i;
const ID = /\/(?:[0-9a-f]{8}-[0-9a-f-]{27}|[A-Za-z0-9_-]{20,}|\d+)(?=\/|$)/g;

const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function (event, ...args) {
  if (event !== 'request') return emit.call(this, event, ...args);
  const [request] = args;
  const kind = `${request.method} ${(request.url ?? '').split('?')[0].replace(ID, '/:id')}`;
  tally(kind).requests++;
  return requests.run(kind, () => emit.call(this, event, ...args));
};

const require = createRequire(path.join(process.cwd(), 'apps/api/package.json'));
const { Client, Pool } = require('pg');
const connect = Pool.prototype.connect;
Pool.prototype.connect = function (callback) {
  return connect.call(
    this,
    typeof callback === 'function' ? AsyncResource.bind(callback) : callback,
  );
};
const query = Client.prototype.query;
const CONTROL = /^\s*(begin|start transaction|commit|end|rollback|savepoint|release)\b/i;
Client.prototype.query = function (config, ...rest) {
  const text = typeof config === 'string' ? config : config?.text;
  if (typeof text === 'string') {
    const entry = tally(requests.getStore() ?? 'background');
    const word = CONTROL.exec(text)?.[1]?.toLowerCase();
    const commit = (wrote, provider) => {
      entry.commits++;
      if (wrote) entry.writeCommits++;
      if (provider) {
        entry.provider.commits++;
        if (wrote) entry.provider.writeCommits++;
      }
    };
    if ((word === 'begin' || word === 'start transaction') && WHOLE.test(text)) {
      // A whole transaction in one text (pg-boss's maintenance): one statement, one commit.
      entry.statements++;
      commit(WRITES.test(text), PROVIDER.test(text));
    } else if (word === 'begin' || word === 'start transaction') {
      this.benchTransaction = { wrote: false, provider: false };
    } else if (word === 'commit' || word === 'end') {
      const tx = this.benchTransaction;
      this.benchTransaction = undefined;
      commit(tx?.wrote ?? false, tx?.provider ?? false);
    } else if (word === 'rollback') this.benchTransaction = undefined;
    else if (!word) {
      const wrote = WRITES.test(text);
      const provider = PROVIDER.test(text);
      entry.statements++;
      if (provider) entry.provider.statements++;
      const tx = this.benchTransaction;
      if (tx) {
        tx.wrote ||= wrote;
        tx.provider ||= provider;
      } else commit(wrote, provider);
      const tag = `${provider ? 'provider ' : ''}${wrote ? 'write' : 'read'}${tx ? ' (in tx)' : ''}`;
      const short = `[${tag}] ${text.replace(/\s+/g, ' ').trim().slice(0, 150)}`;
      entry.texts.set(short, (entry.texts.get(short) ?? 0) + 1);
    }
  }
  return query.call(this, config, ...rest);
};

process.on('SIGUSR2', () => {
  if (!file) return;
  const out = {};
  for (const [kind, { texts, ...rest }] of counts)
    out[kind] = { ...rest, texts: Object.fromEntries(texts) };
  writeFileSync(`${file}.part`, JSON.stringify(out));
  renameSync(`${file}.part`, file);
});
