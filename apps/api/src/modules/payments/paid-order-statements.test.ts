import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartView, OrderView, PaymentAction } from '@checkout/core';
import { createTestApp, type TestApp } from '../../test-app';
import { testBrowser } from '../../test-browser';
import { countStatements } from '../../test-support/statements';

/**
 * What the database does for a shopper's paid order, counted on the statements that run for the
 * shopper's own four requests (and whatever they start without awaiting it), apart from the
 * background: the receipt, its PDF and its mail are work for a job, not for the payment's answer.
 * No notification is sent here (drop rate 1), which would add the job that carries it.
 *
 * Seven with the card-testing defence off: the cart; the card token (the sandbox gateway's);
 * the payment's cart read, its order, the charge (the gateway's, one statement) and the provider's
 * answer stored with the order's move (one statement); the order's one read. Of them three are
 * our writes, each its own commit: the cart, the order placed before the provider is called, and
 * the answer with its move.
 *
 * Eleven with it on, as production runs: the token's velocity count, the card's fingerprint (the
 * gateway's), the guard's reads before the charge and its counts after, one statement each.
 */
const BUDGET = {
  defenceOff: { statements: 7, ourWrites: 3 },
  defenceOn: { statements: 11, ourWrites: 5 },
};

/** A statement that writes (a select only reads; a with … may hold an insert or update). */
const writes = (text: string) =>
  !/^\s*select\b/i.test(text) || /\b(insert|update|delete)\b/i.test(text);
/** The sandbox gateway's own tables: a real provider keeps them in its own systems. */
const providers = (text: string) => /\bsandbox_/.test(text);

describe.each([
  ['off', BUDGET.defenceOff],
  ['on', BUDGET.defenceOn],
] as const)('the statements of a paid order, card-testing defence %s', (defence, budget) => {
  let t: TestApp;
  const shopper = testBrowser(() => t.app);
  beforeAll(async () => {
    t = await createTestApp({ SANDBOX_WEBHOOK_DROP_RATE: '1', CARD_TESTING_DEFENCE: defence });
  });
  afterAll(() => t.close());

  it(`runs at most ${budget.statements} statements on the shopper's requests, ${budget.ourWrites} of our writes, the receipt coming from a job`, async () => {
    const email = `statement-budget-${defence}@gmail.com`;
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
            headers: { 'idempotency-key': `statement-budget-${defence}-0001` },
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
      const { statements } = shopping;
      expect(statements.filter((s) => /invoice|mail_outbox/.test(s))).toEqual([]);
      expect(statements.length, statements.join('\n')).toBeLessThanOrEqual(budget.statements);
      const ours = statements.filter((s) => writes(s) && !providers(s));
      expect(ours.length, ours.join('\n')).toBeLessThanOrEqual(budget.ourWrites);
    } finally {
      counter.restore();
    }
  });
});
