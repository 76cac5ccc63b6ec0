/**
 * drizzle's transaction() sends BEGIN before the try/finally that releases its connection
 * (drizzle-orm#6241, open in 0.45): a connection lost under that BEGIN (a server restart, a
 * failover) stayed checked out for the life of the process, one pool slot gone each time, and
 * pool.end() waited for it forever. So a connection checked out with `connect()` that loses the
 * server is given back here, with the error so that the pool discards it; its holder's own
 * release after that does nothing. `pool.query` releases its connections itself and is left as is.
 */
import type { Pool, PoolClient } from 'pg';

export function releaseLostConnections(pool: Pool): void {
  const connect = pool.connect.bind(pool);
  pool.connect = ((callback?: Parameters<Pool['connect']>[0]) =>
    callback ? connect(callback) : connect().then(giveBackOnLoss)) as Pool['connect'];
}

function giveBackOnLoss(client: PoolClient): PoolClient {
  const release = client.release.bind(client);
  let released = false;
  const once = (error?: Error | boolean) => {
    if (released) return;
    released = true;
    client.off('error', once);
    release(error);
  };
  client.on('error', once);
  client.release = once;
  return client;
}
