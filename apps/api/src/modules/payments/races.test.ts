import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { PaymentAction } from '@checkout/core';
import { describeOnPostgres } from '../../db/describe-on-postgres';
import { startCluster, type Cluster } from '../../db/postgres-cluster';
import { createTestApp, type TestApp } from '../../test-app';
import { testBrowser } from '../../test-browser';
import { cardToken, openCart, payByCard } from '../../test-support/purchase';
import { orderEvents, orders } from '../orders/tables';
import { subscriptions } from '../subscriptions/tables';
import { moveOrder } from './outcome';

/**
 * Requests that race for one payment or one order. On PGlite (one connection) they would take
 * turns and could not race; PostgreSQL runs them on a pool's connections at once.
 */
describeOnPostgres('payments that race (PostgreSQL)', () => {
  let cluster: Cluster;
  let t: TestApp;
  const shopper = testBrowser(() => t.app);
  beforeAll(async () => {
    cluster = await startCluster();
    t = await createTestApp({ DATABASE_URL: cluster.url });
  }, 60_000);
  afterAll(async () => {
    await t.close();
    cluster.stop();
  });

  const newCart = () => openCart(shopper, { email: 'r@gmail.com' });
  const tokenFor = (number: string) => cardToken(shopper, { number, name: 'Anna Smith' });
  const pay = (cartId: string, key: string, token: string) =>
    payByCard(shopper, { cartId, token, key });

  it('creates one order when a double click sends the same key twice at once', async () => {
    const cart = await newCart();
    const cardToken = await tokenFor('4242424242424242');
    const answers = await Promise.all([
      pay(cart.id, 'double-click-1', cardToken),
      pay(cart.id, 'double-click-1', cardToken),
    ]);
    const created = answers
      .filter((a) => a.statusCode === 201)
      .map((a) => a.json<PaymentAction>().orderId);
    expect(new Set(created).size).toBe(1);
    const placed = await t.database.db.select().from(orders).where(eq(orders.cartId, cart.id));
    expect(placed).toHaveLength(1);
  });

  it('moves an order once when 50 notifications race for it', async () => {
    const cart = await newCart();
    const action = (
      await pay(cart.id, 'race-50-notifications', await tokenFor('4000000000003220'))
    ).json<PaymentAction>();
    const moved = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        moveOrder(
          { db: t.database.db, catalog: t.catalog },
          action.orderId,
          'paid',
          i === 0 ? 'browser' : 'webhook',
        ),
      ),
    );
    expect(moved.filter(Boolean)).toHaveLength(1);
    const events = await t.database.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, action.orderId));
    expect(events.map((e) => e.toStatus)).toEqual(['paid']);
    const subs = await t.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.orderId, action.orderId));
    expect(subs).toHaveLength(1);
  });
});
