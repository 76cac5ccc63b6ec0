import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { CartView, OrderView, PaymentAction, ProviderSpec } from '@checkout/core';
import { buildApp } from '../../app';
import type { Database, DatabaseHandle } from '../../db/client';
import { openDatabase } from '../../db/client';
import { describeOnPostgres } from '../../db/describe-on-postgres';
import { startCluster, type Cluster } from '../../db/postgres-cluster';
import { loadEnv } from '../../env';
import { jobQueue } from '../../jobs/queue';
import { createTestApp, type TestApp } from '../../test-app';
import { testBrowser, type TestBrowser } from '../../test-browser';
import { openCatalog, prepareCatalog, type Catalog } from '../catalog/catalog';
import { carts } from '../carts/tables';
import { orderEvents } from '../orders/tables';
import { expireAbandonedOrders } from './expiry';
import type { PaymentAdapter } from './providers/adapter';
import { sandboxAdapter } from '../sandbox-gateway/adapter';
import { SandboxGateway } from '../sandbox-gateway/gateway';
import { recordSettlement } from '../sandbox-gateway/settlements';
import { sandboxLedger } from '../sandbox-gateway/tables';
import { paymentDesk } from './desk';
import { payments } from './tables';

const HOUR = 3600_000;
const EXPIRY = { expiryMs: 60 * 60_000 };

/** The sandbox gateway as the sweep sees it, counting what the provider is asked. */
function countingDeps(app: FastifyInstance, db: Database, catalog: Catalog) {
  const gateway = new SandboxGateway(
    app,
    db,
    paymentDesk({ db, catalog }),
    {
      asyncSettleMs: 1000,
      webhookSecret: 'sandbox-webhook-secret-change-me',
      bankLinkSecret: 'bank-link-secret-change-me',
      sessionSecret: 'cart-secret-change-me',
      fingerprintSecret: 'card-fingerprint-secret-change-me',
      webhookDelayMs: 0,
      webhookCopies: 1,
      webhookReorder: false,
      webhookDropRate: 1,
      // Every notification is dropped (above), so the queue is never started nor sent to.
    },
    jobQueue({ db, kind: 'pglite', close: () => Promise.resolve() }, app.log),
  );
  const asked = { refresh: [] as string[], cancel: [] as string[] };
  const adapter = sandboxAdapter(gateway);
  const adapterFor = (_provider: ProviderSpec): PaymentAdapter => {
    return {
      ...adapter,
      refreshStatus: (payment) => {
        asked.refresh.push(payment.orderId);
        return adapter.refreshStatus(payment);
      },
      cancelPayment: (payment) => {
        asked.cancel.push(payment.orderId);
        return adapter.cancelPayment(payment);
      },
    };
  };
  return { deps: { db, catalog, adapterFor }, asked };
}

async function startRedirectPayment(
  shopper: TestBrowser,
): Promise<{ cart: CartView; orderId: string }> {
  const cart = (
    await shopper.inject({
      method: 'POST',
      url: '/api/carts/',
      payload: { mainPlan: 'vpn-basic-1y', currency: 'USD', country: 'US', email: 'x@gmail.com' },
    })
  ).json<CartView>();
  const res = await shopper.inject({
    method: 'POST',
    url: '/api/payments/',
    headers: { 'idempotency-key': randomUUID() },
    payload: { cartId: cart.id, provider: 'paypal', returnPath: '/processing/' },
  });
  expect(res.statusCode).toBe(201);
  return { cart, orderId: res.json<PaymentAction>().orderId };
}

const movesOf = async (db: Database, orderId: string) =>
  (
    await db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, orderId))
      .orderBy(asc(orderEvents.id))
  ).map((e) => `${e.toStatus}:${e.source}`);

