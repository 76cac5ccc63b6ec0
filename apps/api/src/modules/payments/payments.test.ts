import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { CartView, OrderView, PaymentAction } from '@checkout/core';
import { createTestApp, type TestApp } from '../../test-app';
import { transitionOrder } from '../orders/service';
import { orderEvents, orders, subscriptions } from '../orders/tables';
import { carts } from '../carts/tables';
import { payments } from './tables';

describe('payments through the sandbox gateway', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SANDBOX_ASYNC_SETTLE_MS: '50' });
  });
  afterAll(() => t.close());

  let keys = 0;
  const newCart = async (extra: Record<string, unknown> = {}) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/carts/',
        payload: {
          mainPlan: 'vpn-basic-1y',
          currency: 'EUR',
          country: 'DE',
          email: 'buyer@gmail.com',
          ...extra,
        },
      })
    ).json<CartView>();
  const pay = (cartId: string, key = `key-${++keys}-abcdef`, provider = 'adyen_card') =>
    t.app.inject({
      method: 'POST',
      url: '/api/payments/',
      headers: { 'idempotency-key': key },
      payload: { cartId, provider, returnPath: '/processing/' },
    });
  const submitCard = (url: string, card: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        expiry: '12 / 30',
        cvc: '123',
        name: 'Anna Smith',
        intent: 'pay',
        ...card,
      }).toString(),
    });
  const order = async (id: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/orders/${id}/` })).json<OrderView>();

  it('lists regular providers grouped by method, and one-click wallets, for the cart', async () => {
    const cart = await newCart({ currency: 'EUR', country: 'NL' });
    const regular = (
      await t.app.inject({
        method: 'GET',
        url: `/api/payments/providers/regular/?cart_id=${cart.id}`,
      })
    ).json<{
      methods: { method: string; providers: { id: string }[] }[];
    }>();
    const ids = regular.methods.flatMap((m) => m.providers.map((p) => p.id));
    expect(ids).toContain('adyen_ideal');
    expect(regular.methods.map((m) => m.method)).toContain('card');
    const oneClick = (
      await t.app.inject({
        method: 'GET',
        url: `/api/payments/providers/one-click/?cart_id=${cart.id}`,
      })
    ).json<{
      providers: { id: string }[];
    }>();
    expect(oneClick.providers.map((p) => p.id)).toContain('paypal_incontext');
  });

  it('pays by card: one order, paid, with its subscription, and the cart completed', async () => {
    const cart = await newCart();
    const res = await pay(cart.id);
    expect(res.statusCode).toBe(201);
    const action = res.json<PaymentAction & { url: string }>();
    expect(action.type).toBe('redirect');
    const page = await t.app.inject({ method: 'GET', url: action.url });
    expect(page.headers['content-type']).toContain('text/html');
    // No external assets: only its own inline script, which the CSP admits by hash.
    expect(page.body).not.toMatch(/<script[^>]*\ssrc=|https?:\/\//);
    expect(page.headers['content-security-policy']).toMatch(
      /default-src 'none'; script-src 'sha256-/,
    );
    const back = await submitCard(action.url, { number: '4242 4242 4242 4242' });
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(`/processing/?order_id=${action.orderId}`);
    expect((await order(action.orderId)).status).toBe('paid');
    const subs = await t.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.orderId, action.orderId));
    expect(subs.map((s) => s.plan)).toEqual(['vpn-basic-1y']);
    const [row] = await t.database.db.select().from(carts).where(eq(carts.id, cart.id));
    expect(row?.status).toBe('completed');
  });

  it('keeps only brand, last four and expiry of a card', async () => {
    const cart = await newCart();
    const action = (await pay(cart.id)).json<PaymentAction & { url: string }>();
    await submitCard(action.url, { number: '4242424242424242' });
    const [stored] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.orderId, action.orderId));
    expect(stored).toMatchObject({ cardBrand: 'VISA', cardLast4: '4242', cardExpiry: '12/30' });
    expect(JSON.stringify(stored)).not.toContain('4242424242424242');
    expect(JSON.stringify(stored)).not.toContain('"123"');
  });

  it.each([
    ['4000 0000 0000 0002', 'error'],
    ['4000 0000 0000 9995', 'error'],
    ['4000 0000 0000 0069', 'error'],
    ['4000 0000 0000 0119', 'error'],
  ])(
    'a declined card (%s) ends in %s and leaves the cart payable again',
    async (number, status) => {
      const cart = await newCart();
      const action = (await pay(cart.id)).json<PaymentAction & { url: string }>();
      await submitCard(action.url, { number });
      expect((await order(action.orderId)).status).toBe(status);
      const retry = await pay(cart.id);
      expect(retry.statusCode).toBe(201);
      expect(retry.json<PaymentAction>().orderId).not.toBe(action.orderId);
    },
  );

  it('settles an asynchronous payment later: pending, then paid', async () => {
    const cart = await newCart();
    const action = (await pay(cart.id)).json<PaymentAction & { url: string }>();
    await submitCard(action.url, { number: '4000000000000259' });
    expect((await order(action.orderId)).status).toBe('pending');
    await new Promise((r) => setTimeout(r, 300));
    expect((await order(action.orderId)).status).toBe('paid');
  });

  it('cancels when the shopper leaves the gateway', async () => {
    const cart = await newCart();
    const action = (await pay(cart.id)).json<PaymentAction & { url: string }>();
    await t.app.inject({
      method: 'POST',
      url: action.url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'intent=cancel',
    });
    expect((await order(action.orderId)).status).toBe('canceled');
  });

  it('shows the spec card messages for bad card details', async () => {
    const cart = await newCart();
    const action = (await pay(cart.id)).json<PaymentAction & { url: string }>();
    const res = await submitCard(action.url, {
      number: '4242 4242 4242 4241',
      expiry: '01 / 20',
      cvc: '',
      name: '',
    });
    expect(res.statusCode).toBe(422);
    for (const message of [
      'Card number is not valid',
      'Expiration date has passed',
      'CVV/CVC cannot be empty',
      'Cardholder name cannot be empty',
    ]) {
      expect(res.body).toContain(message);
    }
    const far = await submitCard(action.url, { number: '4242424242424242', expiry: '01 / 2099' });
    expect(far.body).toContain('Expiration date is too far in the future');
  });

  it('replays the first answer for the same Idempotency-Key and body, refuses another body', async () => {
    const cart = await newCart();
    const first = await pay(cart.id, 'same-key-123456');
    const again = await pay(cart.id, 'same-key-123456');
    expect(again.json()).toEqual(first.json());
    const other = await pay(cart.id, 'same-key-123456', 'paypal');
    expect(other.statusCode).toBe(409);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/payments/',
      payload: { cartId: cart.id, provider: 'paypal', returnPath: '/processing/' },
    });
    expect(missing.statusCode).toBe(400);
  });

  it('creates one order when a double click sends the same key twice at once', async () => {
    const cart = await newCart();
    const answers = await Promise.all([
      pay(cart.id, 'double-click-1'),
      pay(cart.id, 'double-click-1'),
    ]);
    const created = answers
      .filter((a) => a.statusCode === 201)
      .map((a) => a.json<PaymentAction>().orderId);
    expect(new Set(created).size).toBe(1);
    const placed = await t.database.db.select().from(orders).where(eq(orders.cartId, cart.id));
    expect(placed).toHaveLength(1);
  });

  it('refuses a second payment for a cart that is being paid (2015) and a cart without e-mail', async () => {
    const cart = await newCart();
    await pay(cart.id);
    const second = await pay(cart.id);
    expect(second.json<{ error: { code: number } }>().error.code).toBe(2015);
    const anonymous = await newCart({ email: null });
    expect((await pay(anonymous.id)).statusCode).toBe(400);
  });

  it('moves an order once when 50 notifications race for it', async () => {
    const cart = await newCart();
    const action = (await pay(cart.id)).json<PaymentAction>();
    const moved = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        transitionOrder(
          t.database.db,
          t.catalog,
          action.orderId,
          'paid',
          i === 0 ? 'browser' : 'webhook',
        ),
      ),
    );
    expect(moved.filter(Boolean)).toHaveLength(1);
    const events = await t.database.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, action.orderId));
    expect(events.map((e) => e.toStatus)).toEqual(['paid']);
    const subs = await t.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.orderId, action.orderId));
    expect(subs).toHaveLength(1);
  });

  const intent = (url: string, value: string) =>
    t.app.inject({
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
    const action = (await pay(cart.id, undefined, 'paypal')).json<
      PaymentAction & { url: string }
    >();
    const page = await t.app.inject({ method: 'GET', url: action.url });
    expect(page.body).toContain('Approve payment');
    expect(page.body).not.toContain('Card number');
    expect((await intent(action.url, choice)).statusCode).toBe(303);
    expect((await order(action.orderId)).status).toBe(status);
  });

  it('a provider that times out leaves the order pending, then canceled', async () => {
    const cart = await newCart({ currency: 'EUR', country: 'NL' });
    const action = (await pay(cart.id, undefined, 'adyen_ideal')).json<
      PaymentAction & { url: string }
    >();
    await intent(action.url, 'timeout');
    expect((await order(action.orderId)).status).toBe('pending');
    await new Promise((r) => setTimeout(r, 300));
    expect((await order(action.orderId)).status).toBe('canceled');
  });

  it('wallets get a payment sheet and Pix a bank-link widget', async () => {
    const us = await newCart({ currency: 'USD', country: 'US' });
    const wallet = (await pay(us.id, undefined, 'adyen_googlepay')).json<
      PaymentAction & { url: string }
    >();
    expect((await t.app.inject({ method: 'GET', url: wallet.url })).body).toContain(
      'Pay with wallet',
    );
    const br = await newCart({ currency: 'BRL', country: 'BR' });
    const pix = (await pay(br.id, undefined, 'adyen_pix')).json<PaymentAction & { url: string }>();
    expect((await t.app.inject({ method: 'GET', url: pix.url })).body).toContain(
      'Link bank and pay',
    );
  });

  it('a 3-D Secure card is challenged before it is paid, and cannot skip the card form', async () => {
    const cart = await newCart();
    const action = (await pay(cart.id)).json<PaymentAction & { url: string }>();
    expect((await intent(action.url, 'approve')).statusCode).toBe(400);
    const challenge = await submitCard(action.url, { number: '4000 0000 0000 3220' });
    expect(challenge.statusCode).toBe(200);
    expect(challenge.body).toContain('3-D Secure');
    expect((await order(action.orderId)).status).toBe('new');
    await intent(action.url, 'approve');
    expect((await order(action.orderId)).status).toBe('paid');
  });
});
