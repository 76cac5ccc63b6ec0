import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { CartView, OrderView, PaymentAction } from '@checkout/core';
import { buildApp } from '../../app';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { describeOnPostgres } from '../../db/describe-on-postgres';
import { startCluster, type Cluster } from '../../db/postgres-cluster';
import { loadEnv } from '../../env';
import { createTestApp, type TestApp } from '../../test-app';
import { testBrowser } from '../../test-browser';
import { openCatalog, prepareCatalog, type Catalog } from '../catalog/catalog';
import { carts } from '../carts/tables';
import { orderEvents } from '../orders/tables';
import { subscriptions } from '../subscriptions/tables';
import { sandboxLedger } from '../sandbox-gateway/tables';
import { payments } from './tables';
import { signedNotification } from '../../test-support/signed-notification';

const SECRET = 'provider-word-test-webhook-secret';

/**
 * The provider's final word wins over the browser's: money it reports taken after the hosted
 * page said fail or cancel pays the order, or is refunded when another order paid the cart.
 */
describe("the provider's word wins", () => {
  let t: TestApp;
  const shopper = testBrowser(() => t.app);
  beforeAll(async () => {
    // The sandbox's own notifications are lost: the test sends the provider's word itself.
    t = await createTestApp({ SANDBOX_WEBHOOK_DROP_RATE: '1', WEBHOOK_SECRET: SECRET });
  }, 60_000);
  afterAll(() => t.close());

  const newCart = async () =>
    (
      await shopper.inject({
        method: 'POST',
        url: '/api/carts/',
        payload: { mainPlan: 'vpn-basic-1y', currency: 'USD', country: 'US', email: 'w@gmail.com' },
      })
    ).json<CartView>();
  const start = async (cartId: string) => {
    const res = await shopper.inject({
      method: 'POST',
      url: '/api/payments/',
      headers: { 'idempotency-key': randomUUID() },
      payload: { cartId, provider: 'paypal', returnPath: '/processing/' },
    });
    expect(res.statusCode).toBe(201);
    return res.json<PaymentAction & { url: string }>();
  };
  const hostedPage = (url: string, intent: string) =>
    shopper.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `intent=${intent}`,
    });
  const paymentOf = async (orderId: string) =>
    (await t.database.db.select().from(payments).where(eq(payments.orderId, orderId)))[0]!;
  const notify = async (orderId: string, status: string) => {
    const body = JSON.stringify({
      id: randomUUID(),
      paymentId: (await paymentOf(orderId)).id,
      status,
    });
    return t.app.inject(signedNotification(SECRET, body));
  };
  const order = async (id: string) =>
    (await shopper.inject({ method: 'GET', url: `/api/orders/${id}/` })).json<OrderView>();
  const moves = async (orderId: string) =>
    (
      await t.database.db
        .select()
        .from(orderEvents)
        .where(eq(orderEvents.orderId, orderId))
        .orderBy(asc(orderEvents.id))
    ).map((e) => `${e.toStatus}:${e.source}`);
  const cartStatus = async (id: string) =>
    (await t.database.db.select().from(carts).where(eq(carts.id, id)))[0]?.status;
  const ledger = async (orderId: string) =>
    (
      await t.database.db
        .select()
        .from(sandboxLedger)
        .where(eq(sandboxLedger.paymentId, (await paymentOf(orderId)).id))
    ).map((row) => `${row.action}:${row.amountMinor} ${row.currency}`);

  it('pays an order whose COMPLETED notification comes after the browser canceled it', async () => {
    const cart = await newCart();
    const action = await start(cart.id);
    expect((await hostedPage(action.url, 'cancel')).statusCode).toBe(303);
    expect((await order(action.orderId)).status).toBe('canceled');

    const res = await notify(action.orderId, 'COMPLETED');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ received: true, applied: true });
    expect((await order(action.orderId)).status).toBe('paid');
    expect(await moves(action.orderId)).toEqual(['canceled:browser', 'paid:webhook']);
    // Paid is paid: the cart is complete and the subscription exists.
    expect(await cartStatus(cart.id)).toBe('completed');
    const subs = await t.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.orderId, action.orderId));
    expect(subs).toHaveLength(1);
  });

  it('pays an order the hosted page declined when the provider then reports the capture', async () => {
    const cart = await newCart();
    const action = await start(cart.id);
    await hostedPage(action.url, 'fail');
    expect((await order(action.orderId)).status).toBe('error');
    expect((await notify(action.orderId, 'COMPLETED')).statusCode).toBe(200);
    expect((await order(action.orderId)).status).toBe('paid');
  });

  it('refunds a capture of a cart another order paid meanwhile', async () => {
    const cart = await newCart();
    const first = await start(cart.id);
    await hostedPage(first.url, 'cancel');
    // The cart reopened; the shopper pays it with a second attempt.
    const second = await start(cart.id);
    expect((await hostedPage(second.url, 'approve')).statusCode).toBe(303);
    expect((await order(second.orderId)).status).toBe('paid');

    // The provider had taken the first attempt's money too.
    const res = await notify(first.orderId, 'COMPLETED');
    expect(res.statusCode).toBe(200);
    expect((await order(first.orderId)).status).toBe('refunded');
    expect(await moves(first.orderId)).toEqual([
      'canceled:browser',
      'refund_due:webhook',
      'refunded:refund',
    ]);
    expect(await ledger(first.orderId)).toEqual([`refund:${cart.totalMinor} USD`]);
    // The paying order is untouched, and only it has subscriptions.
    expect((await order(second.orderId)).status).toBe('paid');
    expect(await ledger(second.orderId)).toEqual([]);
    const subs = await t.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.orderId, first.orderId));
    expect(subs).toEqual([]);
    // A repeated capture refunds nothing twice.
    expect((await notify(first.orderId, 'COMPLETED')).statusCode).toBe(200);
    expect(await ledger(first.orderId)).toHaveLength(1);
    expect((await order(first.orderId)).status).toBe('refunded');
  });

  it('refuses to approve a payment the shopper canceled, with a page that says so', async () => {
    const cart = await newCart();
    const action = await start(cart.id);
    await hostedPage(action.url, 'cancel');
    const res = await hostedPage(action.url, 'approve');
    expect(res.statusCode).toBe(409);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('This payment was canceled');
    expect(res.body).not.toMatch(/at .*\.ts:\d+/);
    expect((await order(action.orderId)).status).toBe('canceled');
    expect(await moves(action.orderId)).toEqual(['canceled:browser']);
    expect(await cartStatus(cart.id)).toBe('open');
  });

  it('refuses to approve a payment a new attempt on the cart superseded', async () => {
    const cart = await newCart();
    const first = await start(cart.id);
    const second = await start(cart.id);
    expect((await order(first.orderId)).status).toBe('canceled');
    const res = await hostedPage(first.url, 'approve');
    expect(res.statusCode).toBe(409);
    expect(res.body).toContain('This payment was canceled');
    // Opening the page again shows the same refusal, not the approve button.
    const page = await shopper.inject({ method: 'GET', url: first.url });
    expect(page.statusCode).toBe(409);
    expect(page.body).not.toContain('value="approve"');
    expect((await order(first.orderId)).status).toBe('canceled');
    expect((await order(second.orderId)).status).toBe('new');
  });
});

