/**
 * PayPal journeys at the api, against the fake PayPal (fake/fake-paypal.ts) that checks every
 * request, answer and webhook event against PayPal's published OpenAPI documents: a request the
 * documents refuse fails the test (afterEach).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq, isNull } from 'drizzle-orm';
import type { CartView, OrderView, PaymentAction } from '@checkout/core';
import { createTestApp, type TestApp } from '../../../../test-app';
import { testBrowser } from '../../../../test-browser';
import { accountByEmail } from '../../../identity/accounts';
import { orders } from '../../../orders/tables';
import { subscriptions } from '../../../subscriptions/tables';
import { createSession } from '../../../users/sessions';
import { loadEnv } from '../../../../env';
import { orderDetail } from '../../../console/orders';
import { paymentDesk } from '../../desk';
import { disputesByWeek } from '../../payment-figures';
import { notificationInbox, payments } from '../../tables';
import { paypalAdapter } from './adapter';
import { paypalConfig } from '../../../../provider-settings/paypal-orders';
import { paypalEnv } from './fake/config';
import { FakePayPal } from './fake/fake-paypal';
import { paypalDisputes, paypalPayments } from './tables';

describe('PayPal through its Orders v2 REST API (fake PayPal, OpenAPI-checked)', () => {
  const env = paypalEnv();
  const lines: string[] = [];
  let t: TestApp;
  const shopper = testBrowser(() => t.app);
  const unapplied = async () =>
    (
      await t.database.db
        .select({ eventId: notificationInbox.eventId })
        .from(notificationInbox)
        .where(isNull(notificationInbox.appliedAt))
    ).length;
  // PayPal is answered once the events are recorded; the inbox job applies them just after.
  const post = async (body: string, headers: Record<string, string>) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/callback/paypal/',
      headers,
      payload: body,
    });
    if (res.statusCode === 200) await expect.poll(unapplied, { timeout: 10_000 }).toBe(0);
    return res;
  };
  const fake = new FakePayPal({
    clientId: env.PAYPAL_CLIENT_ID ?? '',
    clientSecret: env.PAYPAL_CLIENT_SECRET ?? '',
    webhookId: env.PAYPAL_WEBHOOK_ID ?? '',
    deliver: async (body, headers) => {
      const res = await post(body, headers);
      return { status: res.statusCode, body: res.body };
    },
  });
  beforeAll(async () => {
    const url = await fake.start();
    t = await createTestApp(
      {
        ...env,
        PAYPAL_API_URL: url,
        PAYMENT_REFRESH_AFTER_MS: '0',
        LOG_LEVEL: 'info',
      },
      { logStream: { write: (line: string) => void lines.push(line) } },
    );
  });
  afterAll(async () => {
    await t.close();
    await fake.stop();
  });
  afterEach(() => {
    fake.nextCapture = 'COMPLETED';
    fake.outage = 'none';
    // Every request the adapter sent, every answer and event, as PayPal's documents say.
    expect(fake.violations.splice(0)).toEqual([]);
  });

  let keys = 0;
  const newCart = async (currency = 'EUR', email = 'buyer@gmail.com', country = 'DE') =>
    (
      await shopper.inject({
        method: 'POST',
        url: '/api/carts/',
        payload: { mainPlan: 'vpn-basic-1y', currency, country, email },
      })
    ).json<CartView>();
  const pay = (cartId: string, provider = 'paypal', returnPath = '/de/processing/') =>
    shopper.inject({
      method: 'POST',
      url: '/api/payments/',
      headers: { 'idempotency-key': `paypal-${++keys}-abcdef` },
      payload: { cartId, provider, returnPath },
    });
  const order = async (id: string) =>
    (await shopper.inject({ method: 'GET', url: `/api/orders/${id}/` })).json<OrderView>();
  const paymentOf = async (orderId: string) => {
    const [row] = await t.database.db.select().from(payments).where(eq(payments.orderId, orderId));
    if (!row) throw new Error('no payment');
    return row;
  };
  const back = (kind: 'return' | 'cancel', paymentId: string, token: string) =>
    shopper.inject({
      method: 'GET',
      url: `/api/paypal/${kind}/${paymentId}/?token=${token}&PayerID=QYR5Z8XDVJNXQ`,
    });
  const last = (route: string) => fake.requests.filter((r) => r.route === route).at(-1);
  const started = async (provider = 'paypal', currency = 'EUR', email = 'buyer@gmail.com') => {
    const cart = await newCart(currency, email);
    const action = (await pay(cart.id, provider)).json<PaymentAction>();
    const payment = await paymentOf(action.orderId);
    return { cart, action, payment, paypal: fake.orderFor(payment.id) };
  };
  const paidByPayPal = async (email: string) => {
    const { action, payment, paypal } = await started('paypal', 'EUR', email);
    fake.approve(payment.id);
    await back('return', payment.id, paypal.id);
    expect((await order(action.orderId)).status).toBe('paid');
    return { orderId: action.orderId, payment: await paymentOf(action.orderId), paypal };
  };

  it('redirects to the payer-action link with our payment id and PayPal precision, captures on return', async () => {
    const tokensBefore = fake.tokenRequests;
    const { cart, action, payment, paypal } = await started();
    expect(action).toEqual({
      type: 'redirect',
      orderId: action.orderId,
      url: `https://www.sandbox.paypal.com/checkoutnow?token=${paypal.id}`,
    });
    const created = last('POST /v2/checkout/orders');
    expect(created?.requestId).toBe(`order-${payment.id}`);
    expect(created?.body).toMatchObject({
      intent: 'CAPTURE',
      purchase_units: [
        {
          custom_id: payment.id,
          invoice_id: payment.id,
          amount: { currency_code: 'EUR', value: (cart.totalMinor / 100).toFixed(2) },
        },
      ],
      payment_source: {
        paypal: {
          experience_context: {
            return_url: `http://localhost:3000/api/paypal/return/${payment.id}/`,
            cancel_url: `http://localhost:3000/api/paypal/cancel/${payment.id}/`,
          },
        },
      },
    });
    expect((await order(action.orderId)).status).toBe('new');
    // The payer approves on PayPal's page and comes back: captured at once, then on to the
    // processing page in the shopper's language.
    fake.approve(payment.id);
    const returned = await back('return', payment.id, paypal.id);
    expect(returned.statusCode).toBe(303);
    expect(returned.headers.location).toBe(
      `http://localhost:3000/de/processing/?order_id=${action.orderId}`,
    );
    expect((await order(action.orderId)).status).toBe('paid');
    expect(last('POST /v2/checkout/orders/:id/capture')?.requestId).toBe(`capture-${payment.id}`);
    // A reload of the return changes nothing and captures nothing twice.
    const captures = fake.requests.filter((r) => r.route.endsWith('/capture')).length;
    expect((await back('return', payment.id, paypal.id)).statusCode).toBe(303);
    expect(fake.requests.filter((r) => r.route.endsWith('/capture'))).toHaveLength(captures);
    // One OAuth2 token served every call.
    expect(fake.tokenRequests - tokensBefore).toBeLessThanOrEqual(1);
  });

  it('asks for amounts without decimals in JPY', async () => {
    const { cart } = await started('paypal', 'JPY');
    expect(last('POST /v2/checkout/orders')?.body).toMatchObject({
      purchase_units: [{ amount: { currency_code: 'JPY', value: String(cart.totalMinor) } }],
    });
  });

  it("refuses a return with another payment's PayPal order, changing nothing", async () => {
    const first = await started();
    const other = await started('paypal', 'EUR', 'other@gmail.com');
    fake.approve(first.payment.id);
    const res = await back('return', other.payment.id, first.paypal.id);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: 'validation_failed' } });
    expect((await order(other.action.orderId)).status).toBe('new');
  });

  it('cancels the order when the payer leaves PayPal, and the cart pays again', async () => {
    const { cart, action, payment, paypal } = await started();
    const left = await back('cancel', payment.id, paypal.id);
    expect(left.statusCode).toBe(303);
    expect(left.headers.location).toBe(
      `http://localhost:3000/de/processing/?order_id=${action.orderId}`,
    );
    expect((await order(action.orderId)).status).toBe('canceled');
    // Approved later after all (another tab): the left order is never captured.
    fake.approve(payment.id);
    expect(await fake.notify('CHECKOUT.ORDER.APPROVED', payment.id)).toMatchObject({
      status: 200,
    });
    expect(fake.orderFor(payment.id).status).toBe('APPROVED');
    const again = (await pay(cart.id)).json<PaymentAction>();
    expect(again.type).toBe('redirect');
    const second = await paymentOf(again.orderId);
    fake.approve(second.id);
    await back('return', second.id, fake.orderFor(second.id).id);
    expect((await order(again.orderId)).status).toBe('paid');
  });

  it('pays in-context: the buttons get the PayPal order id, onApprove captures through /details/', async () => {
    const { action, payment, paypal } = await started('paypal_incontext');
    expect(action).toEqual({
      type: 'frontend_action',
      orderId: action.orderId,
      url: `https://www.sandbox.paypal.com/checkoutnow?token=${paypal.id}`,
      providerAction: { type: 'paypal', orderID: paypal.id },
    });
    const details = (redirectResult: string) =>
      shopper.inject({
        method: 'POST',
        url: '/api/payments/details/',
        payload: { orderId: action.orderId, details: { redirectResult } },
      });
    expect((await details('5O00000000000000')).statusCode).toBe(400);
    fake.approve(payment.id);
    expect((await details(paypal.id)).json()).toEqual({ type: 'done', orderId: action.orderId });
    expect((await order(action.orderId)).status).toBe('paid');
  });

  it.each(['INSTRUMENT_DECLINED', 'DECLINED'] as const)(
    'declines a capture PayPal refuses (%s), and the cart pays again',
    async (outcome) => {
      const { cart, action, payment, paypal } = await started();
      fake.approve(payment.id);
      fake.nextCapture = outcome;
      await back('return', payment.id, paypal.id);
      expect((await order(action.orderId)).status).toBe('error');
      const [word] = await t.database.db
        .select()
        .from(paypalPayments)
        .where(eq(paypalPayments.paymentId, payment.id));
      expect(word?.status).toBe('DECLINED');
      fake.nextCapture = 'COMPLETED';
      const again = (await pay(cart.id)).json<PaymentAction>();
      const second = await paymentOf(again.orderId);
      fake.approve(second.id);
      await back('return', second.id, fake.orderFor(second.id).id);
      expect((await order(again.orderId)).status).toBe('paid');
    },
  );

  it('keeps a PENDING capture pending with its reason until PAYMENT.CAPTURE.COMPLETED, applied once', async () => {
    const { action, payment, paypal } = await started();
    fake.approve(payment.id);
    fake.nextCapture = 'PENDING';
    await back('return', payment.id, paypal.id);
    expect((await order(action.orderId)).status).toBe('pending');
    const [word] = await t.database.db
      .select()
      .from(paypalPayments)
      .where(eq(paypalPayments.paymentId, payment.id));
    expect(word).toMatchObject({ status: 'PENDING', statusReason: 'PENDING_REVIEW' });
    const body = fake.event('PAYMENT.CAPTURE.COMPLETED', payment.id);
    const headers = fake.headersFor(body);
    expect((await post(body, headers)).statusCode).toBe(200);
    expect((await order(action.orderId)).status).toBe('paid');
    // The same delivery again: accepted, nothing changes.
    expect((await post(body, headers)).statusCode).toBe(200);
    expect((await order(action.orderId)).status).toBe('paid');
  });

  it('captures an order the payer approved but never came back from, on CHECKOUT.ORDER.APPROVED', async () => {
    const { action, payment } = await started();
    fake.approve(payment.id);
    expect(await fake.notify('CHECKOUT.ORDER.APPROVED', payment.id)).toMatchObject({
      status: 200,
    });
    expect((await order(action.orderId)).status).toBe('paid');
  });

  it('vaults the wallet of a renewing order and charges the renewal to it, merchant-initiated', async () => {
    const { orderId, payment } = await paidByPayPal('renews@gmail.com');
    const created = fake.requests.find(
      (r) =>
        r.route === 'POST /v2/checkout/orders' &&
        (r.body as { purchase_units: { custom_id: string }[] }).purchase_units[0]?.custom_id ===
          payment.id,
    );
    expect(created?.body).toMatchObject({
      payment_source: {
        paypal: { attributes: { vault: { store_in_vault: 'ON_SUCCESS', usage_type: 'MERCHANT' } } },
      },
    });
    const vaultId = fake.orderFor(payment.id).vaultId;
    expect(vaultId).toBeDefined();
    expect(payment.savedMethod).toBe(vaultId);
    const [sub] = await t.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.orderId, orderId));
    if (!sub?.nextChargeAt) throw new Error('no subscription');
    const { now } = (
      await shopper.inject({
        method: 'POST',
        url: '/api/sandbox/clock/',
        payload: { advanceMs: 1 },
      })
    ).json<{ now: string }>();
    const advanceMs = sub.nextChargeAt.getTime() - Date.parse(now) + 60_000;
    await shopper.inject({ method: 'POST', url: '/api/sandbox/clock/', payload: { advanceMs } });
    const renewal = last('POST /v2/checkout/orders');
    expect(renewal?.body).toMatchObject({
      intent: 'CAPTURE',
      payment_source: { paypal: { vault_id: vaultId } },
    });
    expect(renewal?.requestId).toMatch(/^order-/);
    const [renewed] = await t.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, sub.id));
    expect(renewed?.cycle).toBe(sub.cycle + 1);
  });

  it('keeps the wallet VAULT.PAYMENT-TOKEN.CREATED reports when the capture answer had none', async () => {
    const { orderId, payment } = await paidByPayPal('vault@gmail.com');
    await t.database.db
      .update(payments)
      .set({ savedMethod: null })
      .where(eq(payments.id, payment.id));
    expect(await fake.notify('VAULT.PAYMENT-TOKEN.CREATED', payment.id)).toMatchObject({
      status: 200,
    });
    expect((await paymentOf(orderId)).savedMethod).toBe(fake.orderFor(payment.id).vaultId);
  });

  it('refunds from the dashboard through the capture once per payment, and hears REFUNDED', async () => {
    const { orderId, payment } = await paidByPayPal('refunds@gmail.com');
    const account = await accountByEmail(t.database.db, 'refunds@gmail.com');
    if (!account) throw new Error('no account');
    const token = await createSession(t.database.db, {
      id: account.id,
      email: 'refunds@gmail.com',
      providerSid: null,
    });
    const asked = await t.app.inject({
      method: 'POST',
      url: `/api/users/current/orders/${orderId}/refund/`,
      cookies: { token },
      payload: {},
    });
    expect(asked.statusCode).toBe(200);
    expect((await order(orderId)).status).toBe('refunded');
    const captureId = fake.orderFor(payment.id).capture?.id ?? '';
    const refunds = fake.requests.filter((r) => r.route.endsWith('/refund'));
    expect(refunds).toEqual([
      expect.objectContaining({
        path: `/v2/payments/captures/${captureId}/refund`,
        requestId: `refund-${payment.id}`,
        body: { invoice_id: payment.id, custom_id: payment.id },
      }),
    ]);
    expect(await fake.notify('PAYMENT.CAPTURE.REFUNDED', payment.id)).toMatchObject({
      status: 200,
    });
    expect((await order(orderId)).status).toBe('refunded');
  });

  it('refunds part of a capture when given an amount in minor units', async () => {
    const { payment } = await paidByPayPal('partial@gmail.com');
    // The console's partial refund: the port's refund with an amount in minor units.
    const config = paypalConfig(loadEnv({ ...env, PAYPAL_API_URL: fake.url }));
    if (!config) throw new Error('no PayPal configuration');
    const desk = paymentDesk({ db: t.database.db, catalog: t.catalog });
    const adapter = paypalAdapter({ config, db: t.database.db, desk, publicOrigin: 'http://x' });
    await adapter.refundPayment({ paymentId: payment.id, orderId: payment.orderId }, 500);
    expect(last('POST /v2/payments/captures/:id/refund')).toMatchObject({
      requestId: `refund-${payment.id}-500`,
      body: { amount: { currency_code: 'EUR', value: '5.00' } },
    });
    expect(fake.orderFor(payment.id).capture?.status).toBe('PARTIALLY_REFUNDED');
  });

  /** The console's chargebacks of this week, as its funnel page counts them. */
  const chargebacksToday = async () => {
    const today = new Date().toISOString().slice(0, 10);
    const weeks = await disputesByWeek(t.database.db, { from: today, to: today, format: 'json' });
    return weeks[0]?.chargebacks ?? 0;
  };

  it.each(['PAYMENT.CAPTURE.REVERSED', 'CUSTOMER.DISPUTE.CREATED'])(
    'records %s once, ends the subscriptions, and counts it as a chargeback on the order',
    async (eventType) => {
      const { orderId, payment } = await paidByPayPal(
        `${eventType.split('.')[1]?.toLowerCase() ?? ''}-dispute@gmail.com`,
      );
      const before = await chargebacksToday();
      const body = fake.event(eventType, payment.id);
      const headers = fake.headersFor(body);
      expect((await post(body, headers)).statusCode).toBe(200);
      expect((await post(body, fake.headersFor(body))).statusCode).toBe(200);
      const disputes = await t.database.db
        .select()
        .from(paypalDisputes)
        .where(eq(paypalDisputes.paymentId, payment.id));
      expect(disputes).toEqual([expect.objectContaining({ eventType })]);
      // The console counts it among the week's chargebacks, once, and shows it on the order.
      expect(await chargebacksToday()).toBe(before + 1);
      const { timeline } = await orderDetail(t.database.db, orderId);
      expect(timeline.filter((entry) => entry.kind === 'dispute')).toEqual([
        expect.objectContaining({ text: expect.stringContaining(eventType) as string }),
      ]);
      const [sub] = await t.database.db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.orderId, orderId));
      expect(sub?.status).toBe('canceled');
      expect((await order(orderId)).status).toBe('paid');
    },
  );

  describe('refuses webhooks it cannot trust, with a code, changing nothing', () => {
    const signedFor = async () => {
      const { action, payment } = await started();
      fake.approve(payment.id);
      const body = fake.event('CHECKOUT.ORDER.APPROVED', payment.id);
      return { orderId: action.orderId, body, headers: fake.headersFor(body) };
    };
    it.each([
      [
        'forged (signature of another body)',
        (b: string, h: Record<string, string>) =>
          [b.replace('"CAPTURE"', '"AUTHORIZE"'), h] as const,
        401,
        'invalid_signature',
      ],
      [
        'unsigned',
        (b: string, h: Record<string, string>) =>
          [b, { ...h, 'paypal-transmission-sig': '' }] as const,
        401,
        'invalid_signature',
      ],
      [
        'replayed an hour later',
        (b: string) => [b, fake.headersFor(b, new Date(Date.now() - 3_600_000))] as const,
        401,
        'invalid_signature',
      ],
      [
        'malformed',
        (b: string, h: Record<string, string>) => [b.slice(0, 40), h] as const,
        400,
        'validation_failed',
      ],
    ])('%s', async (_name, make, status, code) => {
      const { orderId, body, headers } = await signedFor();
      const [payload, sent] = make(body, headers);
      const res = await post(payload, sent);
      expect(res.statusCode).toBe(status);
      expect(res.json()).toMatchObject({ error: { code } });
      // Read without the order view, whose refresh would capture the approved order itself.
      const [stored] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
      expect(stored?.status).toBe('new');
      const paypalId = fake.orderFor((await paymentOf(orderId)).id).id;
      expect(fake.requests.filter((r) => r.path.includes(`${paypalId}/capture`))).toEqual([]);
    });
  });

  it.each(['error', 'drop'] as const)(
    'answers a PayPal outage (%s) with a retry message, and the next attempt pays',
    async (outage) => {
      const cart = await newCart();
      fake.outage = outage;
      const failed = await pay(cart.id);
      fake.outage = 'none';
      expect(failed.statusCode).toBe(503);
      expect(failed.json()).toMatchObject({
        error: {
          code: 'service_unavailable',
          message: expect.stringMatching(/not answering.*try again/) as string,
        },
      });
      const again = (await pay(cart.id)).json<PaymentAction>();
      expect(again.type).toBe('redirect');
    },
  );

  it('leaves the order recoverable when PayPal fails at the capture: the refresh captures it', async () => {
    const { action, payment, paypal } = await started();
    fake.approve(payment.id);
    fake.outage = 'error';
    const returned = await back('return', payment.id, paypal.id);
    fake.outage = 'none';
    expect(returned.statusCode).toBe(303);
    expect((await order(action.orderId)).status).not.toBe('error');
    await expect.poll(async () => (await order(action.orderId)).status).toBe('paid');
  });

  it('fetches a new OAuth2 token when PayPal expired the cached one', async () => {
    const before = fake.tokenRequests;
    fake.expireTokens();
    const { action } = await started();
    expect(action.type).toBe('redirect');
    expect(fake.tokenRequests).toBe(before + 1);
  });

  it('writes no token, secret or payer e-mail to a log line', () => {
    const log = lines.join('\n');
    expect(log.length).toBeGreaterThan(0);
    for (const secret of [
      env.PAYPAL_CLIENT_SECRET ?? '',
      ...fake.tokens.keys(),
      'payer@example.com',
    ])
      expect(log).not.toContain(secret);
  });
});
