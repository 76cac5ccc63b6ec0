import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { CartView, OrderView, PaymentAction } from '@checkout/core';
import { createTestApp, type TestApp } from '../../test-app';
import { testBrowser } from '../../test-browser';
import { issuePublicToken } from './bank-link';

const SECRET = 'bank-link-secret-0123456789';
const ORIGIN = 'http://localhost:3000';

describe('bank link (token exchange) and closing a payment dialog', () => {
  let t: TestApp;
  /** One shopper's browser: carts, orders and payments answer only the browser that owns them. */
  const shopper = testBrowser(() => t.app);
  beforeAll(async () => {
    t = await createTestApp({ BANK_LINK_SECRET: SECRET, SANDBOX_ASYNC_SETTLE_MS: '600000' });
  });
  afterAll(() => t.close());

  const post = (url: string, payload: Record<string, unknown>) =>
    shopper.inject({ method: 'POST', url, payload });
  const order = async (id: string) =>
    (await shopper.inject({ method: 'GET', url: `/api/orders/${id}/` })).json<OrderView>();

  const start = async (provider = 'stripe_ach') => {
    const cart = (
      await post('/api/carts/', {
        mainPlan: 'vpn-basic-1y',
        currency: 'USD',
        country: 'US',
        email: 'ach@gmail.com',
      })
    ).json<CartView>();
    const res = await shopper.inject({
      method: 'POST',
      url: '/api/payments/',
      headers: { 'idempotency-key': randomUUID() },
      payload: { cartId: cart.id, provider, returnPath: '/api/processing/iframe/' },
    });
    return { cart, action: res.json<PaymentAction & { url: string }>() };
  };
  /** The widget's URL as the checkout frames it: the payment's own, plus the checkout's origin. */
  const widgetUrl = (url: string, origin = ORIGIN) => {
    const framed = new URL(url, ORIGIN);
    framed.searchParams.set('origin', origin);
    return `${framed.pathname}${framed.search}`;
  };
  /** Links a bank in the widget; the public token is what its page posts to the checkout. */
  const link = async (url: string, bank: string) => {
    const page = await shopper.inject({
      method: 'POST',
      url: widgetUrl(url),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `intent=link&bank=${bank}`,
    });
    expect(page.statusCode).toBe(200);
    return /data-token="([^"]+)"/.exec(page.body)?.[1] ?? '';
  };
  const exchange = (orderId: string, publicToken: string) =>
    post('/api/payments/exchange/', { orderId, publicToken });

  it('answers ACH with the widget, framed only by the checkout, and its token is exchanged once', async () => {
    const { action } = await start();
    expect(action.type).toBe('token_exchange');
    expect((await shopper.inject({ method: 'GET', url: action.url })).statusCode).toBe(400);
    const stranger = widgetUrl(action.url, 'https://evil.example');
    expect((await shopper.inject({ method: 'GET', url: stranger })).statusCode).toBe(400);
    const widget = await shopper.inject({ method: 'GET', url: widgetUrl(action.url) });
    expect(widget.statusCode).toBe(200);
    expect(widget.body).toContain('Choose your bank');
    expect(widget.headers['content-security-policy']).toMatch(
      /frame-ancestors http:\/\/localhost:3000$/,
    );

    const token = await link(action.url, 'instant');
    expect(token).toMatch(/^ptok_/);
    expect((await order(action.orderId)).status).toBe('new');
    const paid = await exchange(action.orderId, token);
    expect(paid.json()).toEqual({ type: 'done', orderId: action.orderId });
    expect((await order(action.orderId)).status).toBe('paid');
    // A repeat answers with what happened; the widget is closed for this payment.
    expect((await exchange(action.orderId, token)).json()).toEqual({
      type: 'done',
      orderId: action.orderId,
    });
    expect((await shopper.inject({ method: 'GET', url: widgetUrl(action.url) })).statusCode).toBe(
      409,
    );
  });

  it.each([
    ['ach', 'done', 'pending'],
    ['closed', 'error', 'error'],
    ['empty', 'error', 'error'],
  ])('a %s account answers %s and leaves the order %s', async (bank, type, status) => {
    const { action } = await start();
    const answer = (
      await exchange(action.orderId, await link(action.url, bank))
    ).json<PaymentAction>();
    expect(answer.type).toBe(type);
    if (answer.type === 'error') expect(answer.reason).toBe('declined');
    expect((await order(action.orderId)).status).toBe(status);
  });

  it('refuses a forged, expired or other payment’s token, and a payment that links no bank', async () => {
    const { action } = await start();
    const other = await start();
    const otherToken = await link(other.action.url, 'instant');
    const paymentId = /bank-link\/([^/]+)\//.exec(action.url)?.[1] ?? '';
    const expired = issuePublicToken(SECRET, paymentId, 'instant', Date.now() - 31 * 60_000);
    const forged = issuePublicToken('another-secret-0123456789', paymentId, 'instant');
    for (const token of [otherToken, expired, forged, 'ptok_x.y']) {
      const res = await exchange(action.orderId, token);
      expect(res.statusCode, token).toBe(400);
      expect(res.json()).toMatchObject({ error: { code: 'validation_failed' } });
    }
    expect((await order(action.orderId)).status).toBe('new');
    expect((await exchange(randomUUID(), otherToken)).statusCode).toBe(404);
    const paypal = await start('paypal');
    expect((await exchange(paypal.action.orderId, otherToken)).statusCode).toBe(400);
    expect((await post('/api/payments/exchange/', { orderId: 'nope' })).statusCode).toBe(400);
  });

  it('leaving the widget, or closing any payment dialog, cancels the order and reopens the cart', async () => {
    const { cart, action } = await start();
    const exit = await shopper.inject({
      method: 'POST',
      url: widgetUrl(action.url),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'intent=exit',
    });
    expect(exit.body).toContain('data-type="exit"');
    const canceled = await post('/api/payments/cancel/', { orderId: action.orderId });
    expect(canceled.json()).toEqual({ orderId: action.orderId, status: 'canceled' });
    expect((await order(action.orderId)).status).toBe('canceled');
    // The cart is payable again, with another method.
    const again = await shopper.inject({
      method: 'POST',
      url: '/api/payments/',
      headers: { 'idempotency-key': randomUUID() },
      payload: { cartId: cart.id, provider: 'paypal', returnPath: '/processing/' },
    });
    expect(again.statusCode).toBe(201);
  });

  it('a cancel after the provider answered changes nothing', async () => {
    const { action } = await start();
    await exchange(action.orderId, await link(action.url, 'instant'));
    expect((await post('/api/payments/cancel/', { orderId: action.orderId })).json()).toEqual({
      orderId: action.orderId,
      status: 'paid',
    });
    expect((await post('/api/payments/cancel/', { orderId: randomUUID() })).statusCode).toBe(404);
  });
});
