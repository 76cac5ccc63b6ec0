import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { CartView, OrderView, PaymentAction } from '@checkout/core';
import { createTestApp, type TestApp } from '../test-app';
import { testBrowser, type TestBrowser } from '../test-browser';

/** A shopper pays a card cart; answers the order id. */
async function payByCard(shopper: TestBrowser, number: string): Promise<string> {
  const cart = (
    await shopper.inject({
      method: 'POST',
      url: '/api/carts/',
      payload: {
        mainPlan: 'vpn-basic-1y',
        currency: 'EUR',
        country: 'DE',
        email: 'jobs@gmail.com',
      },
    })
  ).json<CartView>();
  const { token } = (
    await shopper.inject({
      method: 'POST',
      url: '/api/sandbox/tokens/',
      payload: { number, expiry: '12 / 30', cvc: '123', name: 'Anna Smith' },
    })
  ).json<{ token: string }>();
  const answer = await shopper.inject({
    method: 'POST',
    url: '/api/payments/',
    headers: { 'idempotency-key': `jobs-${cart.id}` },
    payload: {
      cartId: cart.id,
      provider: 'adyen_card',
      returnPath: '/processing/',
      cardToken: token,
    },
  });
  return answer.json<PaymentAction>().orderId;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('delayed work survives the process that scheduled it', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'jobs-restart-'));
  let second: TestApp | undefined;
  afterAll(async () => {
    await second?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a pending card payment settled by notification is paid by the api that starts after a restart', async () => {
    const env = {
      PGLITE_DIR: dir,
      SANDBOX_ASYNC_SETTLE_MS: '1500',
      SANDBOX_WEBHOOK_DELAY_MS: '1500',
    };
    const first = await createTestApp(env);
    let current = first;
    const shopper = testBrowser(() => current.app);
    const orderId = await payByCard(shopper, '4000000000000259');
    // The api stops before the gateway's notifications are due; the next one must deliver them.
    await first.close();
    second = await createTestApp(env);
    current = second;
    let status: OrderView['status'] | undefined;
    for (let i = 0; i < 40 && status !== 'paid'; i++) {
      await sleep(250);
      status = (
        await shopper.inject({ method: 'GET', url: `/api/orders/${orderId}/` })
      ).json<OrderView>().status;
    }
    expect(status).toBe('paid');
  }, 30_000);
});

describe('a closed api does nothing more', () => {
  it('no notification fires after close (nothing is logged as failed)', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const t = await createTestApp({ SANDBOX_WEBHOOK_DELAY_MS: '300' });
    await payByCard(
      testBrowser(() => t.app),
      '4000000000001240',
    );
    await t.close();
    await sleep(1200);
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  }, 20_000);
});
