import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, like } from 'drizzle-orm';
import { periodEnd, type OrderView, type PaymentAction } from '@checkout/core';
import { createTestApp, type TestApp } from '../../test-app';
import { testBrowser, type TestBrowser } from '../../test-browser';
import { productionEnv } from '../../test-env';
import { buyByCard } from '../../test-support/purchase';
import { sandboxMail } from '../../mail/tables';
import { invoices } from '../billing/tables';
import { orders } from '../orders/tables';
import { subscriptionEvents, subscriptions } from '../subscriptions/tables';
import { payments, webhookEvents } from '../payments/tables';
import { createSession } from '../users/sessions';

const DAY = 24 * 3600_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('renewals, dunning and reminders', () => {
  let t: TestApp;
  let shopper: TestBrowser;
  let cards = 0;
  beforeAll(async () => {
    t = await createTestApp({ SANDBOX_WEBHOOK_DELAY_MS: '0', DUNNING_GRACE_DAYS: '5' });
    shopper = testBrowser(() => t.app);
  }, 60_000);
  afterAll(() => t.close());

  /** Buys a VPN plan (the yearly one unless told) with a card; answers the subscription row. */
  async function subscribe(email: string, number: string, mainPlan = 'vpn-basic-1y') {
    const paid = await buyByCard(shopper, {
      cart: { email, mainPlan },
      card: { number, name: 'Anna Smith' },
      key: `renewal-test-${++cards}-abcdef`,
    });
    const { orderId } = paid.json<PaymentAction>();
    const order = (
      await shopper.inject({ method: 'GET', url: `/api/orders/${orderId}/` })
    ).json<OrderView>();
    expect(order.status).toBe('paid');
    const [sub] = await t.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.orderId, orderId));
    if (!sub) throw new Error('no subscription');
    return sub;
  }
  const advance = async (ms: number) => {
    const res = await shopper.inject({
      method: 'POST',
      url: '/api/sandbox/clock/',
      payload: { advanceMs: ms },
    });
    expect(res.statusCode).toBe(200);
  };
  /** Moves the clock to just past the subscription's next charge. */
  const advanceTo = async (date: Date) => {
    const { now } = (
      await shopper.inject({
        method: 'POST',
        url: '/api/sandbox/clock/',
        payload: { advanceMs: 1 },
      })
    ).json<{ now: string }>();
    const ms = date.getTime() - new Date(now).getTime() + 60_000;
    if (ms > 0) await advance(ms);
  };
  const subscription = async (id: string) =>
    (await t.database.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0];
  const renewalOrders = (id: string) =>
    t.database.db
      .select()
      .from(orders)
      .where(eq(orders.subscriptionId, id))
      .orderBy(asc(orders.createdAt));
  const mails = (to: string, subject: string) =>
    t.database.db
      .select()
      .from(sandboxMail)
      .where(and(eq(sandboxMail.to, to), like(sandboxMail.subject, `%${subject}%`)));
  const events = async (id: string) =>
    (
      await t.database.db
        .select({ type: subscriptionEvents.type, actor: subscriptionEvents.actor })
        .from(subscriptionEvents)
        .where(eq(subscriptionEvents.subscriptionId, id))
        .orderBy(asc(subscriptionEvents.id))
    ).map((e) => `${e.type}:${e.actor}`);

  it('charges a due subscription once: a paid renewal order, one period on, month ends kept', async () => {
    const sub = await subscribe('renew@gmail.com', '4000000000001430');
    await advanceTo(sub.nextChargeAt);
    // A second run (another node, a retried job) finds nothing more to do.
    await advance(1000);
    const renewals = await renewalOrders(sub.id);
    expect(renewals.map((o) => [o.status, o.totalMinor, o.currency])).toEqual([
      ['paid', sub.nextChargeMinor, 'EUR'],
    ]);
    const after = await subscription(sub.id);
    expect(after?.status).toBe('active');
    expect(after?.cycle).toBe(2);
    const period = { interval: sub.periodInterval ?? 1, unit: sub.periodUnit ?? 'Year' };
    expect(after?.nextChargeAt.toISOString()).toBe(
      periodEnd(sub.anchorAt, period, 2).toISOString(),
    );
    expect(await events(sub.id)).toContain('renewed:renewal');
    // The gateway's notifications (two copies) are matched to the renewal's own order.
    const [payment] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.orderId, renewals[0]?.id ?? ''));
    let heard: unknown[] = [];
    for (let i = 0; i < 40 && heard.length === 0; i++) {
      await sleep(250);
      heard = await t.database.db
        .select()
        .from(webhookEvents)
        .where(eq(webhookEvents.paymentId, payment?.id ?? ''));
    }
    expect(heard.length).toBeGreaterThan(0);
    expect((await renewalOrders(sub.id)).map((o) => o.status)).toEqual(['paid']);
  }, 60_000);

  it('a two-year plan runs its 27 months (3 extra), then renews every year at the renewal price, as the plan page says', async () => {
    const sub = await subscribe('renew-2y@gmail.com', '4000000000001562', 'vpn-basic-2y');
    const firstEnd = periodEnd(
      periodEnd(sub.anchorAt, { interval: 2, unit: 'Year' }, 1),
      {
        interval: 3,
        unit: 'Month',
      },
      1,
    );
    expect(sub.nextChargeAt.toISOString()).toBe(firstEnd.toISOString());
    await advanceTo(sub.nextChargeAt);
    const after = await subscription(sub.id);
    expect(after?.cycle).toBe(2);
    expect(after?.nextChargeAt.toISOString()).toBe(
      periodEnd(firstEnd, { interval: 1, unit: 'Year' }, 1).toISOString(),
    );
    const [renewal] = await renewalOrders(sub.id);
    expect(renewal?.totalMinor).toBe(sub.nextChargeMinor);
    // Its invoice is drawn from the renewal plan for one year, not the first order's lines.
    expect(
      renewal?.snapshot.lines.map((l) => [l.plan, l.period.identifier, l.amountMinor]),
    ).toEqual([['vpn-basic-1y-renewal', '1y', renewal?.snapshot.subtotalMinor]]);
    expect(renewal?.snapshot.totalMinor).toBe(renewal?.totalMinor);
    expect(renewal?.snapshot.tax.taxMinor).toBe(renewal?.taxMinor);
    // Billing's job issues the renewal its own invoice, for the amount charged.
    await expect
      .poll(
        async () =>
          (
            await t.database.db
              .select({ document: invoices.document })
              .from(invoices)
              .where(and(eq(invoices.orderId, renewal?.id ?? ''), eq(invoices.kind, 'invoice')))
          ).map((row) => row.document.totalMinor),
        { timeout: 10_000 },
      )
      .toEqual([renewal?.totalMinor]);
  }, 60_000);

  it('reminds once before a yearly renewal', async () => {
    const sub = await subscribe('remind@gmail.com', '4000000000001471');
    await advanceTo(new Date(sub.nextChargeAt.getTime() - 6 * DAY));
    await advance(DAY);
    expect(await mails('remind@gmail.com', 'renews on')).toHaveLength(1);
    expect(await renewalOrders(sub.id)).toHaveLength(0);
  }, 60_000);

  it('a card that declines renewals: past_due at once, retried +1/+3/+7 days with a mail each, canceled after the grace period', async () => {
    const sub = await subscribe('dunning@gmail.com', '4000000000000341');
    await advanceTo(sub.nextChargeAt);
    expect((await subscription(sub.id))?.status).toBe('past_due');
    for (const days of [1, 2, 4]) await advance(days * DAY + 60_000);
    const failedMails = await mails('dunning@gmail.com', 'could not renew');
    expect(failedMails).toHaveLength(4);
    expect(failedMails[0]?.body).toContain(`/dashboard/card/?subscription=${sub.id}`);
    expect((await subscription(sub.id))?.status).toBe('past_due');
    expect((await renewalOrders(sub.id)).map((o) => o.status)).toEqual([
      'error',
      'error',
      'error',
      'error',
    ]);
    await advance(5 * DAY + 60_000);
    const ended = await subscription(sub.id);
    expect(ended?.status).toBe('canceled');
    expect(ended?.cycle).toBe(1);
    expect(await mails('dunning@gmail.com', 'has ended')).toHaveLength(1);
    expect(await events(sub.id)).toEqual([
      'past_due:dunning',
      'renewal_failed:dunning',
      'renewal_failed:dunning',
      'renewal_failed:dunning',
      'canceled:dunning',
    ]);
  }, 60_000);

  it('a new card on the update-card page replaces the declining one and pays the overdue renewal at once', async () => {
    const sub = await subscribe('newcard@gmail.com', '4000000000000341');
    await advanceTo(sub.nextChargeAt);
    expect((await subscription(sub.id))?.status).toBe('past_due');
    const token = await createSession(t.database.db, {
      id: 'acct-newcard',
      email: 'newcard@gmail.com',
      providerSid: null,
    });
    const { token: cardToken } = (
      await shopper.inject({
        method: 'POST',
        url: '/api/sandbox/tokens/',
        payload: { number: '4000000000001497', expiry: '12 / 30', cvc: '123', name: 'Anna Smith' },
      })
    ).json<{ token: string }>();
    const url = `/api/subscriptions/${sub.id}/payment-method/`;
    // The page's view: the card on file and the card fields that take the new one.
    const onFile = async (session: string) =>
      (await t.app.inject({ method: 'GET', url, cookies: { token: session } })).json<unknown>();
    expect(await onFile(token)).toMatchObject({
      id: sub.id,
      plan: 'vpn-basic-1y',
      product: 'vpn',
      status: 'past_due',
      provider: 'adyen_card',
      cardFields: '/api/sandbox/card-fields/',
      country: 'DE',
      card: { brand: 'VISA', last4: '0341' },
    });
    // Nobody logged in, or another customer: refused, nothing changes.
    const anonymous = await t.app.inject({ method: 'POST', url, payload: { cardToken } });
    expect(anonymous.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const other = await createSession(t.database.db, {
      id: 'acct-other',
      email: 'other@gmail.com',
      providerSid: null,
    });
    expect((await t.app.inject({ method: 'GET', url, cookies: { token: other } })).statusCode).toBe(
      404,
    );
    const stranger = await t.app.inject({
      method: 'POST',
      url,
      cookies: { token: other },
      payload: { cardToken },
    });
    expect(stranger.statusCode).toBe(404);
    const res = await t.app.inject({
      method: 'POST',
      url,
      cookies: { token },
      payload: { cardToken },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ last4: '1497', renewed: true });
    expect(await onFile(token)).toMatchObject({
      status: 'active',
      card: { brand: 'VISA', last4: '1497' },
    });
    const after = await subscription(sub.id);
    expect(after?.status).toBe('active');
    expect(after?.cycle).toBe(2);
    expect((await renewalOrders(sub.id)).map((o) => o.status)).toEqual(['error', 'paid']);
    expect(await events(sub.id)).toEqual([
      'past_due:dunning',
      'payment_method_updated:customer',
      'recovered:renewal',
    ]);
  }, 60_000);

  it('with auto-renew off the subscription expires at the period end and nothing is charged', async () => {
    const sub = await subscribe('norenew@gmail.com', '4000000000001513');
    await t.database.db
      .update(subscriptions)
      .set({ autoRenew: false })
      .where(eq(subscriptions.id, sub.id));
    await advanceTo(sub.nextChargeAt);
    expect((await subscription(sub.id))?.status).toBe('expired');
    expect(await renewalOrders(sub.id)).toHaveLength(0);
  }, 60_000);

  it('a refund of a renewal order ends the subscription it renewed, and nothing more is charged', async () => {
    const email = 'refunds.renewal@gmail.com';
    const sub = await subscribe(email, '4000000000001554');
    await advanceTo(sub.nextChargeAt);
    const [renewal] = await renewalOrders(sub.id);
    expect(renewal?.status).toBe('paid');
    const customer = testBrowser(() => t.app);
    customer.cookies.set(
      'token',
      await createSession(t.database.db, { id: 'acct-refunds', email, providerSid: null }),
    );
    const refund = await customer.inject({
      method: 'POST',
      url: `/api/users/current/orders/${renewal!.id}/refund/`,
      payload: {},
    });
    expect(refund.statusCode).toBe(200);
    expect(refund.json()).toMatchObject({ id: renewal!.id, status: 'refunded' });
    // The refunded period was the one running: the subscription ends now, as the terms say.
    expect(await subscription(sub.id)).toMatchObject({ status: 'canceled', autoRenew: false });
    expect((await events(sub.id)).filter((e) => e.endsWith(':customer'))).toEqual([
      'refunded:customer',
    ]);
    const after = await subscription(sub.id);
    await advanceTo(after!.nextChargeAt);
    expect((await renewalOrders(sub.id)).map((o) => o.status)).toEqual(['refunded']);
  }, 60_000);

  it('refuses a malformed clock jump with a 4xx and a code', async () => {
    const res = await shopper.inject({
      method: 'POST',
      url: '/api/sandbox/clock/',
      payload: { advanceMs: -5 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: { code: string } }>().error.code).toBe('validation_failed');
  });
});

describe('the sandbox clock in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(productionEnv({ SANDBOX_GATEWAY: 'on' }));
  }, 60_000);
  afterAll(() => t.close());

  it('is not served, even with the sandbox gateway on', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/sandbox/clock/',
      payload: { advanceMs: 1000 },
    });
    expect(res.statusCode).toBe(404);
  });
});
