import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartView, OrderView, PaymentAction } from '@checkout/core';
import { createTestApp, type TestApp } from '../../test-app';
import { testBrowser } from '../../test-browser';
import { countStatements } from '../../test-support/statements';

/**
 * What the database does for a shopper's paid order, counted on the statements that run for the
 * shopper's own four requests (and whatever they start without awaiting it), apart from the
 * background: the receipt, its PDF and its mail are work for a job, not for the payment's answer.
 * Ten: the cart, the card token, and the payment's cart read, order, charge (three of the sandbox
 * gateway's own), move and stored answer, and the order's one read; no notification is sent here
 * (drop rate 1), which would add the job that carries it.
 */
const STATEMENTS_BUDGET = 10;

describe('the statements of a paid order', () => {
  let t: TestApp;
  const shopper = testBrowser(() => t.app);
  beforeAll(async () => {
    t = await createTestApp({ SANDBOX_WEBHOOK_DROP_RATE: '1' });
  });
  afterAll(() => t.close());

  it(`runs at most ${STATEMENTS_BUDGET} statements on the shopper's requests, the receipt coming from a job`, async () => {
    const email = 'statement-budget@gmail.com';
    const counter = countStatements(t.database.db);
    const shopping = { statements: [] as string[] };
    try {
      const order = await counter.run(shopping, async () => {
        const cart = (
          await shopper.inject({
            method: 'POST',
            url: '/api/carts/',
            payload: { mainPlan: 'vpn-basic-1y', currency: 'USD', country: 'US', email },
          })
        ).json<CartView>();
        const { token } = (
          await shopper.inject({
            method: 'POST',
            url: '/api/sandbox/tokens/',
            payload: { number: '4242424242424242', expiry: '12/30', cvc: '123', name: 'A B' },
          })
        ).json<{ token: string }>();
        const { orderId } = (
          await shopper.inject({
            method: 'POST',
            url: '/api/payments/',
            headers: { 'idempotency-key': 'statement-budget-0001' },
            payload: {
              cartId: cart.id,
              provider: 'adyen_card',
              returnPath: '/processing/',
              cardToken: token,
            },
          })
        ).json<PaymentAction>();
        return (
          await shopper.inject({ method: 'GET', url: `/api/orders/${orderId}/` })
        ).json<OrderView>();
      });
      expect(order.status).toBe('paid');
      // The receipt still goes out, with its invoice attached.
      await expect
        .poll(
          async () =>
            (
              await shopper.inject({
                method: 'GET',
                url: `/api/sandbox/mailbox/?to=${encodeURIComponent(email)}`,
              })
            ).body,
          { timeout: 10_000 },
        )
        .toMatch(/\.pdf</);
      expect(shopping.statements.filter((s) => /invoice|mail_outbox/.test(s))).toEqual([]);
      expect(shopping.statements.length, shopping.statements.join('\n')).toBeLessThanOrEqual(
        STATEMENTS_BUDGET,
      );
    } finally {
      counter.restore();
    }
  });
});
