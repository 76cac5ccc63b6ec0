import { afterAll, beforeAll, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import type { DashboardView } from '@checkout/core/contract';
import { describeOnPostgres } from '../../db/describe-on-postgres';
import { startCluster, type Cluster } from '../../db/postgres-cluster';
import { createTestApp, type TestApp } from '../../test-app';
import { testBrowser, type TestBrowser } from '../../test-browser';
import { cardToken, openCart, payByCard } from '../../test-support/purchase';
import { accountByEmail } from '../identity/accounts';
import { orders } from '../orders/tables';
import { moveOrder, startCustomerRefund } from '../payments/outcome';
import { createSession } from '../users/sessions';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * An upgrade's payment completing while its customer asks for the replaced order's money back.
 * On PGlite (one connection) they would take turns; PostgreSQL runs them at once.
 */
describeOnPostgres('an upgrade and a refund of the order it replaces, at once (PostgreSQL)', () => {
  let cluster: Cluster;
  let t: TestApp;
  beforeAll(async () => {
    cluster = await startCluster();
    // The sandbox's own notifications are lost: the test says when the upgrade is paid.
    t = await createTestApp({ DATABASE_URL: cluster.url, SANDBOX_WEBHOOK_DROP_RATE: '1' });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    cluster?.stop();
  });

  const pay = async (browser: TestBrowser, cartId: string, number: string) => {
    const token = await cardToken(browser, { number });
    const paid = await payByCard(browser, { cartId, token });
    return paid.json<{ orderId: string }>().orderId;
  };
  const newCart = async (browser: TestBrowser, payload: Record<string, unknown>) =>
    openCart(browser, payload);

  /** A monthly subscriber, logged in, whose upgrade to the yearly plan waits for its bank. */
  async function upgradeUnderWay(email: string) {
    const browser = testBrowser(() => t.app);
    const bought = await newCart(browser, { mainPlan: 'vpn-basic-1m', email });
    const orderId = await pay(browser, bought.id, '4242424242424242');
    const account = await accountByEmail(t.database.db, email);
    browser.cookies.set(
      'token',
      await createSession(t.database.db, { id: account!.id, email, providerSid: null }),
    );
    const dashboard = (
      await browser.inject({ method: 'GET', url: '/api/users/current/dashboard/' })
    ).json<DashboardView>();
    const upgrade = await newCart(browser, {
      mainPlan: 'vpn-basic-1y',
      upgradeFrom: dashboard.subscriptions[0]!.id,
    });
    const upgradeId = await pay(browser, upgrade.id, '4000000000000259');
    return { browser, orderId, upgradeId };
  }

  it('keeps either the refund or the upgrade, never both', async () => {
    const customers = await Promise.all(
      Array.from({ length: 16 }, (_, n) => upgradeUnderWay(`race.${n}@gmail.com`)),
    );
    const deps = { db: t.database.db, catalog: t.catalog, adapterFor: () => undefined };
    // The refund's move (the request's first write) and the upgrade's, the upgrade's started
    // 0 to 7 ms later so that some of each land first and some overlap.
    await Promise.all(
      customers.flatMap(({ orderId, upgradeId }, n) => [
        startCustomerRefund(deps, orderId),
        sleep(n % 8).then(() => moveOrder(deps, upgradeId, 'paid', 'webhook')),
      ]),
    );
    const ids = customers.flatMap(({ orderId, upgradeId }) => [orderId, upgradeId]);
    const rows = await t.database.db.select().from(orders).where(inArray(orders.id, ids));
    const status = new Map(rows.map((row) => [row.id, row.status]));
    for (const { orderId, upgradeId } of customers) {
      // The upgrade first: the replaced order is refused its refund. The refund first: the
      // upgrade's payment is given back. Never the refund and the upgrade's credit both.
      expect([
        ['paid', 'paid'],
        ['refund_due', 'refund_due'],
      ]).toContainEqual([status.get(orderId), status.get(upgradeId)]);
    }
  }, 120_000);
});
