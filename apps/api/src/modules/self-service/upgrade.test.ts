import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { CartView } from '@checkout/core';
import type { DashboardView, UpgradeOptions } from '@checkout/core/contract';
import { createTestApp, type TestApp } from '../../test-app';
import { testBrowser, type TestBrowser } from '../../test-browser';
import { cardToken, payByCard, TEST_CARD } from '../../test-support/purchase';
import { accountByEmail } from '../identity/accounts';
import { orders } from '../orders/tables';
import { subscriptionEvents, subscriptions } from '../subscriptions/tables';
import { moveOrder } from '../payments/outcome';
import { createSession } from '../users/sessions';

describe('upgrading a subscription through the checkout', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  let keys = 0;
  const pay = async (browser: TestBrowser, cartId: string, number = TEST_CARD.number) =>
    payByCard(browser, {
      cartId,
      token: await cardToken(browser, { number }),
      key: `upgrade-${++keys}-${randomUUID()}`,
    });
  const login = async (browser: TestBrowser, email: string) => {
    const account = await accountByEmail(t.database.db, email);
    browser.cookies.set(
      'token',
      await createSession(t.database.db, { id: account!.id, email, providerSid: null }),
    );
  };
  const newCart = (browser: TestBrowser, payload: Record<string, unknown>) =>
    browser.inject({ method: 'POST', url: '/api/carts/', payload });

  /** A shopper buys the monthly plan by card and logs in as its e-mail. */
  async function subscriber(email: string) {
    const browser = testBrowser(() => t.app);
    const payload = { mainPlan: 'vpn-basic-1m', currency: 'EUR', country: 'DE', email };
    const cart = (await newCart(browser, payload)).json<CartView>();
    const orderId = (await pay(browser, cart.id)).json<{ orderId: string }>().orderId;
    await login(browser, email);
    const dashboard = (
      await browser.inject({ method: 'GET', url: '/api/users/current/dashboard/' })
    ).json<DashboardView>();
    return { browser, subscriptionId: dashboard.subscriptions[0]!.id, orderId };
  }
  const upgradeCart = (browser: TestBrowser, subscriptionId: string, extra = {}) =>
    newCart(browser, {
      mainPlan: 'vpn-basic-1y',
      currency: 'EUR',
      country: 'DE',
      upgradeFrom: subscriptionId,
      ...extra,
    });
  const subscriptionRows = async (email: string) =>
    t.database.db.select().from(subscriptions).where(eq(subscriptions.email, email));
  const refund = (browser: TestBrowser, orderId: string) =>
    browser.inject({
      method: 'POST',
      url: `/api/users/current/orders/${orderId}/refund/`,
      payload: {},
    });

  it('lists the upgrades with their quotes and prices the upgrade cart at the quote', async () => {
    const { browser, subscriptionId } = await subscriber('upgrade.cart@gmail.com');
    const listed = await browser.inject({
      method: 'GET',
      url: `/api/users/current/subscriptions/${subscriptionId}/upgrades/`,
    });
    expect(listed.statusCode).toBe(200);
    const { country, options } = listed.json<UpgradeOptions>();
    expect(country).toBe('DE');
    // The other plans of the package that sells it, each tier and period once: not the plan
    // itself, no renewal price, nor another package's (duo, travel) plans.
    expect(options.map((o) => o.plan).sort()).toEqual([
      'vpn-basic-1y',
      'vpn-basic-2y',
      'vpn-complete-1m',
      'vpn-complete-1y',
      'vpn-complete-2y',
      'vpn-plus-1m',
      'vpn-plus-1y',
      'vpn-plus-2y',
    ]);
    const yearly = options.find((o) => o.plan === 'vpn-basic-1y')!;

    const answer = await upgradeCart(browser, subscriptionId);
    expect(answer.statusCode).toBe(201);
    const cart = answer.json<CartView>();
    expect(cart.email).toBe('upgrade.cart@gmail.com');
    expect(cart.upgrade).toMatchObject({ subscriptionId, fromPlan: 'vpn-basic-1m' });
    expect(cart.lines).toEqual([expect.objectContaining({ plan: 'vpn-basic-1y' })]);
    // The plan's price less the credit; the credit only shrinks as time passes.
    expect(cart.lines[0]!.amountMinor).toBe(yearly.priceMinor);
    expect(cart.upgrade!.creditMinor).toBeLessThanOrEqual(yearly.creditMinor);
    expect(cart.upgrade!.creditMinor).toBeGreaterThanOrEqual(yearly.creditMinor - 1);
    expect(cart.subtotalMinor).toBe(yearly.priceMinor - cart.upgrade!.creditMinor);
    // German VAT is included: the total is what is due, its tax computed on that.
    expect(cart.tax.inclusive).toBe(true);
    expect(cart.tax.totalMinor).toBe(cart.subtotalMinor);
    expect(cart.totalMinor).toBe(cart.subtotalMinor);
    expect(cart.tax.taxMinor).toBeGreaterThan(0);
    // US sales tax is added on top of what is due, not of the plan's price.
    const patched = await browser.inject({
      method: 'PATCH',
      url: `/api/carts/${cart.id}/`,
      payload: { country: 'US', region: 'US-NY', postalCode: '10001' },
    });
    const added = patched.json<CartView>();
    expect(added.tax.inclusive).toBe(false);
    expect(added.totalMinor).toBe(added.subtotalMinor + added.tax.taxMinor);
    expect(added.subtotalMinor).toBeLessThan(yearly.priceMinor);
  });

  it('refuses an upgrade cart to nobody logged in, another account, a coupon or a cross-sell', async () => {
    const { subscriptionId } = await subscriber('upgrade.owner@gmail.com');
    const stranger = await subscriber('upgrade.stranger@gmail.com');
    const other = await upgradeCart(stranger.browser, subscriptionId);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ error: { code: 'not_found' } });
    const anonymous = await upgradeCart(
      testBrowser(() => t.app),
      subscriptionId,
    );
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ error: { code: 'unauthenticated' } });

    const own = stranger.subscriptionId;
    for (const extra of [
      { coupon: 'WELCOME20' },
      { crossSellPlan: 'pass-individual-1y' },
      { currency: 'USD' },
    ]) {
      const refused = await upgradeCart(stranger.browser, own, extra);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ error: { code: 'validation_failed' } });
    }
    const down = await upgradeCart(stranger.browser, own, { mainPlan: 'vpn-basic-1m' });
    expect(down.statusCode).toBe(409);
    expect(down.json()).toMatchObject({ error: { code: 'not_an_upgrade' } });
    // Nor may an upgrade cart move to a plan that is no upgrade later.
    const cart = (await upgradeCart(stranger.browser, own)).json<CartView>();
    const patched = await stranger.browser.inject({
      method: 'PATCH',
      url: `/api/carts/${cart.id}/`,
      payload: { mainPlan: 'vpn-basic-1m' },
    });
    expect(patched.statusCode).toBe(409);
  });

  it('replaces the subscription once when the upgrade is paid, and refuses a second upgrade', async () => {
    const email = 'upgrade.paid@gmail.com';
    const { browser, subscriptionId } = await subscriber(email);
    const cart = (await upgradeCart(browser, subscriptionId)).json<CartView>();
    // A second upgrade cart of the same subscription, made before the first is paid.
    const late = (await upgradeCart(browser, subscriptionId)).json<CartView>();
    const paid = await pay(browser, cart.id);
    expect(paid.statusCode).toBe(201);
    const orderId = paid.json<{ orderId: string }>().orderId;
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ status: 'paid', totalMinor: cart.totalMinor });

    const rows = await subscriptionRows(email);
    const old = rows.find((s) => s.id === subscriptionId)!;
    expect(old).toMatchObject({ status: 'canceled', autoRenew: false });
    expect(old.endedAt).toBeInstanceOf(Date);
    const created = rows.find((s) => s.orderId === orderId)!;
    expect(created).toMatchObject({ plan: 'vpn-basic-1y', status: 'active', currency: 'EUR' });

    // A replayed paid notification changes nothing and records nothing more.
    const deps = { db: t.database.db, catalog: t.catalog, adapterFor: () => undefined };
    expect(await moveOrder(deps, orderId, 'paid', 'webhook')).toBe(false);
    expect(await subscriptionRows(email)).toHaveLength(2);
    const events = await t.database.db
      .select()
      .from(subscriptionEvents)
      .where(eq(subscriptionEvents.subscriptionId, subscriptionId));
    expect(events.map((e) => `${e.type}:${e.actor}`)).toEqual(['upgraded:customer']);
    expect(events[0]!.detail).toEqual({ orderId, plan: 'vpn-basic-1y' });

    // The replaced subscription takes no second upgrade: neither a new cart nor the early one.
    const again = await upgradeCart(browser, subscriptionId);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: { code: 'subscription_ended' } });
    const second = await pay(browser, late.id);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ error: { code: 'subscription_ended' } });
  });

  it('keeps one of two upgrades of a subscription paid at once; the other is refunded', async () => {
    const email = 'upgrade.twice@gmail.com';
    const { browser, subscriptionId } = await subscriber(email);
    const first = (await upgradeCart(browser, subscriptionId)).json<CartView>();
    const second = (await upgradeCart(browser, subscriptionId)).json<CartView>();
    // The second is started first and left waiting for its bank (settles a few seconds later).
    const waiting = await pay(browser, second.id, '4000000000000259');
    const waitingId = waiting.json<{ orderId: string }>().orderId;
    expect((await pay(browser, first.id)).statusCode).toBe(201);
    const deps = { db: t.database.db, catalog: t.catalog, adapterFor: () => undefined };
    expect(await moveOrder(deps, waitingId, 'paid', 'webhook')).toBe(false);
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, waitingId));
    expect(order!.status).toBe('refund_due');
    // One new subscription, the old one ended once.
    const rows = await subscriptionRows(email);
    expect(rows.map((s) => s.status).sort()).toEqual(['active', 'canceled']);
  });

  it('renews the subscription an upgrade bought as a plain renewal', async () => {
    const email = 'upgrade.renews@gmail.com';
    const { browser, subscriptionId } = await subscriber(email);
    const cart = (await upgradeCart(browser, subscriptionId)).json<CartView>();
    const orderId = (await pay(browser, cart.id)).json<{ orderId: string }>().orderId;
    const created = (await subscriptionRows(email)).find((s) => s.orderId === orderId)!;
    const { now } = (
      await browser.inject({
        method: 'POST',
        url: '/api/sandbox/clock/',
        payload: { advanceMs: 1 },
      })
    ).json<{ now: string }>();
    const advanceMs = created.nextChargeAt.getTime() - Date.parse(now) + 60_000;
    // The renewal order carried the upgrade order's snapshot, upgrade included: its move to paid
    // broke the one-paid-order-per-upgrade index and the clock jump answered 500.
    const jump = await browser.inject({
      method: 'POST',
      url: '/api/sandbox/clock/',
      payload: { advanceMs },
    });
    expect(jump.statusCode).toBe(200);
    const renewals = await t.database.db
      .select()
      .from(orders)
      .where(eq(orders.subscriptionId, created.id));
    expect(renewals).toHaveLength(1);
    expect(renewals[0]).toMatchObject({ status: 'paid' });
    expect(renewals[0]!.snapshot).not.toHaveProperty('upgrade');
  });

  it('never lets an upgrade credit and a refund of the order it replaced both be had', async () => {
    const email = 'upgrade.chain@gmail.com';
    const { browser, subscriptionId, orderId } = await subscriber(email);
    // The probe's chain: each step upgrades, then asks for the replaced order's money back.
    const steps = [
      'vpn-plus-1m',
      'vpn-complete-1m',
      'vpn-basic-1y',
      'vpn-plus-1y',
      'vpn-complete-1y',
      'vpn-basic-2y',
      'vpn-plus-2y',
      'vpn-complete-2y',
    ];
    let current = { subscriptionId, orderId };
    const refusals: string[] = [];
    for (const plan of steps) {
      const cart = (
        await upgradeCart(browser, current.subscriptionId, { mainPlan: plan })
      ).json<CartView>();
      const paying = await pay(browser, cart.id);
      expect(paying.statusCode).toBe(201);
      const paid = paying.json<{ orderId: string }>().orderId;
      const created = (await subscriptionRows(email)).find((s) => s.orderId === paid)!;
      const replaced = await refund(browser, current.orderId);
      refusals.push(
        `${replaced.statusCode}:${replaced.json<{ error?: { code: string } }>().error?.code}`,
      );
      current = { subscriptionId: created.id, orderId: paid };
    }
    const paidOrders = await t.database.db.select().from(orders).where(eq(orders.email, email));
    const netPaid = paidOrders
      .filter((o) => o.status === 'paid')
      .reduce((sum, o) => sum + o.totalMinor, 0);
    const listPrice = t.catalog.snapshot().plans.get('vpn-complete-2y')!.prices.get('EUR')![0];
    // Every credit was backed by money kept: together the orders paid at least the last plan.
    expect(netPaid).toBeGreaterThanOrEqual(listPrice);
    expect(refusals).toEqual(steps.map(() => '409:order_not_refundable'));
    const rows = await subscriptionRows(email);
    expect(rows.filter((s) => s.status === 'active').map((s) => s.plan)).toEqual([
      'vpn-complete-2y',
    ]);
    // The dashboard offers a refund of the last order only, which gives back what it charged.
    const dashboard = (
      await browser.inject({ method: 'GET', url: '/api/users/current/dashboard/' })
    ).json<DashboardView>();
    expect(dashboard.orders.filter((o) => o.refundableUntil).map((o) => o.id)).toEqual([
      current.orderId,
    ]);
    expect((await refund(browser, current.orderId)).json()).toMatchObject({ status: 'refunded' });
    expect((await subscriptionRows(email)).every((s) => s.status === 'canceled')).toBe(true);
  });

  it('gives back an upgrade whose payment completes after the order it replaces was refunded', async () => {
    const email = 'upgrade.after.refund@gmail.com';
    const { browser, subscriptionId, orderId } = await subscriber(email);
    const cart = (await upgradeCart(browser, subscriptionId)).json<CartView>();
    // Paid with a bank that settles later; meanwhile the replaced order is refunded.
    const waiting = await pay(browser, cart.id, '4000000000000259');
    const waitingId = waiting.json<{ orderId: string }>().orderId;
    expect((await refund(browser, orderId)).json()).toMatchObject({ status: 'refunded' });
    const deps = { db: t.database.db, catalog: t.catalog, adapterFor: () => undefined };
    expect(await moveOrder(deps, waitingId, 'paid', 'webhook')).toBe(false);
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, waitingId));
    expect(['refund_due', 'refunded']).toContain(order!.status);
    expect((await subscriptionRows(email)).map((s) => s.status)).toEqual(['canceled']);
  });
});
