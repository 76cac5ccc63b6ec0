import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  CARD_ERROR_MESSAGES,
  DEFAULT_CARD_FIELDS_TEXT,
  type CardErrorCode,
  type OrderView,
  PROVIDER_LABELS,
  type PaymentAction,
} from '@checkout/core';
import { createTestApp, type TestApp } from '../../test-app';
import { testBrowser } from '../../test-browser';
import { cardToken, openCart } from '../../test-support/purchase';
import { subscriptions } from '../subscriptions/tables';
import { carts } from '../carts/tables';
import { sandboxCardTokens } from '../sandbox-gateway/tables';
import { payments } from './tables';

describe('payments through the sandbox gateway', () => {
  let t: TestApp;
  /** One shopper's browser: carts, orders and payments answer only the browser that owns them. */
  const shopper = testBrowser(() => t.app);
  beforeAll(async () => {
    t = await createTestApp({ SANDBOX_ASYNC_SETTLE_MS: '50' });
  });
  afterAll(() => t.close());

  let keys = 0;
  const newCart = (extra: Record<string, unknown> = {}) =>
    openCart(shopper, { email: 'buyer@gmail.com', ...extra });
  const tokenize = (card: Record<string, string> = {}) =>
    shopper.inject({
      method: 'POST',
      url: '/api/sandbox/tokens/',
      payload: {
        number: '4242424242424242',
        expiry: '12 / 30',
        cvc: '123',
        name: 'Anna Smith',
        ...card,
      },
    });
  const tokenFor = (number: string) => cardToken(shopper, { number, name: 'Anna Smith' });
  /** Card providers pay with a token: a fresh one for `card` unless one is given. */
  const pay = async (
    cartId: string,
    options: { key?: string; provider?: string; card?: string; cardToken?: string } = {},
  ) => {
    const provider = options.provider ?? 'adyen_card';
    const cardToken =
      options.cardToken ??
      (provider === 'adyen_card' ? await tokenFor(options.card ?? '4242424242424242') : undefined);
    return shopper.inject({
      method: 'POST',
      url: '/api/payments/',
      headers: { 'idempotency-key': options.key ?? `key-${++keys}-abcdef` },
      payload: { cartId, provider, returnPath: '/processing/', cardToken },
    });
  };
  const order = async (id: string) =>
    (await shopper.inject({ method: 'GET', url: `/api/orders/${id}/` })).json<OrderView>();

  it('lists regular providers grouped by method, and one-click wallets, for the cart', async () => {
    const cart = await newCart({ currency: 'EUR', country: 'NL' });
    const regular = (
      await shopper.inject({
        method: 'GET',
        url: `/api/payments/providers/regular/?cart_id=${cart.id}`,
      })
    ).json<{
      methods: { method: string; providers: { id: string; cardFields?: string }[] }[];
    }>();
    const ids = regular.methods.flatMap((m) => m.providers.map((p) => p.id));
    expect(ids).toContain('adyen_ideal');
    expect(regular.methods.map((m) => m.method)).toContain('card');
    // Card fields are framed for card providers only; iDEAL or PayPal send the shopper away.
    const framed = regular.methods.flatMap((m) => m.providers.filter((p) => p.cardFields));
    expect(framed.map((p) => p.id)).toContain('adyen_card');
    expect(framed.map((p) => p.id)).not.toContain('adyen_ideal');
    expect(framed.map((p) => p.id)).not.toContain('paypal');
    const oneClick = (
      await shopper.inject({
        method: 'GET',
        url: `/api/payments/providers/one-click/?cart_id=${cart.id}`,
      })
    ).json<{
      providers: { id: string }[];
    }>();
    expect(oneClick.providers.map((p) => p.id)).toContain('paypal_incontext');
  });

  it('offers each payment brand once: Pix in Brazil is one option, not two', async () => {
    const cart = await newCart({ currency: 'BRL', country: 'BR' });
    const regular = (
      await shopper.inject({
        method: 'GET',
        url: `/api/payments/providers/regular/?cart_id=${cart.id}`,
      })
    ).json<{ methods: { method: string; providers: { id: string }[] }[] }>();
    const brands = regular.methods
      .flatMap((m) => m.providers.map((p) => PROVIDER_LABELS[p.id]))
      .filter((brand) => brand !== undefined);
    expect(brands.filter((brand) => brand === 'Pix')).toEqual(['Pix']);
    expect(new Set(brands).size).toBe(brands.length);
  });

  it('serves the card fields only to the checkout origin, with no external assets', async () => {
    const fields = await shopper.inject({
      method: 'GET',
      url: `/api/sandbox/card-fields/?origin=${encodeURIComponent('http://localhost:3000')}`,
    });
    expect(fields.statusCode).toBe(200);
    expect(fields.body).toContain('placeholder="1234 1234 1234 1234"');
    expect(fields.body).toContain('placeholder="MM / YY"');
    // Only its own inline script, which the CSP admits by hash; framed by the checkout only.
    expect(fields.body).not.toMatch(/<script[^>]*\ssrc=|https?:\/\/(?!localhost:3000)/);
    expect(fields.headers['content-security-policy']).toMatch(
      /default-src 'none'; script-src 'sha256-[^']+'; .*frame-ancestors http:\/\/localhost:3000$/,
    );
    const stranger = await shopper.inject({
      method: 'GET',
      url: `/api/sandbox/card-fields/?origin=${encodeURIComponent('https://evil.example')}`,
    });
    expect(stranger.statusCode).toBe(400);
    const garbled = await shopper.inject({
      method: 'GET',
      url: `/api/sandbox/card-fields/?origin=${encodeURIComponent('http://localhost:3000')}&text=bm9wZQ`,
    });
    expect(garbled.statusCode).toBe(400);
  });

  it('labels the card fields in the language the checkout asks for', async () => {
    const text = {
      ...DEFAULT_CARD_FIELDS_TEXT,
      lang: 'de',
      labels: { ...DEFAULT_CARD_FIELDS_TEXT.labels, number: 'Kartennummer <b>' },
    };
    const fields = await shopper.inject({
      method: 'GET',
      url: `/api/sandbox/card-fields/?origin=${encodeURIComponent('http://localhost:3000')}&text=${Buffer.from(JSON.stringify(text)).toString('base64url')}`,
    });
    expect(fields.body).toContain('<html lang="de" dir="ltr">');
    expect(fields.body).toContain('Kartennummer &lt;b&gt;');
  });

  it('pays by card token: one order, paid, with its subscription, and the cart completed', async () => {
    const cart = await newCart();
    const res = await pay(cart.id);
    expect(res.statusCode).toBe(201);
    const action = res.json<PaymentAction>();
    expect(action.type).toBe('done');
    expect((await order(action.orderId)).status).toBe('paid');
    const subs = await t.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.orderId, action.orderId));
    expect(subs.map((s) => s.plan)).toEqual(['vpn-basic-1y']);
    const [row] = await t.database.db.select().from(carts).where(eq(carts.id, cart.id));
    expect(row?.status).toBe('completed');
  });

  it('keeps only brand, last four and expiry of a card, and a token pays once', async () => {
    const cart = await newCart();
    const cardToken = await tokenFor('4242 4242 4242 4242');
    const action = (await pay(cart.id, { cardToken })).json<PaymentAction>();
    const [stored] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.orderId, action.orderId));
    expect(stored).toMatchObject({ cardBrand: 'VISA', cardLast4: '4242', cardExpiry: '12/30' });
    const vaulted = await t.database.db.select().from(sandboxCardTokens);
    for (const row of [stored, ...vaulted]) {
      expect(JSON.stringify(row)).not.toContain('4242424242424242');
      expect(JSON.stringify(row)).not.toContain('"123"');
    }
    const again = await pay((await newCart()).id, { cardToken });
    expect(again.json<PaymentAction>()).toMatchObject({ type: 'error', reason: 'failed' });
  });

  it('a card-fields provider needs a token, and only it takes one', async () => {
    const cart = await newCart({ currency: 'USD', country: 'US' });
    const missing = await shopper.inject({
      method: 'POST',
      url: '/api/payments/',
      headers: { 'idempotency-key': 'no-token-123456' },
      payload: { cartId: cart.id, provider: 'adyen_card', returnPath: '/processing/' },
    });
    expect(missing.statusCode).toBe(400);
    const stray = await pay(cart.id, {
      provider: 'paypal',
      cardToken: await tokenFor('4242424242424242'),
    });
    expect(stray.statusCode).toBe(400);
  });

  it.each([
    ['4000 0000 0000 0002', 'declined'],
    ['4000 0000 0000 9995', 'declined'],
    ['4000 0000 0000 0069', 'declined'],
    ['4000 0000 0000 0119', 'failed'],
  ])(
    'a refused card (%s) answers error (%s) and leaves the cart payable again',
    async (card, reason) => {
      const cart = await newCart();
      const action = (await pay(cart.id, { card })).json<PaymentAction>();
      expect(action).toMatchObject({ type: 'error', reason });
      expect((await order(action.orderId)).status).toBe('error');
      const retry = await pay(cart.id);
      expect(retry.statusCode).toBe(201);
      expect(retry.json<PaymentAction>().orderId).not.toBe(action.orderId);
    },
  );

  it('settles an asynchronous payment later: pending, then paid', async () => {
    const cart = await newCart();
    const action = (await pay(cart.id, { card: '4000000000000259' })).json<PaymentAction>();
    expect(action.type).toBe('done');
    expect((await order(action.orderId)).status).toBe('pending');
    await expect.poll(async () => (await order(action.orderId)).status).toBe('paid');
  });

  it('cancels when the shopper leaves the gateway', async () => {
    const cart = await newCart({ currency: 'USD', country: 'US' });
    const action = (await pay(cart.id, { provider: 'paypal' })).json<
      PaymentAction & { url: string }
    >();
    await shopper.inject({
      method: 'POST',
      url: action.url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'intent=cancel',
    });
    expect((await order(action.orderId)).status).toBe('canceled');
  });

  it('answers the spec card messages, by code, for bad card details', async () => {
    const res = await tokenize({
      number: '4242 4242 4242 4241',
      expiry: '01 / 20',
      cvc: '',
      name: '',
    });
    expect(res.statusCode).toBe(422);
    const { errors } = res.json<{ errors: Record<string, CardErrorCode> }>();
    expect(
      Object.fromEntries(Object.entries(errors).map(([f, code]) => [f, CARD_ERROR_MESSAGES[code]])),
    ).toEqual({
      number: 'Card number is not valid',
      expiry: 'Expiration date has passed',
      cvc: 'CVV/CVC cannot be empty',
      name: 'Cardholder name cannot be empty',
    });
    const far = await tokenize({ expiry: '01 / 2099' });
    expect(far.json<{ errors: Record<string, string> }>().errors.expiry).toBe('expiryTooFar');
    const amex = await tokenize({ number: '3782 822463 10005', cvc: '123' });
    expect(amex.json<{ errors: Record<string, string> }>().errors.cvc).toBe('cvcInvalid');
    expect((await tokenize({ number: 42 } as never)).statusCode).toBe(400);
  });

  it('replays the first answer for the same Idempotency-Key and body, refuses another body', async () => {
    const cart = await newCart();
    const cardToken = await tokenFor('4000000000003220');
    const first = await pay(cart.id, { key: 'same-key-123456', cardToken });
    const again = await pay(cart.id, { key: 'same-key-123456', cardToken });
    expect(again.json()).toEqual(first.json());
    const other = await pay(cart.id, { key: 'same-key-123456' });
    expect(other.statusCode).toBe(409);
    const missing = await shopper.inject({
      method: 'POST',
      url: '/api/payments/',
      payload: { cartId: cart.id, provider: 'paypal', returnPath: '/processing/' },
    });
    expect(missing.statusCode).toBe(400);
  });

  it('refuses a second payment for a cart that is being paid (2015) and a cart without e-mail', async () => {
    const cart = await newCart();
    await pay(cart.id);
    const second = await pay(cart.id);
    expect(second.json<{ error: { code: number } }>().error.code).toBe(2015);
    const anonymous = await newCart({ email: null });
    expect((await pay(anonymous.id)).statusCode).toBe(400);
  });

  it('a new attempt replaces a payment the provider never answered, not a pending one', async () => {
    const cart = await newCart();
    const left = (await pay(cart.id, { provider: 'paypal' })).json<PaymentAction>();
    // The shopper came back from PayPal with the back button and pays by card instead.
    const card = await pay(cart.id, { card: '4000000000000259' });
    expect(card.statusCode).toBe(201);
    expect((await order(left.orderId)).status).toBe('canceled');
    // The card payment was accepted (pending, settled 50 ms later here): it is never replaced.
    const accepted = card.json<PaymentAction>();
    const third = await pay(cart.id, { provider: 'paypal' });
    expect(third.json<{ error: { code: number } }>().error.code).toBe(2015);
    expect(['pending', 'paid']).toContain((await order(accepted.orderId)).status);
  });

  const intent = (url: string, value: string) =>
    shopper.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `intent=${value}`,
    });

  it.each([
    ['approve', 'paid'],
    ['fail', 'error'],
    ['cancel', 'canceled'],
  ])('PayPal shows an approval page; %s ends %s', async (choice, status) => {
    const cart = await newCart({ currency: 'USD', country: 'US' });
    const action = (await pay(cart.id, { provider: 'paypal' })).json<
      PaymentAction & { url: string }
    >();
    const page = await shopper.inject({ method: 'GET', url: action.url });
    expect(page.body).toContain('Approve payment');
    expect(page.body).not.toContain('Card number');
    expect((await intent(action.url, choice)).statusCode).toBe(303);
    expect((await order(action.orderId)).status).toBe(status);
  });

  it('a provider that times out leaves the order pending, then canceled', async () => {
    const cart = await newCart({ currency: 'EUR', country: 'NL' });
    const action = (await pay(cart.id, { provider: 'adyen_ideal' })).json<
      PaymentAction & { url: string }
    >();
    await intent(action.url, 'timeout');
    expect((await order(action.orderId)).status).toBe('pending');
    // Canceled once the settlement is due (50 ms) and its notification job has run: up to 10 s
    // of real time on a busy machine (the 1 s default failed the whole-suite run at cce7b40).
    await expect
      .poll(async () => (await order(action.orderId)).status, { timeout: 10_000 })
      .toBe('canceled');
  });

  it('wallets and Pix answer with a step the checkout shows in a dialog', async () => {
    const us = await newCart({ currency: 'USD', country: 'US' });
    const wallet = (await pay(us.id, { provider: 'adyen_googlepay' })).json<
      PaymentAction & { url: string }
    >();
    expect(wallet.type).toBe('frontend_action');
    expect((await shopper.inject({ method: 'GET', url: wallet.url })).body).toContain(
      'Pay with wallet',
    );
    const br = await newCart({ currency: 'BRL', country: 'BR' });
    const pix = (await pay(br.id, { provider: 'adyen_pix' })).json<
      PaymentAction & { url: string }
    >();
    expect(pix.type).toBe('frontend_action');
    await intent(pix.url, 'approve');
    expect((await order(pix.orderId)).status).toBe('paid');
  });

  it('a 3-D Secure card is challenged before it is paid', async () => {
    const cart = await newCart();
    const action = (await pay(cart.id, { card: '4000 0000 0000 3220' })).json<
      PaymentAction & { url: string }
    >();
    expect(action.type).toBe('redirect');
    const challenge = await shopper.inject({ method: 'GET', url: action.url });
    expect(challenge.body).toContain('3-D Secure');
    expect((await order(action.orderId)).status).toBe('new');
    await intent(action.url, 'approve');
    expect((await order(action.orderId)).status).toBe('paid');
  });
});
