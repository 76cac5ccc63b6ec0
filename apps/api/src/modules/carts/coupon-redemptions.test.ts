import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import type { CartView, PaymentAction } from '@checkout/core';
import { describeOnPostgres } from '../../db/describe-on-postgres';
import { startCluster, type Cluster } from '../../db/postgres-cluster';
import { createTestApp, type TestApp } from '../../test-app';
import { testBrowser, type TestBrowser } from '../../test-browser';
import { cardToken } from '../../test-support/purchase';
import { accountByEmail } from '../identity/accounts';
import { orders } from '../orders/tables';
import { moveOrder } from '../payments/outcome';
import { createSession } from '../users/sessions';
import { couponRedemptions } from './tables';

interface ErrorBody {
  error: { code: string | number; reason?: string };
}

/** One shopper's browser and what it does with the once-per-address coupon WELCOME20. */
function shopperOf(t: () => TestApp) {
  const browser: TestBrowser = testBrowser(() => t().app);
  const create = (email: string, cookies: Record<string, string> = {}) =>
    browser.inject({
      method: 'POST',
      url: '/api/carts/',
      cookies,
      payload: {
        mainPlan: 'vpn-basic-1y',
        currency: 'USD',
        country: 'US',
        region: 'US-WA',
        coupon: 'WELCOME20',
        email,
      },
    });
  const newCart = async (email: string) => {
    const res = await create(email);
    expect(res.statusCode).toBe(201);
    return res.json<CartView>();
  };
  const pay = async (cartId: string, provider = 'adyen_card') => {
    const token =
      provider === 'adyen_card' ? await cardToken(browser, { name: 'Anna Smith' }) : undefined;
    return browser.inject({
      method: 'POST',
      url: '/api/payments/',
      headers: { 'idempotency-key': randomUUID() },
      payload: { cartId, provider, returnPath: '/processing/', cardToken: token },
    });
  };
  return { browser, create, newCart, pay };
}

/** The orders of these carts that were paid with the coupon. */
async function paidWithCoupon(t: TestApp, cartIds: string[]) {
  const paid = await t.database.db
    .select()
    .from(orders)
    .where(and(inArray(orders.cartId, cartIds), eq(orders.status, 'paid')));
  return paid.filter((o) => o.snapshot.coupon === 'WELCOME20');
}

function redemptionsOf(t: TestApp, mailbox: string) {
  return t.database.db
    .select()
    .from(couponRedemptions)
    .where(
      and(eq(couponRedemptions.couponCode, 'WELCOME20'), eq(couponRedemptions.mailbox, mailbox)),
    );
}

/** Ten carts of one mailbox, under ten spellings of it, pay with the coupon at once. */
function raceOfTen(app: () => TestApp) {
  const shopper = shopperOf(app);
  it('gives the coupon to at most one of 10 carts of one address paying at once', async () => {
    const carts: CartView[] = [];
    // One after another: the race is the payments, and one browser keeps one binding cookie.
    for (let i = 0; i < 10; i++) carts.push(await shopper.newCart(`race.runner+${i}@gmail.com`));
    const answers = await Promise.all(carts.map((cart) => shopper.pay(cart.id)));
    const paid = await paidWithCoupon(
      app(),
      carts.map((c) => c.id),
    );
    expect(paid).toHaveLength(1);
    expect(await redemptionsOf(app(), 'racerunner@gmail.com')).toHaveLength(1);
    const refused = answers.filter((a) => a.statusCode === 400);
    expect(refused).toHaveLength(9);
    for (const answer of refused) {
      expect(answer.json<ErrorBody>().error).toMatchObject({ code: 2012, reason: 'invalid' });
    }
  });
}

describe('a coupon once per address', () => {
  let t: TestApp;
  const shopper = shopperOf(() => t);
  beforeAll(async () => {
    t = await createTestApp({ SANDBOX_ASYNC_SETTLE_MS: '600000' });
  });
  afterAll(() => t.close());
  const deps = () => ({ db: t.database.db, catalog: t.catalog });

  it('is refused to the +tag, dotted and googlemail spellings of an address that used it', async () => {
    const first = await shopper.newCart('anna.smith@gmail.com');
    expect((await shopper.pay(first.id)).json<PaymentAction>().type).toBe('done');
    for (const variant of [
      'annasmith+vpn@gmail.com',
      'Anna.Smith@googlemail.com',
      'a.n.n.a.smith+2@gmail.com',
    ]) {
      const res = await shopper.create(variant);
      expect(res.statusCode, variant).toBe(400);
      expect(res.json<ErrorBody>().error.code).toBe(2012);
    }
    const outlook = await shopper.newCart('bob@outlook.com');
    await shopper.pay(outlook.id);
    expect((await shopper.create('bob+2@outlook.com')).statusCode).toBe(400);
    // Another mailbox may still use it.
    expect((await shopper.create('anna.smith@fastmail.com')).statusCode).toBe(201);
  });

  it('tells a stranger only that it is not valid, and its owner, logged in, that it was used', async () => {
    const cart = await shopper.newCart('carl.used@gmail.com');
    await shopper.pay(cart.id);
    const stranger = await testBrowser(() => t.app).inject({
      method: 'POST',
      url: '/api/carts/',
      payload: {
        mainPlan: 'vpn-basic-1y',
        currency: 'USD',
        country: 'US',
        coupon: 'WELCOME20',
        email: 'carl.used@gmail.com',
      },
    });
    expect(stranger.json<ErrorBody>().error).toMatchObject({ code: 2012, reason: 'invalid' });

    const account = await accountByEmail(t.database.db, 'carl.used@gmail.com');
    const token = await createSession(t.database.db, {
      id: account?.id ?? '',
      email: 'carl.used@gmail.com',
      providerSid: null,
    });
    const owner = await shopper.create('carl.used+again@gmail.com', { token });
    expect(owner.json<ErrorBody>().error).toMatchObject({ code: 2012, reason: 'already_used' });
  });

  raceOfTen(() => t);

  it('refunds, never discounts twice, a payment that arrives after the coupon went to another order', async () => {
    // The first cart's payment is abandoned (canceled): its coupon is free again.
    const first = await shopper.newCart('dora.late@gmail.com');
    const abandoned = (await shopper.pay(first.id, 'paypal')).json<PaymentAction>();
    await moveOrder(deps(), abandoned.orderId, 'canceled', 'expiry');
    const second = await shopper.newCart('doralate+2@gmail.com');
    expect((await shopper.pay(second.id)).json<PaymentAction>().type).toBe('done');
    // Then the provider reports the abandoned payment taken after all.
    await moveOrder(deps(), abandoned.orderId, 'paid', 'webhook');
    const [late] = await t.database.db
      .select()
      .from(orders)
      .where(eq(orders.id, abandoned.orderId));
    expect(late?.status).toBe('refund_due');
    const paid = await paidWithCoupon(t, [first.id, second.id]);
    expect(paid.map((o) => o.cartId)).toEqual([second.id]);
    expect(await redemptionsOf(t, 'doralate@gmail.com')).toHaveLength(1);
  });
});

describeOnPostgres('a coupon once per address, raced on PostgreSQL', () => {
  let cluster: Cluster;
  let t: TestApp;
  beforeAll(async () => {
    cluster = await startCluster();
    t = await createTestApp({ DATABASE_URL: cluster.url });
  }, 60_000);
  afterAll(async () => {
    await t.close();
    cluster.stop();
  });
  raceOfTen(() => t);
});
