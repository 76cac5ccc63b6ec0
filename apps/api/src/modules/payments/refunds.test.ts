import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { PaymentAction } from '@checkout/core';
import { jobQueue } from '../../jobs/queue';
import { createTestApp, type TestApp } from '../../test-app';
import { testBrowser } from '../../test-browser';
import { buyByCard } from '../../test-support/purchase';
import { orders } from '../orders/tables';
import { subscriptionEvents, subscriptions } from '../subscriptions/tables';
import { sandboxAdapter } from '../sandbox-gateway/adapter';
import { SandboxGateway } from '../sandbox-gateway/gateway';
import { sandboxLedger } from '../sandbox-gateway/tables';
import { paymentDesk } from './desk';
import { startCustomerRefund } from './outcome';
import { retryDueRefunds } from './refunds';
import { payments } from './tables';

describe('a customer refund cut short by a crash', () => {
  let t: TestApp;
  const shopper = testBrowser(() => t.app);
  beforeAll(async () => {
    t = await createTestApp();
  }, 60_000);
  afterAll(() => t.close());

  /** The payment sweep of a node that started after the crash, refunding at the sandbox. */
  const restartedNode = () => {
    const { db } = t.database;
    const gateway = new SandboxGateway(
      t.app,
      db,
      paymentDesk({ db, catalog: t.catalog }),
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
      },
      // Refunds send no notification: the queue is never started nor sent to.
      jobQueue(t.database, t.app.log),
    );
    const adapter = sandboxAdapter(gateway);
    return { db, catalog: t.catalog, adapterFor: () => adapter };
  };

  /** A shopper pays for the yearly VPN by card: the paid order and the subscription it bought. */
  async function paidOrder(email: string) {
    const paid = await buyByCard(shopper, { cart: { email } });
    const { orderId } = paid.json<PaymentAction>();
    const [subscription] = await t.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.orderId, orderId));
    return { orderId, subscriptionId: subscription!.id };
  }

  it('leaves no refunded customer subscribed when the process dies right after the order moved', async () => {
    const { orderId, subscriptionId } = await paidOrder('crash.mid.refund@gmail.com');
    const { db } = t.database;
    // The refund request's first step, the order's move to refund_due; then kill -9.
    expect(await startCustomerRefund({ db, catalog: t.catalog }, orderId)).toBe(true);
    const subscription = async () =>
      (await db.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId)))[0];
    expect(await subscription()).toMatchObject({ status: 'canceled', autoRenew: false });

    // A node started after the crash sweeps the refunds still due.
    expect(await retryDueRefunds(restartedNode(), { retryAfterMs: 0 })).toBe(1);
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
    expect(order!.status).toBe('refunded');
    expect(await subscription()).toMatchObject({ status: 'canceled', autoRenew: false });
    const events = await db
      .select()
      .from(subscriptionEvents)
      .where(eq(subscriptionEvents.subscriptionId, subscriptionId));
    expect(events.map((e) => `${e.type}:${e.actor}`)).toEqual(['refunded:customer']);
    const refunds = await db
      .select()
      .from(sandboxLedger)
      .innerJoin(payments, eq(payments.id, sandboxLedger.paymentId))
      .where(and(eq(payments.orderId, orderId), eq(sandboxLedger.action, 'refund')));
    expect(refunds).toHaveLength(1);
  });
});
