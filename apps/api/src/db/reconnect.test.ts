import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { OrderView, PaymentAction } from '@checkout/core';
import { openDatabase, queryRows } from './client';
import { createTestApp, type TestApp } from '../test-app';
import { testBrowser } from '../test-browser';
import { buyByCard } from '../test-support/purchase';
import { describeOnPostgres } from './describe-on-postgres';
import { startCluster, type Cluster } from './postgres-cluster';

// The PostgreSQL server restarts under a running api (crash, failover, upgrade): the api must
// neither crash nor need a restart itself; its pool reconnects, and each new connection
// prepares its named statements anew.
describeOnPostgres('when PostgreSQL restarts under the api', () => {
  let cluster: Cluster;
  let t: TestApp;
  beforeAll(async () => {
    cluster = await startCluster();
    t = await createTestApp({ DATABASE_URL: cluster.url });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    cluster?.stop();
  });

  /** A whole purchase, which runs the named prepared statements of every purchase. */
  async function buy(): Promise<{ health: number; status: string | undefined }> {
    const shopper = testBrowser(() => t.app);
    const action = (
      await buyByCard(shopper, {
        cart: { currency: 'USD', country: 'US', email: 're@gmail.com' },
        card: { expiry: '12/30', name: 'Ann Lee' },
        provider: 'stripe',
      })
    ).json<PaymentAction>();
    const order = (
      await shopper.inject({ method: 'GET', url: `/api/orders/${action.orderId}/` })
    ).json<OrderView>();
    const health = (await t.app.inject({ method: 'GET', url: '/api/health/' })).statusCode;
    return { health, status: order.status };
  }

  it('serves every request again once the server is back, without restarting the api', async () => {
    // Several purchases at once, so the pool holds several connections with prepared statements.
    const before = await Promise.all([buy(), buy(), buy(), buy()]);
    expect(before).toEqual(Array(4).fill({ health: 200, status: 'paid' }));

    cluster.kill();
    // The server is down for a moment, as a restart takes (kill and start block this thread).
    await new Promise((r) => setTimeout(r, 300));
    // While it is down the api answers that it is not ready, and stays up.
    expect((await t.app.inject({ method: 'GET', url: '/api/health/' })).statusCode).toBe(503);
    expect((await t.app.inject({ method: 'GET', url: '/api/health/live/' })).statusCode).toBe(200);
    cluster.start();

    const after = await Promise.all([buy(), buy(), buy(), buy()]);
    expect(after).toEqual(Array(4).fill({ health: 200, status: 'paid' }));
  }, 60_000);

  it('survives the server dying under an open transaction, and serves the next request', async () => {
    // A connection checked out of the pool between two statements has no pool listener: its
    // 'error' event, unheard, would end the process.
    const failed = await t.database.db
      .transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        cluster.kill();
        await new Promise((r) => setTimeout(r, 300));
        await tx.execute(sql`select 1`);
      })
      .then(
        () => false,
        () => true,
      );
    expect(failed).toBe(true);
    cluster.start();
    expect(await buy()).toEqual({ health: 200, status: 'paid' });
  }, 60_000);

  it('gives the pool back a connection whose BEGIN failed, so the next transaction gets one', async () => {
    // drizzle-orm#6241 (lost-connections.ts): this hung the suite's close after a restart.
    // Two connections (start-up holds one for its lock while it migrates on the other).
    const one = await openDatabase({ databaseUrl: cluster.url, poolMax: 2, pgliteDir: '' });
    try {
      const pid = async () =>
        (
          await queryRows<{ pid: number }>(
            one.db,
            sql`select pg_backend_pid() as pid, pg_sleep(0.1)`,
          )
        )[0]?.pid ?? 0;
      const pids = await Promise.all([pid(), pid()]);
      expect(new Set(pids).size).toBe(2);
      expect(pids).not.toContain(0);
      // Both server processes freeze, so each transaction's BEGIN is sent and waits; then they
      // die under it.
      for (const p of pids) process.kill(p, 'SIGSTOP');
      const begun = [1, 2].map(() => one.db.transaction((tx) => tx.execute(sql`select 1`)));
      await new Promise((r) => setTimeout(r, 200));
      for (const p of pids) process.kill(p, 'SIGKILL');
      const failed = await Promise.allSettled(begun);
      expect(failed.map((f) => f.status)).toEqual(['rejected', 'rejected']);
      // The postmaster restarts the others after a backend's crash; the next one waits for it.
      const next = await inTime(
        retryWhileStarting(() =>
          one.db.transaction(async (tx) => {
            await tx.execute(sql`select 1`);
            return 'committed';
          }),
        ),
      );
      expect(next).toBe('committed');
    } finally {
      await inTime(one.close());
    }
  }, 60_000);
});

/** Rejects instead of hanging when the pool has no connection left to give. */
function inTime<T>(work: Promise<T>): Promise<T> {
  return Promise.race([
    work,
    new Promise<T>((_, reject) =>
      setTimeout(() => reject(new Error('no connection within 15 s: the pool lost it')), 15_000),
    ),
  ]);
}

/** The server refuses connections for a moment while it recovers from the crash. */
async function retryWhileStarting<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= 40) throw error;
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}
