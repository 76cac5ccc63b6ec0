import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { CartView } from '@checkout/core';
import type { DashboardView } from '@checkout/core/contract';
import { createTestApp, type TestApp } from '../../test-app';
import { testBrowser, type TestBrowser } from '../../test-browser';
import { cardToken, openCart, payByCard } from '../../test-support/purchase';
import { accountByEmail } from '../identity/accounts';
import { orderEvents, orders } from '../orders/tables';
import { subscriptionEvents, subscriptions } from '../subscriptions/tables';
import { applyProviderStatus, moveOrder } from '../payments/outcome';
import { payments } from '../payments/tables';
import { sandboxLedger } from '../sandbox-gateway/tables';
import { createSession } from '../users/sessions';

describe('self-service on the account dashboard', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  let cards = 0;
  /** A shopper buys `plan` by card (a real sandbox payment) and logs in as its e-mail. */
  async function customerWithOrder(email: string, plan = 'vpn-basic-1y') {
    const browser = testBrowser(() => t.app);
    const cart = await openCart(browser, { mainPlan: plan, email });
    const paid = await payByCard(browser, {
      cartId: cart.id,
      token: await cardToken(browser),
      key: `self-service-${++cards}-${randomUUID()}`,
    });
    const orderId = paid.json<{ orderId: string }>().orderId;
    const account = await accountByEmail(t.database.db, email);
    browser.cookies.set(
      'token',
      await createSession(t.database.db, { id: account!.id, email, providerSid: null }),
    );
    const dashboard = await dashboardOf(browser);
    const subscription = dashboard.subscriptions.find((s) => s.orderId === orderId)!;
    return { browser, orderId, subscriptionId: subscription.id, cart };
  }

  const dashboardOf = async (browser: TestBrowser) =>
    (
      await browser.inject({ method: 'GET', url: '/api/users/current/dashboard/' })
    ).json<DashboardView>();
  const setAutoRenew = (browser: TestBrowser, id: string, autoRenew: unknown) =>
    browser.inject({
      method: 'PUT',
      url: `/api/users/current/subscriptions/${id}/auto-renew/`,
      payload: { autoRenew },
    });
  const cancel = (browser: TestBrowser, id: string) =>
    browser.inject({
      method: 'POST',
      url: `/api/users/current/subscriptions/${id}/cancel/`,
      payload: {},
    });
  const refund = (browser: TestBrowser, id: string) =>
    browser.inject({ method: 'POST', url: `/api/users/current/orders/${id}/refund/`, payload: {} });
  const history = async (subscriptionId: string) =>
    (
      await t.database.db
        .select()
        .from(subscriptionEvents)
        .where(eq(subscriptionEvents.subscriptionId, subscriptionId))
        .orderBy(subscriptionEvents.id)
    ).map((e) => `${e.type}:${e.actor}`);
  /** What the provider was asked to give back for the order (the sandbox gateway's ledger). */
  const refundsAtGateway = async (orderId: string) =>
    (
      await t.database.db
        .select({ action: sandboxLedger.action })
        .from(sandboxLedger)
        .innerJoin(payments, eq(payments.id, sandboxLedger.paymentId))
        .where(and(eq(payments.orderId, orderId), eq(sandboxLedger.action, 'refund')))
    ).length;

  it('shows each subscription with its auto-renew state, next charge and the refund deadline', async () => {
    const { browser, orderId, subscriptionId } = await customerWithOrder('sees.all@gmail.com');
    const view = await dashboardOf(browser);
    expect(view.subscriptions).toEqual([
      expect.objectContaining({
        id: subscriptionId,
        orderId,
        status: 'active',
        autoRenew: true,
        currency: 'EUR',
      }),
    ]);
    const order = view.orders.find((o) => o.id === orderId)!;
    // The VPN's money-back window is the catalog's default, 30 days from the payment.
    const days = (Date.parse(order.refundableUntil!) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
  });

  it('turns auto-renew off and on again, recording each change once', async () => {
    const { browser, subscriptionId } = await customerWithOrder('toggles@gmail.com');
    const off = await setAutoRenew(browser, subscriptionId, false);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ id: subscriptionId, status: 'active', autoRenew: false });
    // A double click changes nothing more.
    expect((await setAutoRenew(browser, subscriptionId, false)).statusCode).toBe(200);
    expect((await dashboardOf(browser)).subscriptions[0]).toMatchObject({ autoRenew: false });
    expect((await setAutoRenew(browser, subscriptionId, true)).json()).toMatchObject({
      autoRenew: true,
    });
    expect(await history(subscriptionId)).toEqual([
      'auto_renew_off:customer',
      'auto_renew_on:customer',
    ]);
    const bad = await setAutoRenew(browser, subscriptionId, 'nope');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: { code: 'validation_failed' } });
  });

  it('cancels at once, once, and refuses further changes to the ended subscription', async () => {
    const { browser, subscriptionId } = await customerWithOrder('cancels@gmail.com');
    const [first, second] = await Promise.all([
      cancel(browser, subscriptionId),
      cancel(browser, subscriptionId),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(first.json()).toMatchObject({ status: 'canceled', autoRenew: false });
    const [row] = await t.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, subscriptionId));
    expect(row).toMatchObject({ status: 'canceled', autoRenew: false });
    expect(row!.endedAt).not.toBeNull();
    expect(await history(subscriptionId)).toEqual(['canceled:customer']);
    const turnOn = await setAutoRenew(browser, subscriptionId, true);
    expect(turnOn.statusCode).toBe(409);
    expect(turnOn.json()).toMatchObject({ error: { code: 'subscription_ended' } });
  });

  it("answers 404 for another account's subscription or order, and changes nothing", async () => {
    const owner = await customerWithOrder('owner.of.it@gmail.com');
    const other = await customerWithOrder('someone.else@gmail.com');
    for (const answer of [
      await setAutoRenew(other.browser, owner.subscriptionId, false),
      await cancel(other.browser, owner.subscriptionId),
      await refund(other.browser, owner.orderId),
    ]) {
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toMatchObject({ error: { code: 'not_found' } });
    }
    const loggedOut = testBrowser(() => t.app);
    expect((await cancel(loggedOut, owner.subscriptionId)).statusCode).toBe(401);
    expect((await dashboardOf(owner.browser)).subscriptions[0]).toMatchObject({
      status: 'active',
      autoRenew: true,
    });
    expect(await history(owner.subscriptionId)).toEqual([]);
  });

  it('refunds a paid order once however often it is asked, and ends its subscription', async () => {
    const { browser, orderId, subscriptionId, cart } = await customerWithOrder('refunds@gmail.com');
    const answers = await Promise.all([refund(browser, orderId), refund(browser, orderId)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(answers[0].json()).toMatchObject({ id: orderId, status: 'refunded' });
    expect((await refund(browser, orderId)).json()).toMatchObject({ status: 'refunded' });
    expect(await refundsAtGateway(orderId)).toBe(1);
    const moves = await t.database.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, orderId))
      .orderBy(orderEvents.id);
    expect(moves.map((m) => `${m.fromStatus}>${m.toStatus}:${m.source}`)).toEqual([
      'new>paid:authorization',
      'paid>refund_due:customer',
      'refund_due>refunded:refund',
    ]);
    const view = await dashboardOf(browser);
    expect(view.orders.find((o) => o.id === orderId)).toMatchObject({
      status: 'refunded',
      totalMinor: cart.totalMinor,
      refundableUntil: null,
    });
    expect(view.subscriptions[0]).toMatchObject({ status: 'canceled', autoRenew: false });
    expect(await history(subscriptionId)).toEqual(['refunded:customer']);
  });

  it('lets no provider word or other source move a paid order towards a refund', async () => {
    const { orderId } = await customerWithOrder('paid.stays.paid@gmail.com');
    const deps = { db: t.database.db, catalog: t.catalog, adapterFor: () => undefined };
    const paid = { id: orderId, status: 'paid' as const };
    expect(await applyProviderStatus(deps, paid, 'refund_due', 'webhook')).toBe(false);
    expect(await applyProviderStatus(deps, paid, 'canceled', 'poll')).toBe(false);
    expect(await moveOrder(deps, orderId, 'refund_due', 'webhook')).toBe(false);
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order!.status).toBe('paid');
    expect(await refundsAtGateway(orderId)).toBe(0);
  });

  it('refuses a refund past the money-back window with refund_window_closed', async () => {
    const { browser, orderId, subscriptionId } = await customerWithOrder('too.late@gmail.com');
    await t.database.db
      .update(orderEvents)
      .set({ createdAt: sql`now() - interval '31 days'` })
      .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.toStatus, 'paid')));
    const late = await refund(browser, orderId);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ error: { code: 'refund_window_closed' } });
    expect(late.body).not.toContain('at ');
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order!.status).toBe('paid');
    expect(await refundsAtGateway(orderId)).toBe(0);
    expect((await dashboardOf(browser)).orders[0]).toMatchObject({ refundableUntil: null });
    expect(await history(subscriptionId)).toEqual([]);
  });

  it('refuses a refund of an order that was never paid with order_not_refundable', async () => {
    const { browser, cart } = await customerWithOrder('unpaid@gmail.com');
    // A second order of the same cart that the shopper abandoned at PayPal.
    const started = await browser.inject({
      method: 'POST',
      url: '/api/carts/',
      payload: { mainPlan: 'vpn-basic-1y', currency: 'EUR', country: 'DE', email: cart.email },
    });
    const pending = await browser.inject({
      method: 'POST',
      url: '/api/payments/',
      headers: { 'idempotency-key': 'self-service-unpaid-paypal' },
      payload: {
        cartId: started.json<CartView>().id,
        provider: 'paypal',
        returnPath: '/processing/',
      },
    });
    const unpaidId = pending.json<{ orderId: string }>().orderId;
    const answer = await refund(browser, unpaidId);
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toMatchObject({ error: { code: 'order_not_refundable' } });
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, unpaidId));
    expect(order!.status).toBe('new');
  });

  it('quotes an upgrade to a longer or higher plan at the new price less the unused share paid', async () => {
    const { browser, subscriptionId, cart } = await customerWithOrder('upgrades@gmail.com');
    const quote = (plan: string) =>
      browser.inject({
        method: 'GET',
        url: `/api/users/current/subscriptions/${subscriptionId}/upgrade-quote/?plan=${plan}`,
      });
    const answer = await quote('vpn-plus-2y');
    expect(answer.statusCode).toBe(200);
    const price = t.catalog.snapshot().plans.get('vpn-plus-2y')!.prices.get('EUR')![0];
    const body = answer.json<{ creditMinor: number; priceMinor: number; dueMinor: number }>();
    // Bought moments ago: nearly all of what was paid is unused, never more than was paid.
    expect(body.creditMinor).toBeLessThanOrEqual(cart.totalMinor);
    expect(body.creditMinor).toBeGreaterThan(cart.totalMinor * 0.99);
    expect(body).toMatchObject({
      plan: 'vpn-plus-2y',
      currency: 'EUR',
      priceMinor: price,
      dueMinor: price - body.creditMinor,
    });
    // The same plan, another product's plan or a shorter one is no upgrade.
    for (const plan of ['vpn-basic-1y', 'pass-individual-1y', 'vpn-basic-1m', 'no-such-plan']) {
      const refused = await quote(plan);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ error: { code: 'not_an_upgrade' } });
    }
  });
});
