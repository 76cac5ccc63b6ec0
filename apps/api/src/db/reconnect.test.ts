import { afterAll, beforeAll, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { CartView, OrderView, PaymentAction } from '@checkout/core';
import { createTestApp, type TestApp } from '../test-app';
import { testBrowser } from '../test-browser';
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
    const cart = (
      await shopper.inject({
        method: 'POST',
        url: '/api/carts/',
        payload: {
          mainPlan: 'vpn-basic-1y',
          currency: 'USD',
          country: 'US',
          email: 're@gmail.com',
        },
      })
    ).json<CartView>();
    const { token } = (
      await shopper.inject({
        method: 'POST',
        url: '/api/sandbox/tokens/',
        payload: { number: '4242424242424242', expiry: '12/30', cvc: '123', name: 'Ann Lee' },
      })
    ).json<{ token: string }>();
    const action = (
      await shopper.inject({
        method: 'POST',
        url: '/api/payments/',
        headers: { 'idempotency-key': randomUUID() },
        payload: {
          cartId: cart.id,
          provider: 'stripe',
          returnPath: '/processing/',
          cardToken: token,
        },
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
});
