/**
 * Adyen journeys at the api, against the fake Adyen (fake/fake-adyen.ts) that checks every
 * request, answer and notification against Adyen's published OpenAPI documents: a request the
 * document refuses fails the test (afterEach).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import type { CartView, OrderView, PaymentAction } from '@checkout/core';
import { createTestApp, type TestApp } from '../../../../test-app';
import { testBrowser } from '../../../../test-browser';
import { sandboxMail } from '../../../identity/tables';
import { subscriptions } from '../../../orders/tables';
import { payments } from '../../tables';
import { adyenEnv } from './fake/config';
import { FakeAdyen, TEST_CARDS } from './fake/fake-adyen';
import { adyenDisputes, adyenPayments } from './tables';

describe('Adyen through its Checkout API (fake Adyen, OpenAPI-checked)', () => {
  const env = adyenEnv({ ADYEN_OPERATOR_EMAIL: 'ops@aegis.example' });
  const basic = `Basic ${Buffer.from(`${env.ADYEN_WEBHOOK_USERNAME}:${env.ADYEN_WEBHOOK_PASSWORD}`).toString('base64')}`;
  let t: TestApp;
  const shopper = testBrowser(() => t.app);
  const post = (body: string, authorization: string | null = basic) =>
    t.app.inject({
      method: 'POST',
      url: '/api/callback/adyen/',
      headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
      payload: body,
    });
  const fake = new FakeAdyen({
    merchantAccount: env.ADYEN_MERCHANT_ACCOUNT ?? '',
    apiKey: env.ADYEN_API_KEY ?? '',
    hmacKey: env.ADYEN_HMAC_KEY ?? '',
    deliver: async (body) => {
      const res = await post(body);
      return { status: res.statusCode, body: res.body };
    },
  });
  beforeAll(async () => {
    const url = await fake.start();
    t = await createTestApp({ ...env, ADYEN_CHECKOUT_URL: url });
  });
  afterAll(async () => {
    await t.close();
    await fake.stop();
  });
  afterEach(() => {
    // Every request the adapter sent, every answer and notification, as Adyen's documents say.
    expect(fake.violations.splice(0)).toEqual([]);
  });

  let keys = 0;
  const newCart = async (country = 'NL', currency = 'EUR', email = 'buyer@gmail.com') =>
    (
      await shopper.inject({
        method: 'POST',
        url: '/api/carts/',
        payload: { mainPlan: 'vpn-basic-1y', currency, country, email },
      })
    ).json<CartView>();
  const card = (number: string) => ({
    paymentMethod: {
      type: 'scheme',
      encryptedCardNumber: `test_${number}`,
      encryptedExpiryMonth: 'test_03',
      encryptedExpiryYear: 'test_2030',
      encryptedSecurityCode: 'test_737',
      holderName: 'Anna Smith',
    },
    browserInfo: {
      acceptHeader: 'text/html',
      colorDepth: 24,
      javaEnabled: false,
      language: 'nl-NL',
      screenHeight: 900,
      screenWidth: 1440,
      timeZoneOffset: -60,
      userAgent: 'Mozilla/5.0',
    },
  });
  const pay = (cartId: string, provider: string, componentData?: unknown, key?: string) =>
    shopper.inject({
      method: 'POST',
      url: '/api/payments/',
      headers: { 'idempotency-key': key ?? `adyen-${++keys}-abcdef` },
      payload: { cartId, provider, returnPath: '/processing/', componentData },
    });
  const order = async (id: string) =>
    (await shopper.inject({ method: 'GET', url: `/api/orders/${id}/` })).json<OrderView>();
  const paymentOf = async (orderId: string) => {
    const [row] = await t.database.db.select().from(payments).where(eq(payments.orderId, orderId));
    if (!row) throw new Error('no payment');
    return row;
  };
  const details = (orderId: string, detail: Record<string, string>) =>
    shopper.inject({
      method: 'POST',
      url: '/api/payments/details/',
      payload: { orderId, details: detail },
    });
  const lastRequest = (path: string) => fake.requests.filter((r) => r.path === path).at(-1);
  const regular = async (cartId: string) =>
    (
      await shopper.inject({
        method: 'GET',
        url: `/api/payments/providers/regular/?cart_id=${cartId}`,
      })
    )
      .json<{ methods: { providers: { id: string }[] }[] }>()
      .methods.flatMap((m) => m.providers.map((p) => p.id));
  const paidByCard = async (email = 'buyer@gmail.com') => {
    const cart = await newCart('NL', 'EUR', email);
    const res = await pay(cart.id, 'adyen_card', card(TEST_CARDS.visa));
    const action = res.json<PaymentAction>();
    expect(action.type).toBe('done');
    return { cart, orderId: action.orderId };
  };

  it('offers only the Adyen methods /paymentMethods lists for the country, currency and amount', async () => {
    const nl = await regular((await newCart('NL', 'EUR')).id);
    expect(nl.filter((id) => id.startsWith('adyen_')).sort()).toEqual([
      'adyen_card',
      'adyen_ideal',
      'adyen_klarna',
    ]);
    const request = lastRequest('/paymentMethods');
    expect(request?.body).toMatchObject({ countryCode: 'NL', amount: { currency: 'EUR' } });
    // Adyen's card entry names Cartes Bancaires in France and Dankort in Denmark.
    expect(await regular((await newCart('FR', 'EUR')).id)).toContain('adyen_cartes_bancaires');
    expect(await regular((await newCart('DK', 'DKK')).id)).toContain('adyen_dankort');
    // Withdrawn at Adyen (not enabled on the account): not shown, and not payable.
    fake.withdrawn.add('directEbanking');
    const at = await newCart('AT', 'EUR');
    expect(await regular(at.id)).not.toContain('adyen_sofort');
    expect((await pay(at.id, 'adyen_sofort')).json()).toMatchObject({
      error: { code: 'validation_failed' },
    });
    fake.withdrawn.clear();
    // CyberPost has no Adyen method type: never offered through Adyen.
    expect(await regular((await newCart('KR', 'KRW')).id)).not.toContain('adyen_cyberpost');
  });

  it('pays by card: our payment id as reference, minor units, the card kept for renewals', async () => {
    const cart = await newCart();
    const res = await pay(cart.id, 'adyen_card', card(TEST_CARDS.visa));
    expect(res.statusCode).toBe(201);
    const action = res.json<PaymentAction>();
    expect(action).toEqual({ type: 'done', orderId: action.orderId });
    expect((await order(action.orderId)).status).toBe('paid');
    const payment = await paymentOf(action.orderId);
    const sent = lastRequest('/payments');
    expect(sent?.idempotencyKey).toBe(`pay-${payment.id}`);
    expect(sent?.body).toMatchObject({
      reference: payment.id,
      amount: { value: cart.totalMinor, currency: 'EUR' },
      shopperReference: action.orderId,
      storePaymentMethod: true,
      recurringProcessingModel: 'Subscription',
      shopperInteraction: 'Ecommerce',
      returnUrl: `http://localhost:3000/processing/?order_id=${action.orderId}`,
    });
    expect(payment.savedMethod).toMatch(new RegExp(`^${action.orderId}:STORED`));
    expect(payment.cardLast4).toBe('1111');
    // Card numbers never reach our tables: only Adyen's encrypted fields carried them.
    expect(JSON.stringify(payment)).not.toContain(TEST_CARDS.visa);
    // Adyen's AUTHORISATION later confirms it: accepted, applied once.
    const notified = await fake.notify('AUTHORISATION', payment.id);
    expect(notified).toEqual({ status: 200, body: '[accepted]' });
    expect((await order(action.orderId)).status).toBe('paid');
  });

  it('asks for a 3-D Secure challenge, then pays with the challenge result', async () => {
    const cart = await newCart();
    const action = (
      await pay(cart.id, 'adyen_card', card(TEST_CARDS.challenge))
    ).json<PaymentAction>();
    expect(action).toMatchObject({
      type: 'frontend_action',
      providerAction: { type: 'threeDS2', subtype: 'challenge' },
    });
    expect((await order(action.orderId)).status).toBe('new');
    const payment = await paymentOf(action.orderId);
    const threeDSResult = fake.redirectResultFor(payment.id);
    const done = await details(action.orderId, { threeDSResult });
    expect(done.json()).toEqual({ type: 'done', orderId: action.orderId });
    expect((await order(action.orderId)).status).toBe('paid');
    expect(lastRequest('/payments/details')?.body).toEqual({ details: { threeDSResult } });
  });

  it('sends the shopper to iDEAL and pays with the redirectResult it returns with', async () => {
    const cart = await newCart();
    const action = (await pay(cart.id, 'adyen_ideal')).json<PaymentAction>();
    expect(action.type).toBe('redirect');
    expect(action.type === 'redirect' && action.url).toMatch(
      /^https:\/\/checkoutshopper-test\.adyen\.com\//,
    );
    expect(lastRequest('/payments')?.body).toMatchObject({ paymentMethod: { type: 'ideal' } });
    const payment = await paymentOf(action.orderId);
    const redirectResult = fake.redirectResultFor(payment.id);
    expect((await details(action.orderId, { redirectResult })).json()).toMatchObject({
      type: 'done',
    });
    expect((await order(action.orderId)).status).toBe('paid');
    // A second return with the same result (a reload) answers what happened.
    expect((await details(action.orderId, { redirectResult })).json()).toMatchObject({
      type: 'done',
    });
  });

  it('declines a refused card with its reason kept for operators, and the cart is payable again', async () => {
    const cart = await newCart();
    const action = (
      await pay(cart.id, 'adyen_card', card(TEST_CARDS.declined))
    ).json<PaymentAction>();
    expect(action).toEqual({ type: 'error', orderId: action.orderId, reason: 'declined' });
    expect((await order(action.orderId)).status).toBe('error');
    const payment = await paymentOf(action.orderId);
    const [word] = await t.database.db
      .select()
      .from(adyenPayments)
      .where(eq(adyenPayments.paymentId, payment.id));
    expect(word).toMatchObject({ resultCode: 'Refused', refusalReason: 'Refused' });
    expect((await pay(cart.id, 'adyen_card', card(TEST_CARDS.visa))).json()).toMatchObject({
      type: 'done',
    });
  });

  it('pays an order the browser saw fail when Adyen later reports the CAPTURE', async () => {
    const cart = await newCart();
    const action = (await pay(cart.id, 'adyen_ideal')).json<PaymentAction>();
    const payment = await paymentOf(action.orderId);
    const refused = fake.redirectResultFor(payment.id, 'Refused');
    expect((await details(action.orderId, { redirectResult: refused })).json()).toMatchObject({
      type: 'error',
    });
    expect((await order(action.orderId)).status).toBe('error');
    expect(await fake.notify('CAPTURE', payment.id)).toEqual({ status: 200, body: '[accepted]' });
    expect((await order(action.orderId)).status).toBe('paid');
  });

  it.each([
    ['adyen_pix', 'BR', 'BRL', undefined, 'qrCode'],
    ['adyen_blik', 'PL', 'PLN', { paymentMethod: { type: 'blik', blikCode: '777123' } }, 'await'],
  ])(
    'keeps %s pending until Adyen notifies AUTHORISATION',
    async (provider, country, currency, data, kind) => {
      const cart = await newCart(country, currency);
      const action = (await pay(cart.id, provider, data)).json<PaymentAction>();
      expect(action).toMatchObject({ type: 'frontend_action', providerAction: { type: kind } });
      expect((await order(action.orderId)).status).toBe('pending');
      const payment = await paymentOf(action.orderId);
      expect(await fake.notify('AUTHORISATION', payment.id)).toEqual({
        status: 200,
        body: '[accepted]',
      });
      expect((await order(action.orderId)).status).toBe('paid');
    },
  );

  it('charges the renewal to the stored card, merchant-initiated', async () => {
    const { orderId } = await paidByCard('renews@gmail.com');
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
    const renewal = lastRequest('/payments');
    const first = await paymentOf(orderId);
    expect(renewal?.body).toMatchObject({
      shopperInteraction: 'ContAuth',
      recurringProcessingModel: 'Subscription',
      shopperReference: orderId,
      paymentMethod: { type: 'scheme', storedPaymentMethodId: first.savedMethod?.split(':')[1] },
    });
    const [renewed] = await t.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, sub.id));
    expect(renewed?.cycle).toBe(sub.cycle + 1);
  });

  it('records a CHARGEBACK once, ends the subscription and mails the operators', async () => {
    const { orderId } = await paidByCard('disputes@gmail.com');
    const payment = await paymentOf(orderId);
    const reported = await fake.notify('CHARGEBACK', payment.id, { reason: 'Fraudulent' });
    expect(reported).toEqual({ status: 200, body: '[accepted]' });
    const disputes = await t.database.db
      .select()
      .from(adyenDisputes)
      .where(eq(adyenDisputes.paymentId, payment.id));
    expect(disputes).toEqual([
      expect.objectContaining({ eventCode: 'CHARGEBACK', reason: 'Fraudulent' }),
    ]);
    expect(disputes[0]?.decision).toMatch(/subscriptions canceled/);
    const [sub] = await t.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.orderId, orderId));
    expect(sub?.status).toBe('canceled');
    const mails = await t.database.db
      .select()
      .from(sandboxMail)
      .where(
        and(eq(sandboxMail.to, 'ops@aegis.example'), like(sandboxMail.subject, `%${payment.id}%`)),
      );
    expect(mails).toHaveLength(1);
    expect(mails[0]?.body).not.toContain('disputes@gmail.com');
  });

  describe('refuses notifications it cannot trust, with a code, changing nothing', () => {
    const signedFor = async () => {
      const cart = await newCart();
      const action = (await pay(cart.id, 'adyen_ideal')).json<PaymentAction>();
      const payment = await paymentOf(action.orderId);
      const body = fake.notification(
        'AUTHORISATION',
        'AuthorisationNotificationRequest',
        fake.paymentFor(payment.id),
      );
      return { orderId: action.orderId, paymentId: payment.id, body };
    };
    const tamper = (body: string, change: (item: Record<string, unknown>) => void) => {
      const json = JSON.parse(body) as {
        notificationItems: { NotificationRequestItem: Record<string, unknown> }[];
      };
      const item = json.notificationItems[0]?.NotificationRequestItem;
      if (item) change(item);
      return JSON.stringify(json);
    };

    it.each([
      ['without credentials', (b: string) => [b, null] as const, 401, 'invalid_signature'],
      [
        'with a wrong password',
        (b: string) =>
          [b, `Basic ${Buffer.from('adyen-notifier:guess').toString('base64')}`] as const,
        401,
        'invalid_signature',
      ],
      [
        'forged (amount changed)',
        (b: string) =>
          [
            tamper(b, (i) => {
              i.amount = { value: 1, currency: 'EUR' };
            }),
            basic,
          ] as const,
        401,
        'invalid_signature',
      ],
      [
        'unsigned',
        (b: string) =>
          [
            tamper(b, (i) => {
              i.additionalData = {};
            }),
            basic,
          ] as const,
        401,
        'invalid_signature',
      ],
      ['malformed', (b: string) => [b.slice(0, 40), basic] as const, 400, 'validation_failed'],
      [
        'of another merchant account',
        (b: string) =>
          [
            tamper(b, (i) => {
              i.merchantAccountCode = 'Other';
            }),
            basic,
          ] as const,
        400,
        'validation_failed',
      ],
    ])('%s', async (_name, make, status, code) => {
      const { orderId, body } = await signedFor();
      const [payload, authorization] = make(body);
      const res = await post(payload, authorization);
      expect(res.statusCode).toBe(status);
      expect(res.json()).toMatchObject({ error: { code } });
      expect((await order(orderId)).status).toBe('new');
    });

    it('applies a replayed notification once: the repeat changes nothing', async () => {
      const { orderId, body } = await signedFor();
      expect((await post(body)).body).toBe('[accepted]');
      expect((await order(orderId)).status).toBe('paid');
      const before = await t.database.db.select().from(adyenPayments);
      expect((await post(body)).body).toBe('[accepted]');
      expect(await t.database.db.select().from(adyenPayments)).toEqual(before);
      // Replayed onto another payment: the signature no longer holds.
      const other = await signedFor();
      const moved = tamper(body, (i) => {
        i.merchantReference = other.paymentId;
      });
      expect((await post(moved)).statusCode).toBe(401);
      expect((await order(other.orderId)).status).toBe('new');
    });
  });

  it('answers an Adyen outage with a retry message; the next attempt pays', async () => {
    const cart = await newCart();
    fake.outage = 'error';
    const failed = await pay(cart.id, 'adyen_card', card(TEST_CARDS.visa));
    fake.outage = 'none';
    expect(failed.statusCode).toBe(503);
    expect(failed.json()).toMatchObject({
      error: {
        code: 'service_unavailable',
        message: expect.stringMatching(/not answering.*try again/) as string,
      },
    });
    const retried = await pay(cart.id, 'adyen_card', card(TEST_CARDS.visa));
    expect(retried.json()).toMatchObject({ type: 'done' });
    expect((await order(retried.json<PaymentAction>().orderId)).status).toBe('paid');
    // The stranded attempt was canceled at Adyen by its reference.
    expect(lastRequest('/cancels')?.body).toMatchObject({ merchantAccount: 'AegisECOM' });
  });
});
