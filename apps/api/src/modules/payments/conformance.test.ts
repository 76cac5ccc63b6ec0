import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  currencyForCountry,
  PAYMENT_PROVIDERS,
  takesCardFields,
  type CartView,
  type OrderStatus,
  type OrderView,
  type PaymentAction,
  type ProviderFamily,
  type ProviderSpec,
} from '@checkout/core';
import { createTestApp, type TestApp } from '../../test-app';
import { testBrowser } from '../../test-browser';
import { orderEvents } from '../orders/tables';
import { subscriptions } from '../subscriptions/tables';
import { SIGNATURE_HEADER } from '../sandbox-gateway/gateway';
import { signedNotification } from '../../test-support/signed-notification';
import { TRANSFER_SIGNATURE_HEADER } from './providers/manual-transfer';
import { payments } from './tables';

const SECRET = 'conformance-secret-0123456789';
const TRANSFER_SECRET = 'conformance-transfer-secret-0123456789';

/**
 * Each family's status words as its providers send them (their API references), and the order
 * status each must end in: written here, not read from the tables under test.
 */
const WORDS: Readonly<Record<ProviderFamily, readonly (readonly [string, OrderStatus])[]>> = {
  adyen: [
    ['Authorised', 'paid'],
    ['Refused', 'error'],
    ['Error', 'error'],
    ['Pending', 'pending'],
    ['Received', 'pending'],
    ['Cancelled', 'canceled'],
  ],
  stripe: [
    ['succeeded', 'paid'],
    ['processing', 'pending'],
    ['requires_payment_method', 'error'],
    ['canceled', 'canceled'],
  ],
  paypal: [
    ['COMPLETED', 'paid'],
    ['PENDING', 'pending'],
    ['DECLINED', 'error'],
    ['FAILED', 'error'],
    ['VOIDED', 'canceled'],
  ],
  payssion: [
    ['completed', 'paid'],
    ['paid_partial', 'pending'],
    ['pending', 'pending'],
    ['failed', 'error'],
    ['error', 'error'],
    ['cancelled_by_user', 'canceled'],
    ['cancelled', 'canceled'],
  ],
  checkout_com: [
    ['Captured', 'paid'],
    ['Authorized', 'pending'],
    ['Pending', 'pending'],
    ['Declined', 'error'],
    ['Canceled', 'canceled'],
    ['Expired', 'canceled'],
  ],
  amazon_pay: [
    ['Captured', 'paid'],
    ['Authorized', 'pending'],
    ['AuthorizationInitiated', 'pending'],
    ['Declined', 'error'],
    ['Canceled', 'canceled'],
  ],
  crypto: [
    ['paid', 'paid'],
    ['confirming', 'pending'],
    ['pending', 'pending'],
    ['invalid', 'error'],
    ['expired', 'canceled'],
    ['canceled', 'canceled'],
  ],
  hosted: [
    ['SUCCESS', 'paid'],
    ['PENDING', 'pending'],
    ['FAILED', 'error'],
    ['CANCELLED', 'canceled'],
  ],
  // The manual bank transfer: an operator's words.
  manual: [
    ['received', 'paid'],
    ['awaiting_transfer', 'pending'],
    ['returned', 'error'],
    ['expired', 'canceled'],
  ],
};

/** How each adapter's notifications are signed: the sandbox's, or the operator's. */
const signing = (provider: ProviderSpec) =>
  provider.family === 'manual'
    ? { secret: TRANSFER_SECRET, header: TRANSFER_SIGNATURE_HEADER }
    : { secret: SECRET, header: SIGNATURE_HEADER };

