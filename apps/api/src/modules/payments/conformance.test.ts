import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  currencyForCountry,
  PAYMENT_PROVIDERS,
  takesCardFields,
  type CartView,
  type OrderStatus,
  type OrderView,
  type PaymentAction,
  type ProviderSpec,
} from '@checkout/core';
import { createTestApp, type TestApp } from '../../test-app';
import { testBrowser } from '../../test-browser';
import { orderEvents, subscriptions } from '../orders/tables';
import { familyFor } from './providers/registry';
import { payments } from './tables';
import type { SandboxOutcome } from './providers/sandbox-cards';
import { SIGNATURE_HEADER } from './webhook-signature';
import { signedNotification } from './test-notification';

const SECRET = 'conformance-secret-0123456789';
const OUTCOMES: readonly [SandboxOutcome, OrderStatus][] = [
  ['success', 'paid'],
  ['declined', 'error'],
  ['insufficient_funds', 'error'],
  ['pending', 'pending'],
  ['canceled', 'canceled'],
  ['error', 'error'],
];

const CHALLENGE_CARD = '4000000000003220';
/** Each sandbox test card: the payment's answer and the order status right after it. */
const CARD_ANSWERS: readonly [string, string, OrderStatus][] = [
  ['4242424242424242', 'done', 'paid'],
  ['4000000000000002', 'error:declined', 'error'],
  ['4000000000009995', 'error:declined', 'error'],
  ['4000000000000069', 'error:declined', 'error'],
  ['4000000000000259', 'done', 'pending'],
  ['4000000000000119', 'error:failed', 'error'],
  [CHALLENGE_CARD, 'redirect', 'new'],
];

/** A country and currency the provider serves. */
function marketOf(provider: ProviderSpec): { country: string; currency: string } {
  const country = provider.countries === 'all' ? 'US' : (provider.countries[0] ?? 'US');
  const local = currencyForCountry(country);
  const currency =
    provider.currencies === 'all' || provider.currencies.includes(local)
      ? local
      : (provider.currencies[0] ?? 'USD');
  return { country, currency };
}