// The same race on a PostgreSQL server: the unique index decides, and its refusal is read there.
describeOnPostgres("the provider's word wins (PostgreSQL)", () => {
  let cluster: Cluster;
  let database: DatabaseHandle;
  let catalog: Catalog;
  let app: FastifyInstance;
  beforeAll(async () => {
    cluster = await startCluster();
    database = await openDatabase({
      databaseUrl: cluster.url,
      pgliteDir: 'unused',
      prepare: prepareCatalog,
    });
    catalog = await openCatalog(database.db, 0);
    const env = loadEnv({
      LOG_LEVEL: 'silent',
      DATABASE_URL: cluster.url,
      SANDBOX_WEBHOOK_DROP_RATE: '1',
      WEBHOOK_SECRET: SECRET,
    });
    app = await buildApp({ env, database, catalog });
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    catalog?.close();
    await database?.close();
    cluster?.stop();
  });

  it('refunds a capture of a cart another order paid meanwhile', async () => {
    const browser = testBrowser(() => app);
    const cart = (
      await browser.inject({
        method: 'POST',
        url: '/api/carts/',
        payload: { mainPlan: 'vpn-basic-1y', currency: 'USD', country: 'US', email: 'p@gmail.com' },
      })
    ).json<CartView>();
    const start = async () =>
      (
        await browser.inject({
          method: 'POST',
          url: '/api/payments/',
          headers: { 'idempotency-key': randomUUID() },
          payload: { cartId: cart.id, provider: 'paypal', returnPath: '/processing/' },
        })
      ).json<PaymentAction & { url: string }>();
    const first = await start();
    const second = await start();
    await browser.inject({
      method: 'POST',
      url: second.url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'intent=approve',
    });
    const [payment] = await database.db
      .select()
      .from(payments)
      .where(eq(payments.orderId, first.orderId));
    const body = JSON.stringify({ id: randomUUID(), paymentId: payment!.id, status: 'COMPLETED' });
    const res = await app.inject(signedNotification(SECRET, body));
    expect(res.statusCode).toBe(200);
    const status = async (id: string) =>
      (await browser.inject({ method: 'GET', url: `/api/orders/${id}/` })).json<OrderView>().status;
    expect(await status(first.orderId)).toBe('refunded');
    expect(await status(second.orderId)).toBe('paid');
  }, 60_000);
});
