/** What an order's page learns from the api: an upgrade says so from the order, not the address. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardView } from '@checkout/core/contract';
import type { OrderView } from '@checkout/core';
import { createTestApp, type TestApp } from '../../test-app';
import { testBrowser, type TestBrowser } from '../../test-browser';
import { buyByCard } from '../../test-support/purchase';
import { accountByEmail } from '../identity/accounts';
import { createSession } from '../users/sessions';

describe('GET /api/orders/:id/', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const buy = async (browser: TestBrowser, cart: Record<string, unknown>) => {
    const paid = await buyByCard(browser, { cart });
    const orderId = paid.json<{ orderId: string }>().orderId;
    return (
      await browser.inject({ method: 'GET', url: `/api/orders/${orderId}/` })
    ).json<OrderView>();
  };

  it('tells its owner whether the order upgraded a subscription; a stranger learns nothing of it', async () => {
    const email = 'order.view.upgrade@gmail.com';
    const browser = testBrowser(() => t.app);
    const plan = { currency: 'EUR', country: 'DE', email };
    const first = await buy(browser, { ...plan, mainPlan: 'vpn-basic-1m' });
    expect(first).toMatchObject({ status: 'paid', upgrade: false });

    const account = await accountByEmail(t.database.db, email);
    browser.cookies.set(
      'token',
      await createSession(t.database.db, { id: account!.id, email, providerSid: null }),
    );
    const dashboard = (
      await browser.inject({ method: 'GET', url: '/api/users/current/dashboard/' })
    ).json<DashboardView>();
    const upgrade = await buy(browser, {
      ...plan,
      mainPlan: 'vpn-basic-1y',
      upgradeFrom: dashboard.subscriptions[0]!.id,
    });
    expect(upgrade).toMatchObject({ status: 'paid', upgrade: true });

    const stranger = testBrowser(() => t.app);
    const seen = await stranger.inject({ method: 'GET', url: `/api/orders/${upgrade.id}/` });
    expect(seen.json<OrderView>()).toMatchObject({ status: 'paid', upgrade: null, email: null });
  });

  it('tells its owner each plan bought and when and at what it renews; a stranger learns nothing of it', async () => {
    const browser = testBrowser(() => t.app);
    const order = await buy(browser, {
      currency: 'USD',
      country: 'US',
      region: 'US-NY',
      email: 'order.view.renewal@gmail.com',
      mainPlan: 'vpn-basic-1y',
      crossSellPlan: 'pass-individual-1y-xs',
    });
    const inAYear = new Date();
    inAYear.setUTCFullYear(inAYear.getUTCFullYear() + 1);
    const day = inAYear.toISOString().slice(0, 10);
    const year = { interval: 1, unit: 'Year' };
    expect(order.subscriptions).toEqual([
      expect.objectContaining({
        productGroup: 'vpn',
        tier: 'Basic',
        period: year,
        renewalMinor: 9999,
      }),
      expect.objectContaining({ productGroup: 'pass', period: year, renewalMinor: 3589 }),
    ]);
    expect(order.subscriptions!.map((s) => s.renewsAt.slice(0, 10))).toEqual([day, day]);

    const stranger = testBrowser(() => t.app);
    const seen = await stranger.inject({ method: 'GET', url: `/api/orders/${order.id}/` });
    expect(seen.json<OrderView>()).toMatchObject({ status: 'paid', subscriptions: null });
  });
});
