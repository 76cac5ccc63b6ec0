/** The log an operator reads: one line per business event, none per health check. */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartView, PaymentAction } from '@checkout/core';
import { createTestApp, type TestApp } from '../test-app';
import { testBrowser } from '../test-browser';

describe('business events in the log', () => {
  const lines: Record<string, unknown>[] = [];
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(
      { LOG_LEVEL: 'info' },
      {
        logStream: {
          write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>),
        },
      },
    );
  });
  afterAll(() => t.close());

  it('says once that an order was paid, with its id and nothing personal', async () => {
    const email = 'business.log@gmail.com';
    const browser = testBrowser(() => t.app);
    const cart = (
      await browser.inject({
        method: 'POST',
        url: '/api/carts/',
        payload: { mainPlan: 'vpn-basic-1y', currency: 'EUR', country: 'DE', email },
      })
    ).json<CartView>();
    const token = await browser.inject({
      method: 'POST',
      url: '/api/sandbox/tokens/',
      payload: { number: '4242424242424242', expiry: '12 / 30', cvc: '123', name: 'A B' },
    });
    const { orderId } = (
      await browser.inject({
        method: 'POST',
        url: '/api/payments/',
        headers: { 'idempotency-key': randomUUID() },
        payload: {
          cartId: cart.id,
          provider: 'adyen_card',
          returnPath: '/processing/',
          cardToken: token.json<{ token: string }>().token,
        },
      })
    ).json<PaymentAction>();
    const events = lines.filter((l) => l.msg === 'order moved' && l.orderId === orderId);
    expect(events).toEqual([expect.objectContaining({ level: 30, orderId, status: 'paid' })]);
    expect(JSON.stringify(lines)).not.toContain(email);
  });

  it('says that a mail was sent (the receipt, with its invoice), without its address', async () => {
    await expect
      .poll(() => lines.filter((l) => l.msg === 'mail sent'), { timeout: 15_000 })
      .toContainEqual(expect.objectContaining({ transport: 'sandbox', attachments: 1 }));
    expect(JSON.stringify(lines)).not.toContain('business.log@gmail.com');
  });

  it('says nothing of a health check', async () => {
    const before = lines.length;
    for (const url of ['/api/health/', '/api/health/live/']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    }
    // Background work may log meanwhile; nothing may be about the probes.
    expect(JSON.stringify(lines.slice(before))).not.toContain('/api/health');
  });
});
