/**
 * Preloaded into a bench's api (node --import) to tell the shopper's statements from the
 * background's: every statement node-postgres is asked to run is counted under the HTTP request
 * it runs for (method and path, ids folded to :id), or under "background" outside any request
 * (the job queue's polling, its jobs, start-up). Commits are counted the same way: a COMMIT, or a
 * statement run outside a transaction (autocommit). On SIGUSR2 the counts so far, with each
 * statement's text and calls per request kind, are written to BENCH_STATEMENTS_FILE.
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
/** kind → { statements, commits, texts: Map<text, calls> } */
const counts = new Map();
const tally = (kind) => {
  let entry = counts.get(kind);
  if (!entry)
    counts.set(kind, (entry = { requests: 0, statements: 0, commits: 0, texts: new Map() }));
  return entry;
};
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
    if (word === 'begin' || word === 'start transaction') this.benchInTransaction = true;
    else if (word === 'commit' || word === 'end') {
      this.benchInTransaction = false;
      entry.commits++;
    } else if (word === 'rollback') this.benchInTransaction = false;
    else if (!word) {
      entry.statements++;
      if (!this.benchInTransaction) entry.commits++;
      const short = text.replace(/\s+/g, ' ').slice(0, 160);
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
