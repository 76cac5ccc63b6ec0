import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { OrderView, PaymentAction } from '@checkout/core';
import { createTestApp, type TestApp } from '../../test-app';
import { testBrowser } from '../../test-browser';
import { buyByCard } from '../../test-support/purchase';
import { countStatements } from '../../test-support/statements';
import { signedNotification } from '../../test-support/signed-notification';
import { payments, webhookEvents } from './tables';

const SECRET = 'notification-statements-secret-0123';

/**
 * What a provider's notification costs the database when it only confirms what the payment's
 * answer already did (a card paid at once, then its capture notified, as every provider does and
 * as the sandbox sends twice): one statement for the first delivery, which finds the order paid
 * and records the event, and one for each repeat, which finds the event recorded.
 */
describe('the statements of a notification that confirms a paid order', () => {
  let t: TestApp;
  const shopper = testBrowser(() => t.app);
  beforeAll(async () => {
    // The gateway's own notifications are lost on the way: the test sends them.
    t = await createTestApp({ WEBHOOK_SECRET: SECRET, SANDBOX_WEBHOOK_DROP_RATE: '1' });
  });
  afterAll(() => t.close());

  const paidOrder = async () => {
    const { orderId } = (
      await buyByCard(shopper, {
        cart: { currency: 'USD', country: 'US', email: 'notified@gmail.com' },
      })
    ).json<PaymentAction>();
    const [payment] = await t.database.db
      .select({ id: payments.id })
      .from(payments)
      .where(eq(payments.orderId, orderId));
    if (!payment) throw new Error('no payment');
    return { orderId, paymentId: payment.id };
  };

  it('records the first delivery in one statement and answers its repeat in one', async () => {
    const { orderId, paymentId } = await paidOrder();
    const eventId = randomUUID();
    const body = JSON.stringify({ id: eventId, paymentId, status: 'Authorised' });
    const counter = countStatements(t.database.db);
    try {
      const first = { statements: [] as string[] };
      const firstAnswer = await counter.run(first, () =>
        shopper.inject(signedNotification(SECRET, body)),
      );
      expect(firstAnswer.json()).toEqual({ received: true, applied: false });
      expect(first.statements.length, first.statements.join('\n')).toBe(1);
      const recorded = await t.database.db
        .select({ id: webhookEvents.id })
        .from(webhookEvents)
        .where(eq(webhookEvents.id, eventId));
      expect(recorded).toEqual([{ id: eventId }]);

      const repeat = { statements: [] as string[] };
      const repeatAnswer = await counter.run(repeat, () =>
        shopper.inject(signedNotification(SECRET, body)),
      );
      expect(repeatAnswer.json()).toEqual({ received: true, duplicate: true });
      expect(repeat.statements.length, repeat.statements.join('\n')).toBe(1);
    } finally {
      counter.restore();
    }
    const order = (
      await shopper.inject({ method: 'GET', url: `/api/orders/${orderId}/` })
    ).json<OrderView>();
    expect(order.status).toBe('paid');
  });
});