describe('provider conformance through signed notifications', () => {
  let t: TestApp;
  /** One shopper's browser: carts, orders and payments answer only the browser that owns them. */
  const shopper = testBrowser(() => t.app);
  beforeAll(async () => {
    // Long delays keep the gateway's own notifications out of these tests.
    t = await createTestApp({
      WEBHOOK_SECRET: SECRET,
      SANDBOX_WEBHOOK_DELAY_MS: '600000',
      SANDBOX_ASYNC_SETTLE_MS: '600000',
      RATE_LIMIT_MAX: '100000',
    });
  });
  afterAll(() => t.close());

  const cardToken = async (number: string) =>
    (
      await shopper.inject({
        method: 'POST',
        url: '/api/sandbox/tokens/',
        payload: { number, expiry: '12/30', cvc: '123', name: 'Anna Smith' },
      })
    ).json<{ token: string }>().token;

  /** Cards use the 3-D Secure card, so the order waits for the notification under test. */
  const startPayment = async (provider: ProviderSpec, cardNumber = CHALLENGE_CARD) => {
    const market = marketOf(provider);
    const cart = (
      await shopper.inject({
        method: 'POST',
        url: '/api/carts/',
        payload: { mainPlan: 'vpn-basic-1y', email: 'matrix@gmail.com', ...market },
      })
    ).json<CartView>();
    const res = await shopper.inject({
      method: 'POST',
      url: '/api/payments/',
      headers: { 'idempotency-key': randomUUID() },
      payload: {
        cartId: cart.id,
        provider: provider.id,
        returnPath: '/processing/',
        cardToken: takesCardFields(provider) ? await cardToken(cardNumber) : undefined,
      },
    });
    expect(res.statusCode, `${provider.id} in ${market.country}/${market.currency}`).toBe(201);
    const action = res.json<PaymentAction>();
    const [row] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.orderId, action.orderId));
    return { orderId: action.orderId, paymentId: row?.id ?? '', action };
  };

  const notify = (
    paymentId: string,
    status: string,
    options: { timestamp?: number; tamper?: boolean; id?: string } = {},
  ) => {
    const body = JSON.stringify({ id: options.id ?? randomUUID(), paymentId, status });
    const signed = signedNotification(SECRET, body, options.timestamp);
    // Tampered: the body changes after it was signed.
    return shopper.inject(
      options.tamper ? { ...signed, payload: body.replace('"id"', '"id" ') } : signed,
    );
  };
  const statusOf = async (orderId: string) =>
    (await shopper.inject({ method: 'GET', url: `/api/orders/${orderId}/` })).json<OrderView>()
      .status;

  const matrix = PAYMENT_PROVIDERS.flatMap((provider) =>
    OUTCOMES.map(([outcome, status]) => [provider.id, outcome, status] as const),
  );

  it(`covers ${PAYMENT_PROVIDERS.length} providers × ${OUTCOMES.length} outcomes`, () => {
    expect(matrix).toHaveLength(PAYMENT_PROVIDERS.length * OUTCOMES.length);
  });

  it.each(matrix)('%s reporting %s ends %s', async (providerId, outcome, expected) => {
    const provider = PAYMENT_PROVIDERS.find((p) => p.id === providerId);
    if (!provider) throw new Error(providerId);
    const { orderId, paymentId } = await startPayment(provider);
    const res = await notify(paymentId, familyFor(provider).reports[outcome]);
    expect(res.statusCode).toBe(200);
    expect(await statusOf(orderId)).toBe(expected);
  });

  const cardMatrix = PAYMENT_PROVIDERS.filter(takesCardFields).flatMap((provider) =>
    CARD_ANSWERS.map(([card, action, status]) => [provider.id, card, action, status] as const),
  );

  it.each(cardMatrix)(
    '%s charged with card %s answers %s and the order is %s',
    async (providerId, card, expectedAction, expectedStatus) => {
      const provider = PAYMENT_PROVIDERS.find((p) => p.id === providerId) as ProviderSpec;
      const { orderId, action } = await startPayment(provider, card);
      expect(action.type === 'error' ? `error:${action.reason}` : action.type).toBe(expectedAction);
      expect(await statusOf(orderId)).toBe(expectedStatus);
    },
  );

  it('refuses a tampered body, an old or future timestamp and a malformed signature', async () => {
    const provider = PAYMENT_PROVIDERS[0] as ProviderSpec;
    const { orderId, paymentId } = await startPayment(provider);
    const paid = familyFor(provider).reports.success;
    expect((await notify(paymentId, paid, { tamper: true })).statusCode).toBe(401);
    expect(
      (await notify(paymentId, paid, { timestamp: Math.floor(Date.now() / 1000) - 301 }))
        .statusCode,
    ).toBe(401);
    expect(
      (await notify(paymentId, paid, { timestamp: Math.floor(Date.now() / 1000) + 301 }))
        .statusCode,
    ).toBe(401);
    const malformed = await shopper.inject({
      method: 'POST',
      url: '/api/callback/',
      headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: 'v1=nope' },
      payload: '{}',
    });
    expect(malformed.statusCode).toBe(401);
    expect(await statusOf(orderId)).toBe('new');
    expect(
      (await notify(paymentId, paid, { timestamp: Math.floor(Date.now() / 1000) - 299 }))
        .statusCode,
    ).toBe(200);
    expect(await statusOf(orderId)).toBe('paid');
  });

  it('answers 400 to a signed body that is not JSON', async () => {
    const body = 'not json';
    const res = await shopper.inject(signedNotification(SECRET, body));
    expect(res.statusCode).toBe(400);
  });

  it('applies a replayed notification once and refuses unknown statuses', async () => {
    const provider = PAYMENT_PROVIDERS.find((p) => p.family === 'stripe') as ProviderSpec;
    const { paymentId } = await startPayment(provider);
    const id = randomUUID();
    expect((await notify(paymentId, 'processing', { id })).json()).toMatchObject({ applied: true });
    expect((await notify(paymentId, 'processing', { id })).json()).toMatchObject({
      duplicate: true,
    });
    expect((await notify(paymentId, 'Authorised')).statusCode).toBe(422);
  });

  it('keeps a paid order paid when a late "pending" arrives after it (reordering)', async () => {
    const provider = PAYMENT_PROVIDERS.find((p) => p.family === 'adyen') as ProviderSpec;
    const { orderId, paymentId } = await startPayment(provider);
    await notify(paymentId, 'Authorised');
    await notify(paymentId, 'Pending');
    expect(await statusOf(orderId)).toBe('paid');
  });

  it('the browser return and 50 concurrent duplicate notifications make one paid order and one subscription', async () => {
    const provider = PAYMENT_PROVIDERS.find((p) => p.id === 'adyen_card') as ProviderSpec;
    const { orderId, paymentId } = await startPayment(provider);
    // The 3-D Secure challenge approved in the browser, while the notifications pour in.
    const browser = shopper.inject({
      method: 'POST',
      url: `/api/sandbox/checkout/${paymentId}/`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'code=123456&intent=approve',
    });
    const webhooks = Array.from({ length: 50 }, () => notify(paymentId, 'Authorised'));
    const answers = await Promise.all([browser, ...webhooks]);
    expect(answers.every((a) => a.statusCode < 500)).toBe(true);
    expect(await statusOf(orderId)).toBe('paid');
    const events = await t.database.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, orderId));
    expect(events.filter((e) => e.toStatus === 'paid')).toHaveLength(1);
    const subs = await t.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.orderId, orderId));
    expect(subs).toHaveLength(1);
  });
});
