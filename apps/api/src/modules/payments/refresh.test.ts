import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { CartView, OrderView, PaymentAction } from '@checkout/core';
import { createTestApp, type TestApp } from '../../test-app';
import { testBrowser } from '../../test-browser';
import { orderEvents } from '../orders/tables';

/** Every notification is lost: only a refresh from the provider can move a waiting order. */
describe('refreshing a payment whose notification never came', () => {
  let t: TestApp;
  /** One shopper's browser: carts, orders and payments answer only the browser that owns them. */
  const shopper = testBrowser(() => t.app);
  beforeAll(async () => {
    t = await createTestApp({
      SANDBOX_WEBHOOK_DROP_RATE: '1',
      SANDBOX_ASYNC_SETTLE_MS: '100',
      PAYMENT_REFRESH_AFTER_MS: '150',
    });
  });
  afterAll(() => t.close());

  // The refresh and the gateway's settlement go by the clock: it is moved, not waited for.
  beforeEach(() => vi.useFakeTimers({ toFake: ['Date'] }));
  afterEach(() => vi.useRealTimers());
  const timePasses = (ms: number) => vi.setSystemTime(Date.now() + ms);
  const order = async (id: string) =>
    (await shopper.inject({ method: 'GET', url: `/api/orders/${id}/` })).json<OrderView>();
  const sources = async (orderId: string) =>
    (await t.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId))).map(
      (e) => `${e.toStatus}:${e.source}`,
    );
  const start = async (provider: string, card?: string) => {
    const cart = (
      await shopper.inject({
        method: 'POST',
        url: '/api/carts/',
        payload: { mainPlan: 'vpn-basic-1y', currency: 'USD', country: 'US', email: 'r@gmail.com' },
      })
    ).json<CartView>();
    const cardToken = card
      ? (
          await shopper.inject({
            method: 'POST',
            url: '/api/sandbox/tokens/',
            payload: { number: card, expiry: '12/30', cvc: '123', name: 'Ann Lee' },
          })
        ).json<{ token: string }>().token
      : undefined;
    return (
      await shopper.inject({
        method: 'POST',
        url: '/api/payments/',
        headers: { 'idempotency-key': randomUUID() },
        payload: { cartId: cart.id, provider, returnPath: '/processing/', cardToken },
      })
    ).json<PaymentAction & { url?: string }>();
  };

  it('a pending card payment is paid once the gateway, asked, says it settled', async () => {
    const { orderId } = await start('stripe', '4000000000000259');
    expect((await order(orderId)).status).toBe('pending');
    timePasses(200);
    // Settled at the gateway, its notification lost: the poll asks, and the order moves.
    expect((await order(orderId)).status).toBe('paid');
    expect(await sources(orderId)).toEqual(['pending:authorization', 'paid:poll']);
  });

  it('a provider that timed out is canceled on a refresh; a fresh order is not asked', async () => {
    const action = await start('paypal');
    await shopper.inject({
      method: 'POST',
      url: action.url ?? '',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'intent=timeout',
    });
    expect((await order(action.orderId)).status).toBe('pending');
    timePasses(200);
    expect((await order(action.orderId)).status).toBe('canceled');
    expect(await sources(action.orderId)).toEqual(['pending:browser', 'canceled:poll']);
    // An order waiting on the shopper (no answer from the provider yet) has nothing to refresh.
    const waiting = await start('paypal');
    timePasses(200);
    expect((await order(waiting.orderId)).status).toBe('new');
  });
});
