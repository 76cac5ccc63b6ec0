import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import type { CartView, OrderView, PaymentAction } from '@checkout/core';
import { describeOnPostgres } from '../../db/describe-on-postgres';
import { startCluster, type Cluster } from '../../db/postgres-cluster';
import { createTestApp, type TestApp } from '../../test-app';
import { testBrowser } from '../../test-browser';
import { orders } from '../orders/tables';
import { subscriptions } from '../subscriptions/tables';
import { payments } from './tables';

const SUCCESS_CARD = '4242424242424242';
const CHALLENGE_CARD = '4000000000003220';
const PENDING_CARD = '4000000000000259';

/**
 * The process dies between the provider's charge and storing its answer with the order's move
 * (a fault injected there, thrown as the crash). The shopper's next request with that key, a new attempt, or the
 * sweeper must learn from the provider what happened and land the shopper on success.
 */
function crashSuite(
  name: string,
  /** The database of each app: apart, so the sweeping app never recovers the other's starts. */
  databaseUrl: (app: 'retrying' | 'sweeping') => string | undefined,
) {
  describe(`a payment start stranded by a crash, on ${name}`, () => {
    let t: TestApp;
    let swept: TestApp;
    /** The next payment start dies after the charge. */
    let crashNext = false;
    /** Arms the crash; the api logs it as an unhandled error, which this test expects. */
    const crashOnNextStart = () => {
      crashNext = true;
      vi.spyOn(console, 'error').mockImplementation(() => {});
    };
    const faults = {
      afterCharge: () => {
        if (!crashNext) return;
        crashNext = false;
        throw new Error('injected crash between the charge and its answer');
      },
    };
    beforeAll(async () => {
      const on = (app: 'retrying' | 'sweeping'): Record<string, string> => {
        const url = databaseUrl(app);
        return url ? { DATABASE_URL: url } : {};
      };
      t = await createTestApp(
        {
          ...on('retrying'),
          SANDBOX_WEBHOOK_DROP_RATE: '1',
          SANDBOX_ASYNC_SETTLE_MS: '100',
          PAYMENT_REFRESH_AFTER_MS: '150',
        },
        { faults },
      );
      // A short lease, so the housekeeping sweeper runs within the test.
      swept = await createTestApp(
        { ...on('sweeping'), SANDBOX_WEBHOOK_DROP_RATE: '1', PAYMENT_START_LEASE_MS: '300' },
        { faults },
      );
    }, 60_000);
    afterAll(async () => {
      await t?.close();
      await swept?.close();
    });

    /** Time passes: every live claim's lease runs out, as if its request's process were dead. */
    const leasesRunOut = (app: TestApp) =>
      app.database.db.update(payments).set({ leaseUntil: sql`now() - interval '1 second'` });

    async function shopperWithCart(app: TestApp) {
      const shopper = testBrowser(() => app.app);
      const cart = (
        await shopper.inject({
          method: 'POST',
          url: '/api/carts/',
          payload: {
            mainPlan: 'vpn-basic-1y',
            currency: 'USD',
            country: 'US',
            email: 'crash@gmail.com',
          },
        })
      ).json<CartView>();
      const tokenFor = async (card: string) =>
        (
          await shopper.inject({
            method: 'POST',
            url: '/api/sandbox/tokens/',
            payload: { number: card, expiry: '12/30', cvc: '123', name: 'Ann Lee' },
          })
        ).json<{ token: string }>().token;
      /** A retry sends the same body: the same card token, which the first try spent. */
      const pay = (key: string, cardToken: string) =>
        shopper.inject({
          method: 'POST',
          url: '/api/payments/',
          headers: { 'idempotency-key': key },
          payload: { cartId: cart.id, provider: 'stripe', returnPath: '/processing/', cardToken },
        });
      const order = async (id: string) =>
        (await shopper.inject({ method: 'GET', url: `/api/orders/${id}/` })).json<OrderView>();
      return { shopper, cart, tokenFor, pay, order };
    }

    const stored = async (app: TestApp, orderId: string) => {
      const [payment] = await app.database.db
        .select()
        .from(payments)
        .where(eq(payments.orderId, orderId));
      const subs = await app.database.db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.orderId, orderId));
      return { payment, subscriptions: subs.length };
    };

    /** The order the crashed start placed: the only one on the cart. */
    const crashedOrderOf = async (app: TestApp, cartId: string) => {
      const [order] = await app.database.db
        .select({ id: orders.id })
        .from(orders)
        .where(eq(orders.cartId, cartId));
      return order!.id;
    };

    it('answers the retry with the same key with the paid order once the lease ran out', async () => {
      const { cart, tokenFor, pay, order } = await shopperWithCart(t);
      const key = randomUUID();
      const token = await tokenFor(SUCCESS_CARD);
      crashOnNextStart();
      expect((await pay(key, token)).statusCode).toBe(500);
      const orderId = await crashedOrderOf(t, cart.id);
      // The charge went through before the crash, its answer and the move it causes were not
      // stored (one statement after the fault): nothing to replay.
      expect((await stored(t, orderId)).payment?.answer).toBeNull();
      // While the lease runs the first request may still be alive: the repeat is told to wait.
      const early = await pay(key, token);
      expect(early.statusCode).toBe(409);
      expect(early.json<{ error: { message: string } }>().error.message).toMatch(/still being/);

      await leasesRunOut(t);
      const retried = await pay(key, token);
      expect(retried.statusCode).toBe(201);
      expect(retried.json<PaymentAction>()).toEqual({ type: 'done', orderId });
      // Stored for good: later repeats replay it, with the card the provider charged.
      expect((await pay(key, token)).json<PaymentAction>()).toEqual({ type: 'done', orderId });
      const after = await stored(t, orderId);
      expect(after.payment).toMatchObject({
        cardBrand: 'VISA',
        cardLast4: '4242',
        cardExpiry: '12/30',
      });
      expect(after.subscriptions).toBe(1);
      expect((await order(orderId)).status).toBe('paid');
    });

    it('recovers a stranded pending card payment, which then settles as paid', async () => {
      const { cart, tokenFor, pay, order } = await shopperWithCart(t);
      const key = randomUUID();
      const token = await tokenFor(PENDING_CARD);
      crashOnNextStart();
      expect((await pay(key, token)).statusCode).toBe(500);
      const orderId = await crashedOrderOf(t, cart.id);
      await leasesRunOut(t);
      expect((await pay(key, token)).json<PaymentAction>()).toEqual({ type: 'done', orderId });
      // Its notifications died with the process: the processing page's polls ask the provider.
      await expect.poll(async () => (await order(orderId)).status, { timeout: 5000 }).toBe('paid');
      expect((await stored(t, orderId)).payment?.cardLast4).toBe('0259');
    });

    it('answers a new attempt on the stranded cart with its paid order, not "already paid"', async () => {
      const { cart, tokenFor, pay } = await shopperWithCart(t);
      crashOnNextStart();
      expect((await pay(randomUUID(), await tokenFor(SUCCESS_CARD))).statusCode).toBe(500);
      const orderId = await crashedOrderOf(t, cart.id);
      await leasesRunOut(t);
      const again = await pay(randomUUID(), await tokenFor(SUCCESS_CARD));
      expect(again.statusCode).toBe(201);
      expect(again.json<PaymentAction>()).toEqual({ type: 'done', orderId });
      expect((await stored(t, orderId)).subscriptions).toBe(1);
    });

    it('cancels a stranded 3-D Secure start nobody saw and lets the shopper pay again', async () => {
      const { cart, tokenFor, pay, order } = await shopperWithCart(t);
      const key = randomUUID();
      const token = await tokenFor(CHALLENGE_CARD);
      crashOnNextStart();
      expect((await pay(key, token)).statusCode).toBe(500);
      const orderId = await crashedOrderOf(t, cart.id);
      await leasesRunOut(t);
      const retried = await pay(key, token);
      expect(retried.json<PaymentAction>()).toMatchObject({ type: 'error', orderId });
      expect((await order(orderId)).status).toBe('canceled');
      const paid = await pay(randomUUID(), await tokenFor(SUCCESS_CARD));
      expect(paid.statusCode).toBe(201);
      expect(paid.json<PaymentAction>().type).toBe('done');
      expect(paid.json<PaymentAction>().orderId).not.toBe(orderId);
    });

    it('settles a stranded start the shopper never retried, from the housekeeping sweeper', async () => {
      const { cart, tokenFor, pay, order } = await shopperWithCart(swept);
      crashOnNextStart();
      expect((await pay(randomUUID(), await tokenFor(SUCCESS_CARD))).statusCode).toBe(500);
      const orderId = await crashedOrderOf(swept, cart.id);
      await expect
        .poll(async () => (await stored(swept, orderId)).payment?.answer, { timeout: 5000 })
        .toBeTruthy();
      expect((await stored(swept, orderId)).payment).toMatchObject({
        answer: { type: 'done', orderId },
        cardBrand: 'VISA',
        cardLast4: '4242',
      });
      expect((await order(orderId)).status).toBe('paid');
    });
  });
}

crashSuite('PGlite', () => undefined);

let cluster: Cluster | undefined;
describeOnPostgres('on PostgreSQL', () => {
  beforeAll(async () => {
    cluster = await startCluster();
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query('create database swept');
    await admin.end();
  }, 60_000);
  afterAll(() => cluster?.stop());
  crashSuite('PostgreSQL', (app) =>
    app === 'retrying' ? cluster?.url : cluster?.url.replace(/\/checkout$/, '/swept'),
  );
});
