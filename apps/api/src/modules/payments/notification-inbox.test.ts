/** A provider's notification is recorded and answered at once; applying it waits for a job. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { CartView, OrderView, PaymentAction } from '@checkout/core';
import { createTestApp, type TestApp } from '../../test-app';
import { testBrowser } from '../../test-browser';
import { adyenEnv } from './providers/adyen-checkout/fake/config';
import { FakeAdyen } from './providers/adyen-checkout/fake/fake-adyen';
import { notificationInbox, payments } from './tables';

describe('the notification inbox (docs/decisions/008-notification-inbox.md)', () => {
  const env = adyenEnv();
  const basic = `Basic ${Buffer.from(`${env.ADYEN_WEBHOOK_USERNAME}:${env.ADYEN_WEBHOOK_PASSWORD}`).toString('base64')}`;
  let t: TestApp;
  let failing = true;
  const shopper = testBrowser(() => t.app);
  const fake = new FakeAdyen({
    merchantAccount: env.ADYEN_MERCHANT_ACCOUNT ?? '',
    apiKey: env.ADYEN_API_KEY ?? '',
    hmacKey: env.ADYEN_HMAC_KEY ?? '',
    deliver: async (body) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/callback/adyen/',
        headers: { 'content-type': 'application/json', authorization: basic },
        payload: body,
      });
      return { status: res.statusCode, body: res.body };
    },
  });
  beforeAll(async () => {
    const url = await fake.start();
    t = await createTestApp(
      { ...env, ADYEN_CHECKOUT_URL: url },
      {
        // Our side of applying it fails (a database outage, a bug) while this is on.
        faults: {
          beforeNotificationApplied: () => {
            if (failing) throw new Error('applying failed');
          },
        },
        logStream: { write: () => undefined },
      },
    );
  });
  afterAll(async () => {
    await t.close();
    await fake.stop();
  });

  it('answers Adyen [accepted] once the event is recorded, even while applying it fails', async () => {
    const cart = (
      await shopper.inject({
        method: 'POST',
        url: '/api/carts/',
        payload: { mainPlan: 'vpn-basic-1y', currency: 'EUR', country: 'NL', email: 'a@gmail.com' },
      })
    ).json<CartView>();
    const action = (
      await shopper.inject({
        method: 'POST',
        url: '/api/payments/',
        headers: { 'idempotency-key': 'inbox-test-0001' },
        payload: { cartId: cart.id, provider: 'adyen_ideal', returnPath: '/processing/' },
      })
    ).json<PaymentAction>();
    const [payment] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.orderId, action.orderId));
    if (!payment) throw new Error('no payment');
    expect(await fake.notify('CAPTURE', payment.id)).toEqual({ status: 200, body: '[accepted]' });
    const recorded = await t.database.db
      .select()
      .from(notificationInbox)
      .where(eq(notificationInbox.provider, 'adyen'));
    expect(recorded).toEqual([
      expect.objectContaining({
        eventId: expect.stringMatching(/:CAPTURE$/) as unknown,
        appliedAt: null,
      }),
    ]);
    const status = async () =>
      (
        await shopper.inject({ method: 'GET', url: `/api/orders/${action.orderId}/` })
      ).json<OrderView>().status;
    expect(await status()).toBe('new');
    // Once our side works again and the claim ran out, the next notification's job applies it.
    failing = false;
    await t.database.db.update(notificationInbox).set({ claimedUntil: null });
    expect(await fake.notify('CAPTURE', payment.id)).toEqual({ status: 200, body: '[accepted]' });
    await expect.poll(status, { timeout: 15_000, interval: 250 }).toBe('paid');
    // The event recorded while applying failed was applied too, not dropped.
    const first = recorded[0]?.eventId ?? '';
    const [kept] = await t.database.db
      .select()
      .from(notificationInbox)
      .where(eq(notificationInbox.eventId, first));
    expect(kept?.appliedAt).toBeInstanceOf(Date);
  });
});
