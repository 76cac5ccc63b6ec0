/**
 * The 500s a fuzzing run found (issue 13, finding 6), one by one: each hostile input must be
 * refused with a 4xx and a code, and change nothing.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { CartView, PaymentAction } from '@checkout/core';
import { createTestApp, type TestApp } from '../test-app';
import { testBrowser } from '../test-browser';
import { payments } from '../modules/payments/tables';
import { signedNotification } from '../test-support/signed-notification';

const ORIGIN = 'http://checkout.test';
const SECRET = 'hostile-input-secret-0123456789';
const NUL = '\u0000';

/** A refusal the shopper's screen can explain: 4xx, an error code, no stack trace. */
function expectRefusal(res: { statusCode: number; body: string }, status?: number) {
  if (status) expect(res.statusCode, res.body).toBe(status);
  expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, res.body).toBeLessThan(500);
  expect(res.body).not.toMatch(/at .+\.(ts|js):\d+/);
  if (res.body.startsWith('{')) {
    // Our AppError body, or GraphQL's own error list (its code in extensions).
    const body = JSON.parse(res.body) as {
      error?: { code?: string };
      errors?: { extensions?: { code?: string } }[];
    };
    expect(body.error?.code ?? body.errors?.[0]?.extensions?.code).toBeTruthy();
  }
}

