/**
 * Adyen journeys at the api, against the fake Adyen (fake/fake-adyen.ts) that checks every
 * request, answer and notification against Adyen's published OpenAPI documents: a request the
 * document refuses fails the test (afterEach).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull, like } from 'drizzle-orm';
import type { CartView, OrderView, PaymentAction } from '@checkout/core';
import { createTestApp, type TestApp } from '../../../../test-app';
import { testBrowser } from '../../../../test-browser';
import { sandboxMail } from '../../../../mail/tables';
import { invoices } from '../../../billing/tables';
import { accountByEmail } from '../../../identity/accounts';
import { subscriptions } from '../../../subscriptions/tables';
import { staffBrowser } from '../../../../test-support/staff';
import { createSession } from '../../../users/sessions';
import { notificationInbox, payments } from '../../tables';
import { adyenEnv } from './fake/config';
import { FakeAdyen, TEST_CARDS, WALLET_CONFIGURATION } from './fake/fake-adyen';
import { adyenDisputes, adyenPayments } from './tables';

describe('Adyen through its Checkout API (fake Adyen, OpenAPI-checked)', () => {
  const env = adyenEnv({ ADYEN_OPERATOR_EMAIL: 'ops@aegis.example' });
  const basic = `Basic ${Buffer.from(`${env.ADYEN_WEBHOOK_USERNAME}:${env.ADYEN_WEBHOOK_PASSWORD}`).toString('base64')}`;
  let t: TestApp;
  const shopper = testBrowser(() => t.app);
  const unapplied = async () =>
    (
      await t.database.db
        .select({ eventId: notificationInbox.eventId })
        .from(notificationInbox)
        .where(isNull(notificationInbox.appliedAt))
    ).length;
  // Adyen is answered once the events are recorded; the inbox job applies them just after.
  const post = async (body: string, authorization: string | null = basic) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/callback/adyen/',
      headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
      payload: body,
    });
    if (res.statusCode === 200) await expect.poll(unapplied, { timeout: 10_000 }).toBe(0);
    return res;
  };
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
  const pay = (
    cartId: string,
    provider: string,
    componentData?: unknown,
    key?: string,
    returnPath = '/processing/',
  ) =>
    shopper.inject({
      method: 'POST',
      url: '/api/payments/',
      headers: { 'idempotency-key': key ?? `adyen-${++keys}-abcdef` },
      payload: { cartId, provider, returnPath, componentData },
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
  const oneClick = async (cartId: string) =>
    (
      await shopper.inject({
        method: 'GET',
        url: `/api/payments/providers/one-click/?cart_id=${cartId}`,
      })
    )
      .json<{ providers: { id: string }[] }>()
      .providers.map((p) => p.id);
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

  it('hands Apple Pay and Google Pay the configuration /paymentMethods gives them, and leaves out a wallet without one', async () => {
    const cart = await newCart('DE', 'EUR');
    const listed = async () =>
      (
        await shopper.inject({
          method: 'GET',
          url: `/api/payments/providers/one-click/?cart_id=${cart.id}`,
        })
      ).json<{ providers: { id: string; configuration?: Record<string, string> }[] }>().providers;
    const all = await listed();
    // Spec "saved versus regular": a method entered now is regular (core METHOD_SOURCES).
    expect(new Set(all.map((p) => (p as { source?: string }).source))).toEqual(
      new Set(['regular']),
    );
    const wallets = all.filter((p) => p.id.startsWith('adyen_'));
    expect(wallets).toEqual([
      expect.objectContaining({
        id: 'adyen_applepay',
        configuration: WALLET_CONFIGURATION.applepay,
      }),
      expect.objectContaining({
        id: 'adyen_googlepay',
        configuration: WALLET_CONFIGURATION.googlepay,
      }),
    ]);
    // A configuration the wallet cannot start with (no gateway merchant): not offered.
    const other = await newCart('FI', 'EUR');
    fake.walletConfiguration.googlepay = { merchantId: 'BCR2DN4T1234567' };
    const ids = await oneClick(other.id);
    fake.walletConfiguration.googlepay = { ...WALLET_CONFIGURATION.googlepay };
    expect(ids).toContain('adyen_applepay');
    expect(ids).not.toContain('adyen_googlepay');
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

  it("brings the shopper back to the processing page of their language, with the product's parameters", async () => {
    const cart = await newCart();
    const returnPath = '/nl/processing/?product_group=vpn&bundle_type=single';
    const action = (
      await pay(cart.id, 'adyen_ideal', undefined, undefined, returnPath)
    ).json<PaymentAction>();
    const returnUrl = new URL(String(lastRequest('/payments')?.body.returnUrl));
    expect(returnUrl.pathname).toBe('/nl/processing/');
    expect(Object.fromEntries(returnUrl.searchParams)).toEqual({
      order_id: action.orderId,
      product_group: 'vpn',
      bundle_type: 'single',
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

  it.each([
    ['adyen_pix', 'BR', 'BRL', undefined],
    ['adyen_blik', 'PL', 'PLN', { paymentMethod: { type: 'blik', blikCode: '777123' } }],
  ])(
    "finishes %s with the payload adyen-web's wait hands over, through /payments/details",
    async (provider, country, currency, data) => {
      const cart = await newCart(country, currency);
      const action = (await pay(cart.id, provider, data)).json<PaymentAction>();
      expect(action).toMatchObject({ type: 'frontend_action' });
      const payment = await paymentOf(action.orderId);
      // What Adyen's status check gives adyen-web once the shopper confirmed in their app.
      const payload = fake.payloadFor(payment.id);
      const done = await details(action.orderId, { payload });
      expect(done.statusCode).toBe(200);
      expect(done.json()).toEqual({ type: 'done', orderId: action.orderId });
      expect(lastRequest('/payments/details')?.body).toEqual({ details: { payload } });
      expect((await order(action.orderId)).status).toBe('paid');
    },
  );

  it('refuses details that are not a redirect, challenge or wait result, with a code', async () => {
    const cart = await newCart('BR', 'BRL');
    const action = (await pay(cart.id, 'adyen_pix')).json<PaymentAction>();
    const wrong: Record<string, string>[] = [
      { payload: '' },
      { payload: 'x', redirectResult: 'y' },
      { other: 'z' },
    ];
    for (const detail of wrong) {
      const res = await details(action.orderId, detail);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: { code: 'validation_failed' } });
    }
    expect((await order(action.orderId)).status).toBe('pending');
  });

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

  it('keeps the new card of the update-card page with Adyen, and renews with it', async () => {
    const email = 'new-card@gmail.com';
    const { orderId } = await paidByCard(email);
    const [sub] = await t.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.orderId, orderId));
    const account = await accountByEmail(t.database.db, email);
    if (!sub?.nextChargeAt || !account) throw new Error('no subscription');
    const token = await createSession(t.database.db, { id: account.id, email, providerSid: null });
    const url = `/api/subscriptions/${sub.id}/payment-method/`;
    // Adyen takes the card in its own component: no card fields page of ours.
    const view = await t.app.inject({ method: 'GET', url, cookies: { token } });
    expect(view.json()).toMatchObject({ provider: 'adyen_card', cardFields: null });
    const saved = await t.app.inject({
      method: 'POST',
      url,
      cookies: { token },
      payload: { componentData: card('5555555555554444') },
    });
    expect(saved.json()).toEqual({ last4: '4444', renewed: false });
    // A zero-value payment that only stores the card, for this subscription's shopper.
    const stored = lastRequest('/payments');
    expect(stored?.body).toMatchObject({
      amount: { value: 0, currency: 'EUR' },
      storePaymentMethod: true,
      shopperReference: orderId,
      shopperInteraction: 'Ecommerce',
      recurringProcessingModel: 'Subscription',
      paymentMethod: { encryptedCardNumber: 'test_5555555555554444' },
    });
    const { now } = (
      await shopper.inject({
        method: 'POST',
        url: '/api/sandbox/clock/',
        payload: { advanceMs: 1 },
      })
    ).json<{ now: string }>();
    const advanceMs = sub.nextChargeAt.getTime() - Date.parse(now) + 60_000;
    await shopper.inject({ method: 'POST', url: '/api/sandbox/clock/', payload: { advanceMs } });
    const storedId = [...(fake.stored.get(orderId) ?? [])].at(-1);
    expect(lastRequest('/payments')?.body).toMatchObject({
      shopperInteraction: 'ContAuth',
      paymentMethod: { storedPaymentMethodId: storedId },
    });
    expect(storedId).toBe(
      `STORED${String(fake.paymentFor(String(stored?.body.reference)).pspReference)}`,
    );
  });

  it('keeps a new card that wants a 3-D Secure challenge once the customer passed it, on the update-card page', async () => {
    const email = 'new-card-3ds@gmail.com';
    const { orderId } = await paidByCard(email);
    const [sub] = await t.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.orderId, orderId));
    const account = await accountByEmail(t.database.db, email);
    if (!sub || !account) throw new Error('no subscription');
    const token = await createSession(t.database.db, { id: account.id, email, providerSid: null });
    const url = `/api/subscriptions/${sub.id}/payment-method/`;
    const post = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url, cookies: { token }, payload });
    const asked = await post({ componentData: card(TEST_CARDS.challenge) });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toMatchObject({
      providerAction: { type: 'threeDS2', subtype: 'challenge' },
    });
    const started = lastRequest('/payments');
    expect(started?.body).toMatchObject({
      amount: { value: 0, currency: 'EUR' },
      storePaymentMethod: true,
      shopperReference: orderId,
      authenticationData: { threeDSRequestData: { nativeThreeDS: 'preferred' } },
    });
    // Nothing stored before the challenge is passed.
    expect(fake.stored.get(orderId)?.size).toBe(1);
    // A challenge result of another payment (a checkout's) is not this subscription's card.
    const other = (
      await pay((await newCart()).id, 'adyen_card', card(TEST_CARDS.challenge))
    ).json<PaymentAction>();
    const foreign = fake.redirectResultFor((await paymentOf(other.orderId)).id);
    const refused = await post({ details: { threeDSResult: foreign } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: { code: 'validation_failed' } });
    const threeDSResult = fake.redirectResultFor(String(started?.body.reference));
    const saved = await post({ details: { threeDSResult } });
    expect(saved.json()).toEqual({ last4: '0006', renewed: false });
    expect(lastRequest('/payments/details')?.body).toEqual({ details: { threeDSResult } });
    const storedId = [...(fake.stored.get(orderId) ?? [])].at(-1);
    expect(storedId).toBe(`STORED${fake.paymentFor(String(started?.body.reference)).pspReference}`);
    const view = await t.app.inject({ method: 'GET', url, cookies: { token } });
    expect(view.json()).toMatchObject({ card: { last4: '0006' } });
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

  /** Each spec variant Adyen serves: its cart, what the browser component hands over. */
  const variants: [string, string, string, string, Record<string, unknown> | undefined, string][] =
    [
      [
        'adyen_applepay',
        'US',
        'USD',
        'applepay',
        { type: 'applepay', applePayToken: 'tok' },
        'done',
      ],
      [
        'adyen_bancontact',
        'BE',
        'EUR',
        'bcmc',
        { ...card(TEST_CARDS.visa).paymentMethod, type: 'bcmc' },
        'done',
      ],
      [
        'adyen_cartes_bancaires',
        'FR',
        'EUR',
        'scheme',
        card(TEST_CARDS.visa).paymentMethod,
        'done',
      ],
      ['adyen_dankort', 'DK', 'DKK', 'scheme', card(TEST_CARDS.visa).paymentMethod, 'done'],
      ['adyen_gopay', 'ID', 'IDR', 'gopay_wallet', undefined, 'redirect'],
      [
        'adyen_googlepay',
        'DE',
        'EUR',
        'googlepay',
        { type: 'googlepay', googlePayToken: 'tok' },
        'done',
      ],
      ['adyen_grabpay', 'SG', 'SGD', 'grabpay_SG', undefined, 'redirect'],
      ['adyen_kakaopay', 'KR', 'KRW', 'kakaopay', undefined, 'redirect'],
      ['adyen_klarna', 'SE', 'SEK', 'klarna', undefined, 'redirect'],
      [
        'adyen_kcp',
        'KR',
        'KRW',
        'scheme',
        { ...card(TEST_CARDS.visa).paymentMethod, encryptedPassword: 'test_12' },
        'done',
      ],
      ['adyen_momo', 'VN', 'VND', 'momo_wallet', undefined, 'redirect'],
      ['adyen_sofort', 'DE', 'EUR', 'directEbanking', undefined, 'redirect'],
      ['adyen_twint', 'CH', 'CHF', 'twint', undefined, 'redirect'],
      ['adyen_unionpay', 'CN', 'CNY', 'unionpay', undefined, 'redirect'],
      [
        'adyen_vipps',
        'NO',
        'NOK',
        'vipps',
        { type: 'vipps', telephoneNumber: '+4712345678' },
        'redirect',
      ],
    ];
  it.each(variants)(
    '%s pays as Adyen method type and answers in our action words',
    async (provider, country, currency, type, paymentMethod, answer) => {
      const cart = await newCart(country, currency, `${provider}@gmail.com`);
      expect([...(await regular(cart.id)), ...(await oneClick(cart.id))]).toContain(provider);
      const res = await pay(cart.id, provider, paymentMethod ? { paymentMethod } : undefined);
      const action = res.json<PaymentAction>();
      expect(action.type).toBe(answer);
      const sent = lastRequest('/payments')?.body;
      expect(sent?.paymentMethod).toMatchObject({ type });
      // Adyen's minor units: no decimals for IDR, VND and KRW, two for the others here.
      const exponent = ['IDR', 'VND', 'KRW'].includes(currency) ? 0 : 2;
      const ours = currency === 'KRW' ? 0 : 2;
      expect(sent?.amount).toEqual({ value: cart.totalMinor / 10 ** (ours - exponent), currency });
    },
  );

  it('refuses payment data that is not the chosen method, before any order is placed', async () => {
    const cart = await newCart();
    const sent = fake.requests.filter((r) => r.path === '/payments').length;
    const missing = await pay(cart.id, 'adyen_card');
    expect(missing.json()).toMatchObject({ error: { code: 'validation_failed' } });
    const other = await pay(cart.id, 'adyen_card', { paymentMethod: { type: 'ideal' } });
    expect(other.json()).toMatchObject({ error: { code: 'validation_failed' } });
    // Nothing reached Adyen, and the cart is still open for the right data.
    expect(fake.requests.filter((r) => r.path === '/payments')).toHaveLength(sent);
    expect((await pay(cart.id, 'adyen_card', card(TEST_CARDS.visa))).json()).toMatchObject({
      type: 'done',
    });
  });

  it('refunds through /refunds once per payment, issues the credit note, and hears REFUND', async () => {
    const { orderId } = await paidByCard('refunds@gmail.com');
    const payment = await paymentOf(orderId);
    // The customer asks for the money back from the dashboard (within the refund window).
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
    const refunds = fake.requests.filter((r) => r.path.endsWith('/refunds'));
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({
      path: `/payments/${fake.paymentFor(payment.id).pspReference}/refunds`,
      idempotencyKey: `refund-${payment.id}`,
      body: { reference: payment.id, amount: { currency: 'EUR' } },
    });
    await expect
      .poll(
        async () =>
          (await t.database.db.select().from(invoices).where(eq(invoices.orderId, orderId))).map(
            (d) => d.kind,
          ),
        { timeout: 10_000 },
      )
      .toContain('credit_note');
    expect(await fake.notify('REFUND', payment.id)).toEqual({ status: 200, body: '[accepted]' });
    expect((await order(orderId)).status).toBe('refunded');
    // Adyen could not give the money back: written down and told to the operators.
    expect(await fake.notify('REFUND_FAILED', payment.id)).toEqual({
      status: 200,
      body: '[accepted]',
    });
    const [failed] = await t.database.db
      .select()
      .from(adyenDisputes)
      .where(
        and(eq(adyenDisputes.paymentId, payment.id), eq(adyenDisputes.eventCode, 'REFUND_FAILED')),
      );
    expect(failed?.decision).toMatch(/refund by hand/);
  });

  it('refunds a part through /refunds with its own amount, reference and idempotency key', async () => {
    const { orderId } = await paidByCard('refunds.part@gmail.com');
    const payment = await paymentOf(orderId);
    const finance = await staffBrowser(() => t.app, t.database.db, 'finance');
    const requestId = randomUUID();
    const res = await finance.inject({
      method: 'POST',
      url: `/api/console/orders/${orderId}/refunds/`,
      payload: { amountMinor: 250, requestId },
    });
    expect(res.statusCode).toBe(200);
    const refunds = fake.requests.filter((r) => r.path.endsWith('/refunds'));
    expect(refunds.at(-1)).toMatchObject({
      path: `/payments/${fake.paymentFor(payment.id).pspReference}/refunds`,
      idempotencyKey: `refund-${requestId}`,
      body: { reference: requestId, amount: { currency: 'EUR', value: 250 } },
    });
    expect((await order(orderId)).status).toBe('paid');
  });

  it('cancels a payment the shopper abandoned through /cancels with its pspReference', async () => {
    const cart = await newCart();
    const action = (await pay(cart.id, 'adyen_ideal')).json<PaymentAction>();
    const payment = await paymentOf(action.orderId);
    const res = await shopper.inject({
      method: 'POST',
      url: '/api/payments/cancel/',
      payload: { orderId: action.orderId },
    });
    expect(res.json()).toEqual({ orderId: action.orderId, status: 'canceled' });
    expect(
      lastRequest(`/payments/${fake.paymentFor(payment.id).pspReference}/cancels`),
    ).toMatchObject({
      idempotencyKey: `cancel-${payment.id}`,
      body: { reference: payment.id },
    });
    expect(await fake.notify('CANCELLATION', payment.id)).toEqual({
      status: 200,
      body: '[accepted]',
    });
    expect((await order(action.orderId)).status).toBe('canceled');
  });

  it('answers a cancel Adyen refuses with a 409 and a code, and leaves the order as it was', async () => {
    const cart = await newCart();
    const action = (await pay(cart.id, 'adyen_ideal')).json<PaymentAction>();
    const payment = await paymentOf(action.orderId);
    // Adyen no longer knows the payment's reference (422 "Original pspReference required").
    fake.payments.delete(fake.paymentFor(payment.id).pspReference);
    const res = await shopper.inject({
      method: 'POST',
      url: '/api/payments/cancel/',
      payload: { orderId: action.orderId },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: { code: 'conflict' } });
    expect((await order(action.orderId)).status).toBe('new');
  });

  it('keeps the stored card RECURRING_CONTRACT reports when the payment answer had none', async () => {
    const { orderId } = await paidByCard('contract@gmail.com');
    const payment = await paymentOf(orderId);
    await t.database.db
      .update(payments)
      .set({ savedMethod: null })
      .where(eq(payments.id, payment.id));
    const reported = await fake.notify('RECURRING_CONTRACT', payment.id);
    expect(reported).toEqual({ status: 200, body: '[accepted]' });
    const kept = await paymentOf(orderId);
    expect(kept.savedMethod).toMatch(new RegExp(`^${orderId}:STOREDFAKE`));
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

    it('accepts an event that is no payment of ours and changes nothing', async () => {
      const report = {
        pspReference: 'report_2026_11_26.csv',
        reference: '',
        type: '',
        resultCode: '',
      };
      const body = fake.notification(
        'REPORT_AVAILABLE',
        'ReportAvailableNotificationRequest',
        { ...report, amount: { value: 0, currency: 'EUR' } },
        { reason: 'https://ca-test.adyen.com/reports/download/report_2026_11_26.csv' },
      );
      const before = await t.database.db.select().from(adyenPayments);
      expect((await post(body)).body).toBe('[accepted]');
      expect(await t.database.db.select().from(adyenPayments)).toEqual(before);
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

  it('answers an outage while Adyen is asked what it offers with the retry message, placing no order', async () => {
    const cart = await newCart('IT', 'EUR');
    fake.outage = 'error';
    const failed = await pay(cart.id, 'adyen_card', card(TEST_CARDS.visa));
    const listed = await regular(cart.id);
    fake.outage = 'none';
    expect(failed.statusCode).toBe(503);
    expect(failed.json()).toMatchObject({ error: { code: 'service_unavailable' } });
    // The list leaves Adyen's methods out meanwhile; the cart stays open and pays afterwards.
    expect(listed.filter((id) => id.startsWith('adyen_'))).toEqual([]);
    expect((await pay(cart.id, 'adyen_card', card(TEST_CARDS.visa))).json()).toMatchObject({
      type: 'done',
    });
  });

  it.each(['error', 'drop', 'hang'] as const)(
    'answers an Adyen outage (%s: a 500, a dropped connection, no answer within 15 s) with a retry message; the next attempt pays',
    async (outage) => {
      const cart = await newCart();
      // The shopper saw the list (Adyen answered), then Adyen fails on the payment itself.
      expect(await regular(cart.id)).toContain('adyen_card');
      fake.outage = outage;
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
    },
    // A hung Adyen is given up after the client's 15 s timeout.
    30_000,
  );
});