/** The status an order has right after its start: a transfer waits for the money at once. */
const startedAs = (provider: ProviderSpec): OrderStatus =>
  provider.family === 'manual' ? 'pending' : 'new';

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
  /** The next notification's process dies once it found its order, before moving it. */
  let crashNextNotification = false;
  const faults = {
    beforeNotificationApplied: () => {
      if (!crashNextNotification) return;
      crashNextNotification = false;
      throw new Error('injected crash between reading a notification and applying it');
    },
  };
  beforeAll(async () => {
    // Long delays keep the gateway's own notifications out of these tests.
    t = await createTestApp(
      {
        WEBHOOK_SECRET: SECRET,
        MANUAL_TRANSFER_SECRET: TRANSFER_SECRET,
        SANDBOX_WEBHOOK_DELAY_MS: '600000',
        SANDBOX_ASYNC_SETTLE_MS: '600000',
        RATE_LIMIT_MAX: '100000',
      },
      { faults },
    );
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
    options: { timestamp?: number; tamper?: boolean; id?: string; by?: ProviderSpec } = {},
  ) => {
    const body = JSON.stringify({ id: options.id ?? randomUUID(), paymentId, status });
    const { secret, header } = signing(options.by ?? (PAYMENT_PROVIDERS[0] as ProviderSpec));
    const signed = signedNotification(secret, body, options.timestamp, header);
    // Tampered: the body changes after it was signed.
    return shopper.inject(
      options.tamper ? { ...signed, payload: body.replace('"id"', '"id" ') } : signed,
    );
  };
  const statusOf = async (orderId: string) =>
    (await shopper.inject({ method: 'GET', url: `/api/orders/${orderId}/` })).json<OrderView>()
      .status;

  const provider = (id: string) => PAYMENT_PROVIDERS.find((p) => p.id === id) as ProviderSpec;
  const matrix = PAYMENT_PROVIDERS.flatMap((p) =>
    WORDS[p.family].map(([word, status]) => [p.id, word, status] as const),
  );

  it('has the words of every provider family the checkout offers', () => {
    const families = new Set(PAYMENT_PROVIDERS.map((p) => p.family));
    expect([...families].sort()).toEqual(Object.keys(WORDS).sort());
  });

  it.each(matrix)('%s reporting %s ends %s', async (providerId, word, expected) => {
    const { orderId, paymentId } = await startPayment(provider(providerId));
    const res = await notify(paymentId, word, { by: provider(providerId) });
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

  it.each([
    ['adyen_card', 'Authorised'],
    ['bank_transfer', 'received'],
  ])(
    '%s refuses a tampered body, an old or future timestamp and a malformed signature',
    async (providerId, paid) => {
      const by = provider(providerId);
      const { orderId, paymentId } = await startPayment(by);
      // Each timestamp is taken right before its request: on a busy machine seconds pass between
      // requests, and a `now` taken once let "301 s ahead" arrive 299 s ahead (accepted). The
      // future one keeps a margin for its own request's time; lateness only ages the past ones.
      const now = () => Math.floor(Date.now() / 1000);
      expect((await notify(paymentId, paid, { by, tamper: true })).statusCode).toBe(401);
      expect((await notify(paymentId, paid, { by, timestamp: now() - 301 })).statusCode).toBe(401);
      expect((await notify(paymentId, paid, { by, timestamp: now() + 330 })).statusCode).toBe(401);
      const malformed = await shopper.inject({
        method: 'POST',
        url: '/api/callback/',
        headers: { 'content-type': 'application/json', [signing(by).header]: 'v1=nope' },
        payload: '{}',
      });
      expect(malformed.statusCode).toBe(401);
      expect(await statusOf(orderId)).toBe(startedAs(by));
      expect((await notify(paymentId, paid, { by, timestamp: now() - 290 })).statusCode).toBe(200);
      expect(await statusOf(orderId)).toBe('paid');
    },
  );

  it('lets each provider speak only for its own payments, and only in its own words', async () => {
    const transfer = await startPayment(provider('bank_transfer'));
    const card = await startPayment(provider('adyen_card'));
    // The sandbox's signature on a transfer, the operator's on a card payment: nobody's payment.
    const crossed = [
      await notify(transfer.paymentId, 'Authorised', { by: provider('adyen_card') }),
      await notify(card.paymentId, 'received', { by: provider('bank_transfer') }),
    ];
    expect(crossed.map((res) => res.statusCode)).toEqual([404, 404]);
    // A word of another family is no word of this one.
    const foreign = await notify(transfer.paymentId, 'Authorised', {
      by: provider('bank_transfer'),
    });
    expect(foreign.statusCode).toBe(422);
    expect(await statusOf(transfer.orderId)).toBe('pending');
    expect(await statusOf(card.orderId)).toBe('new');
  });

  it('answers 401 to a notification no provider signed', async () => {
    const res = await shopper.inject({
      method: 'POST',
      url: '/api/callback/',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ id: randomUUID(), paymentId: randomUUID(), status: 'paid' }),
    });
    expect(res.statusCode).toBe(401);
    expect(res.json<{ error: { code: string } }>().error.code).toBe('invalid_signature');
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

  it('applies the provider’s retry of a notification whose first delivery died before applying it', async () => {
    const card = provider('adyen_card');
    const { orderId, paymentId } = await startPayment(card);
    const id = randomUUID();
    crashNextNotification = true;
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect((await notify(paymentId, 'Authorised', { id, by: card })).statusCode).toBe(500);
    expect(await statusOf(orderId)).toBe('new');
    // The provider got no 2xx, so it delivers the same event again.
    const retry = await notify(paymentId, 'Authorised', { id, by: card });
    expect(retry.json()).toMatchObject({ received: true, applied: true });
    expect(await statusOf(orderId)).toBe('paid');
    const again = await notify(paymentId, 'Authorised', { id, by: card });
    expect(again.json()).toMatchObject({ duplicate: true });
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