describe('abandoned orders expire (PGlite)', () => {
  let t: TestApp;
  const shopper = testBrowser(() => t.app);
  beforeAll(async () => {
    t = await createTestApp({ SANDBOX_WEBHOOK_DROP_RATE: '1' });
  }, 60_000);
  afterAll(() => t.close());

  const order = async (id: string) =>
    (await shopper.inject({ method: 'GET', url: `/api/orders/${id}/` })).json<OrderView>();
  const cartStatus = async (id: string) =>
    (await t.database.db.select().from(carts).where(eq(carts.id, id)))[0]?.status;
  const inAnHour = () => new Date(Date.now() + HOUR + 60_000);

  it('asks the provider once more, then cancels an order left in new there and here, and reopens its cart', async () => {
    const { cart, orderId } = await startRedirectPayment(shopper);
    expect(await cartStatus(cart.id)).toBe('payment_started');
    const { deps, asked } = countingDeps(t.app, t.database.db, t.catalog);

    // An hour later the shopper never came back from the provider's page.
    const result = await expireAbandonedOrders(deps, { ...EXPIRY, now: inAnHour() });
    expect(result).toMatchObject({ expired: 1, answered: 0 });
    expect(asked).toEqual({ refresh: [orderId], cancel: [orderId] });
    expect((await order(orderId)).status).toBe('canceled');
    expect(await movesOf(t.database.db, orderId)).toEqual(['canceled:expiry']);
    const [payment] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.orderId, orderId));
    const ledger = await t.database.db
      .select()
      .from(sandboxLedger)
      .where(eq(sandboxLedger.paymentId, payment!.id));
    expect(ledger.map((row) => row.action)).toEqual(['void']);
    // The cart is payable again.
    expect(await cartStatus(cart.id)).toBe('open');
    const again = await shopper.inject({
      method: 'POST',
      url: '/api/payments/',
      headers: { 'idempotency-key': randomUUID() },
      payload: { cartId: cart.id, provider: 'paypal', returnPath: '/processing/' },
    });
    expect(again.statusCode).toBe(201);
    // A second sweep finds nothing more to do for the expired order.
    const { deps: later, asked: askedLater } = countingDeps(t.app, t.database.db, t.catalog);
    await expireAbandonedOrders(later, { ...EXPIRY, now: inAnHour() });
    expect(askedLater.cancel).not.toContain(orderId);
  });

  it('moves an order by the answer the provider gives when asked, instead of canceling it', async () => {
    const { cart, orderId } = await startRedirectPayment(shopper);
    const [payment] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.orderId, orderId));
    // The provider took the money, but the browser's return and the notification were lost.
    await recordSettlement(t.database.db, {
      paymentId: payment!.id,
      reported: 'COMPLETED',
      finalReported: 'COMPLETED',
      settlesAt: new Date(),
    });
    const { deps, asked } = countingDeps(t.app, t.database.db, t.catalog);
    const result = await expireAbandonedOrders(deps, { ...EXPIRY, now: inAnHour() });
    expect(result).toMatchObject({ expired: 0, answered: 1 });
    expect(asked.cancel).toEqual([]);
    expect((await order(orderId)).status).toBe('paid');
    expect(await movesOf(t.database.db, orderId)).toEqual(['paid:poll']);
    expect(await cartStatus(cart.id)).toBe('completed');
  });

  it('leaves an order alone until ORDER_EXPIRY_MINUTES have passed', async () => {
    const { orderId } = await startRedirectPayment(shopper);
    const { deps, asked } = countingDeps(t.app, t.database.db, t.catalog);
    await expireAbandonedOrders(deps, { ...EXPIRY, now: new Date(Date.now() + 30 * 60_000) });
    expect(asked.refresh).not.toContain(orderId);
    expect((await order(orderId)).status).toBe('new');
  });
});

// Several api nodes sweep one PostgreSQL database at once: each order is expired once.
describeOnPostgres('abandoned orders expire (PostgreSQL, two nodes)', () => {
  let cluster: Cluster;
  const nodes: DatabaseHandle[] = [];
  let catalog: Catalog;
  let app: FastifyInstance;
  beforeAll(async () => {
    cluster = await startCluster();
    for (let n = 0; n < 2; n++) {
      nodes.push(
        await openDatabase({
          databaseUrl: cluster.url,
          pgliteDir: 'unused',
          prepare: prepareCatalog,
        }),
      );
    }
    catalog = await openCatalog(nodes[0]!.db, 0);
    const env = loadEnv({
      LOG_LEVEL: 'silent',
      DATABASE_URL: cluster.url,
      SANDBOX_WEBHOOK_DROP_RATE: '1',
    });
    app = await buildApp({ env, database: nodes[0]!, catalog });
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    catalog?.close();
    await Promise.all(nodes.map((n) => n.close()));
    cluster?.stop();
  });

  it('expires each of 12 abandoned orders exactly once while two nodes sweep together', async () => {
    const shopper = testBrowser(() => app);
    const started = [];
    for (let i = 0; i < 12; i++) started.push(await startRedirectPayment(shopper));
    const ids = started.map((s) => s.orderId);
    const sweepers = nodes.map((node) => countingDeps(app, node.db, catalog));
    const now = new Date(Date.now() + HOUR + 60_000);
    const results = await Promise.all(
      sweepers.map(({ deps }) => expireAbandonedOrders(deps, { ...EXPIRY, now, limit: 3 })),
    );
    expect(results.reduce((sum, r) => sum + r.expired, 0)).toBe(12);
    const canceled = sweepers.flatMap(({ asked }) => asked.cancel).sort();
    expect(canceled).toEqual([...ids].sort());
    const refreshed = sweepers.flatMap(({ asked }) => asked.refresh).sort();
    expect(refreshed).toEqual([...ids].sort());
    const events = await nodes[0]!.db
      .select()
      .from(orderEvents)
      .where(inArray(orderEvents.orderId, ids));
    expect(events.map((e) => `${e.toStatus}:${e.source}`)).toEqual(
      ids.map(() => 'canceled:expiry'),
    );
    const reopened = await nodes[0]!.db
      .select()
      .from(carts)
      .where(
        inArray(
          carts.id,
          started.map((s) => s.cart.id),
        ),
      );
    expect(reopened.every((c) => c.status === 'open')).toBe(true);
  }, 120_000);
});