describe('hostile input the fuzzer found', () => {
  let t: TestApp;
  const shopper = testBrowser(() => t.app);
  const host = new URL(ORIGIN).host;
  beforeAll(async () => {
    t = await createTestApp({
      PUBLIC_ORIGIN: ORIGIN,
      WEBHOOK_SECRET: SECRET,
      SANDBOX_WEBHOOK_DELAY_MS: '600000',
      SANDBOX_ASYNC_SETTLE_MS: '600000',
      RATE_LIMIT_MAX: '100000',
      LOGIN_RATE_LIMIT_MAX: '1000',
    });
  }, 60_000);
  afterAll(() => t.close());

  /** Starts a login and follows it to the identity provider's screen: the interaction's uid. */
  async function interaction(): Promise<string> {
    const login = await shopper.inject({
      method: 'POST',
      url: '/api/users/auth/login/',
      headers: { host },
      payload: {},
    });
    expect(login.statusCode).toBe(200);
    const authorize = new URL(login.json<{ redirect_uri: string }>().redirect_uri);
    const screen = await shopper.inject({
      method: 'GET',
      url: `${authorize.pathname}${authorize.search}`,
      headers: { host },
    });
    return /\/account\/login\/([\w-]+)\/$/.exec(screen.headers.location ?? '')![1]!;
  }

  it('refuses a NUL in the sandbox mailbox address', async () => {
    const res = await shopper.inject({
      method: 'GET',
      url: `/api/sandbox/mailbox/?to=${encodeURIComponent(`anna${NUL}@example.com`)}`,
    });
    expectRefusal(res, 400);
  });

  it('refuses a NUL in the login callback state', async () => {
    const res = await shopper.inject({
      method: 'GET',
      url: `/api/users/auth/callback/?state=${encodeURIComponent(`st${NUL}ate`)}&code=x`,
    });
    expectRefusal(res, 400);
  });

  it('refuses a NUL in the owner_id of a login', async () => {
    const res = await shopper.inject({
      method: 'POST',
      url: '/api/users/auth/login/',
      headers: { host },
      payload: { owner_id: `owner${NUL}` },
    });
    expectRefusal(res, 400);
  });

  it('refuses a NUL in the e-mail of a login and of a code verification', async () => {
    const uid = await interaction();
    const login = await shopper.inject({
      method: 'POST',
      url: `/api/identity/interactions/${uid}/login`,
      headers: { host },
      payload: { email: `anna${NUL}@example.com`, password: 'correct horse battery' },
    });
    expectRefusal(login, 400);
    const verify = await shopper.inject({
      method: 'POST',
      url: `/api/identity/interactions/${uid}/verify`,
      headers: { host },
      payload: { email: `anna${NUL}@example.com`, code: '12345678' },
    });
    expectRefusal(verify, 400);
  });

  it('refuses a NUL in the postcode of a country without a postcode pattern, and keeps the cart', async () => {
    const created = await shopper.inject({
      method: 'POST',
      url: '/api/carts/',
      payload: { mainPlan: 'vpn-basic-1y', currency: 'USD', country: 'AE' },
    });
    expect(created.statusCode).toBe(201);
    const cart = created.json<CartView>();
    const res = await shopper.inject({
      method: 'PATCH',
      url: `/api/carts/${cart.id}/`,
      payload: { postalCode: `00${NUL}1` },
    });
    expectRefusal(res, 400);
    const after = await shopper.inject({ method: 'GET', url: `/api/carts/${cart.id}/` });
    expect(after.json<CartView>().postalCode).toBe(cart.postalCode);
  });

  it('refuses an unpaired surrogate in a postcode rather than storing a mangled one', async () => {
    const res = await shopper.inject({
      method: 'POST',
      url: '/api/carts/',
      headers: { 'content-type': 'application/json' },
      payload: `{"mainPlan":"vpn-basic-1y","currency":"USD","country":"AE","postalCode":"00\\ud8001"}`,
    });
    expectRefusal(res, 400);
  });

  it('refuses a NUL in the identity provider’s authorization parameters', async () => {
    const res = await shopper.inject({
      method: 'GET',
      url: `/oidc/auth?client_id=checkout${encodeURIComponent(NUL)}&response_type=code&scope=openid`,
      headers: { host },
    });
    expectRefusal(res, 400);
  });

  it('answers 415 to a form-encoded provider notification and 400 to one that is not JSON', async () => {
    const form = await shopper.inject({
      method: 'POST',
      url: '/api/callback/',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'id=1&paymentId=2&status=COMPLETED',
    });
    expectRefusal(form, 415);
    const body = '{"id": "1", "paymentId": ';
    const broken = await shopper.inject(signedNotification(SECRET, body));
    expectRefusal(broken, 400);
  });

  it('answers 400 to a GET /graphql whose variables or query are not valid', async () => {
    const query = encodeURIComponent('{ __typename }');
    for (const variables of ['not json', '[1,2]', '"text"', '{"a":']) {
      const res = await shopper.inject({
        method: 'GET',
        url: `/graphql?query=${query}&variables=${encodeURIComponent(variables)}`,
      });
      expectRefusal(res, 400);
    }
    const badQuery = await shopper.inject({
      method: 'GET',
      url: `/graphql?query=${encodeURIComponent('{ ')}`,
    });
    expectRefusal(badQuery, 400);
  });

  it('answers 422 to the status words __proto__ and constructor, and leaves the order as it was', async () => {
    const cart = (
      await shopper.inject({
        method: 'POST',
        url: '/api/carts/',
        payload: {
          mainPlan: 'vpn-basic-1y',
          email: 'anna@gmail.com',
          currency: 'USD',
          country: 'US',
        },
      })
    ).json<CartView>();
    const started = await shopper.inject({
      method: 'POST',
      url: '/api/payments/',
      headers: { 'idempotency-key': randomUUID() },
      payload: { cartId: cart.id, provider: 'paypal', returnPath: '/processing/' },
    });
    expect(started.statusCode, started.body).toBe(201);
    const { orderId } = started.json<PaymentAction>();
    const [payment] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.orderId, orderId));
    for (const status of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      const body = JSON.stringify({ id: randomUUID(), paymentId: payment!.id, status });
      const res = await shopper.inject(signedNotification(SECRET, body));
      expectRefusal(res, 422);
    }
    const order = await shopper.inject({ method: 'GET', url: `/api/orders/${orderId}/` });
    expect(order.json<{ status: string }>().status).toBe('new');
  });

  it.each([
    [
      'broken JSON',
      '{"mainPlan": "vpn-basic-1y", "email": "anna@example.com"',
      400,
      'validation_failed',
    ],
    ['an empty JSON body', '', 400, 'validation_failed'],
    ['a __proto__ key', '{"__proto__": {"admin": true}}', 400, 'validation_failed'],
    [
      'a constructor.prototype key',
      '{"constructor": {"prototype": {"admin": true}}}',
      400,
      'validation_failed',
    ],
    [
      'a body over 1 MiB',
      JSON.stringify({ email: 'y'.repeat(1_100_000) }),
      413,
      'payload_too_large',
    ],
  ])('refuses %s with %i %s, without quoting it back', async (_label, payload, status, code) => {
    const res = await shopper.inject({
      method: 'POST',
      url: '/api/carts/',
      headers: { 'content-type': 'application/json', origin: ORIGIN },
      payload,
    });
    expectRefusal(res, status);
    expect(res.json<{ error: { code: string } }>().error.code).toBe(code);
    expect(res.body).not.toContain('anna@example.com');
  });
});
