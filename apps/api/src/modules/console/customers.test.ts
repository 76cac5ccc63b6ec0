import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { PaymentAction } from '@checkout/core';
import { createTestApp, type TestApp } from '../../test-app';
import { testBrowser } from '../../test-browser';
import { buyByCard } from '../../test-support/purchase';
import { staffBrowser } from '../../test-support/staff';
import { subscriptions } from '../subscriptions/tables';

const ORIGIN = 'http://localhost:3000';

interface CustomerView {
  emailMasked: string;
  orders: { id: string; status: string }[];
  subscriptions: {
    id: string;
    status: string;
    nextChargeAt: string;
    autoRenew: boolean;
    dunningAttempts: number;
    card: { brand: string | null; last4: string } | null;
  }[];
}

describe("the console's customers", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SANDBOX_WEBHOOK_DELAY_MS: '0' });
  }, 60_000);
  afterAll(() => t.close());

  /** A shopper buys the yearly plan with `number`'s card: the order and its subscription. */
  async function subscribe(email: string, number: string) {
    const shopper = testBrowser(() => t.app);
    const { orderId } = (
      await buyByCard(shopper, { cart: { email }, card: { number, name: 'Anna Smith' } })
    ).json<PaymentAction & { orderId: string }>();
    const [sub] = await t.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.orderId, orderId));
    if (!sub) throw new Error('no subscription');
    return { orderId, sub, shopper };
  }

  it('finds a customer by an order, with the renewal, dunning stage and card of each subscription', async () => {
    const { orderId, sub, shopper } = await subscribe(
      'declines.later@gmail.com',
      '4000000000000341',
    );
    // The renewal falls due and the card declines it: past due, first dunning attempt.
    const { now } = (
      await shopper.inject({
        method: 'POST',
        url: '/api/sandbox/clock/',
        payload: { advanceMs: 1 },
      })
    ).json<{ now: string }>();
    await shopper.inject({
      method: 'POST',
      url: '/api/sandbox/clock/',
      payload: { advanceMs: sub.nextChargeAt.getTime() - new Date(now).getTime() + 60_000 },
    });
    const support = await staffBrowser(() => t.app, t.database.db, 'support');
    const found = await support.inject({
      method: 'GET',
      url: `/api/console/customers/?orderId=${orderId}`,
    });
    expect(found.statusCode).toBe(200);
    const customer = found.json<CustomerView>();
    expect(customer.emailMasked).toBe('d***@gmail.com');
    expect(JSON.stringify(customer)).not.toContain('declines.later');
    // The first order paid; the declined renewal is an order of its own, newest first.
    expect(customer.orders.map((o) => o.status)).toEqual(['error', 'paid']);
    expect(customer.orders[1]?.id).toBe(orderId);
    expect(customer.subscriptions).toEqual([
      expect.objectContaining({
        id: sub.id,
        status: 'past_due',
        autoRenew: true,
        dunningAttempts: 1,
        card: { brand: 'VISA', last4: '0341' },
      }),
    ]);
    // Retrying now charges the same declining card: still past due, one attempt more.
    const retried = await support.inject({
      method: 'POST',
      url: `/api/console/subscriptions/${sub.id}/retry/`,
      headers: { origin: ORIGIN },
      payload: {},
    });
    expect(retried.json()).toEqual({ id: sub.id, paid: false });
    const after = (
      await support.inject({ method: 'GET', url: `/api/console/customers/?orderId=${orderId}` })
    ).json<CustomerView>();
    expect(after.subscriptions[0]).toMatchObject({ status: 'past_due', dunningAttempts: 2 });
  });

  it('answers a lookup by nothing, by both, or by an unknown order with 400 or 404', async () => {
    const analyst = await staffBrowser(() => t.app, t.database.db, 'analyst');
    const get = (query: string) =>
      analyst.inject({ method: 'GET', url: `/api/console/customers/?${query}` });
    expect((await get('')).statusCode).toBe(400);
    expect((await get(`email=a@b.co&orderId=${randomUUID()}`)).statusCode).toBe(400);
    expect((await get('orderId=42')).statusCode).toBe(400);
    const unknown = await get(`orderId=${randomUUID()}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<{ error: { code: string } }>().error.code).toBe('not_found');
  });
});
