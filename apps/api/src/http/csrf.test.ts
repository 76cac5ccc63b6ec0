import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { CartView, OrderView, PaymentAction } from '@checkout/core';
import { createTestApp, type TestApp } from '../test-app';
import { testBrowser } from '../test-browser';
import { carts } from '../modules/carts/tables';
import { authAttempts } from '../modules/users/tables';

const ORIGIN = 'http://checkout.test';
const PARTNER = 'https://partner.test';
const EVIL = 'http://evil.example';
const FORM = 'application/x-www-form-urlencoded';

describe('cross-site request forgery', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_ORIGIN: ORIGIN, ALLOWED_REDIRECT_ORIGINS: PARTNER });
  });
  afterAll(() => t.close());
  // One shopper's browser: a forged request rides on its cookies, as a real forgery would.
  const shopper = testBrowser(() => t.app);

  const cartCount = async () => (await t.database.db.select({ id: carts.id }).from(carts)).length;
  const newCart = async (headers: Record<string, string> = {}) =>
    shopper.inject({
      method: 'POST',
      url: '/api/carts/',
      headers,
      payload: { mainPlan: 'vpn-basic-1y', currency: 'USD', country: 'US', email: 'a@gmail.com' },
    });
  /** An order the provider has not answered yet: the kind the cancel call cancels. */
  const waitingOrder = async () => {
    const cart = (await newCart()).json<CartView>();
    const action = await shopper.inject({
      method: 'POST',
      url: '/api/payments/',
      headers: { 'idempotency-key': `csrf-${cart.id}` },
      payload: { cartId: cart.id, provider: 'paypal', returnPath: '/processing/' },
    });
    return action.json<PaymentAction & { url: string }>();
  };
  const orderStatus = async (id: string) =>
    (await shopper.inject({ method: 'GET', url: `/api/orders/${id}/` })).json<OrderView>().status;
  const expectRefused = (
    response: { statusCode: number; json: () => unknown; body: string },
    status = 403,
    code = 'cross_site_request',
  ) => {
    expect(response.statusCode).toBe(status);
    const { error } = response.json() as { error: { code: string; message: string } };
    expect(error.code).toBe(code);
    expect(error.message).toMatch(/\w/);
    expect(response.body).not.toMatch(/at .*\.ts:\d+/);
  };

  it('refuses a cross-site form post that would create a cart, and creates none', async () => {
    const before = await cartCount();
    const forged = await shopper.inject({
      method: 'POST',
      url: '/api/carts/',
      headers: { 'content-type': FORM, origin: EVIL, 'sec-fetch-site': 'cross-site' },
      payload: 'mainPlan=vpn-basic-1y&currency=USD&country=US&email=victim%40gmail.com',
    });
    expectRefused(forged);
    expect(await cartCount()).toBe(before);
  });

  it('refuses a cross-site form post that would cancel a payment, and the order stays open', async () => {
    const action = await waitingOrder();
    expect(await orderStatus(action.orderId)).toBe('new');
    const forged = await shopper.inject({
      method: 'POST',
      url: '/api/payments/cancel/',
      headers: { 'content-type': FORM, origin: EVIL },
      payload: `orderId=${action.orderId}`,
    });
    expectRefused(forged);
    expect(await orderStatus(action.orderId)).toBe('new');
  });

  it('refuses a cross-site form post that would start a login, with no attempt and no cookie', async () => {
    const attempts = async () => (await t.database.db.select().from(authAttempts)).length;
    const before = await attempts();
    const forged = await shopper.inject({
      method: 'POST',
      url: '/api/users/auth/login/',
      headers: { 'content-type': FORM, origin: EVIL },
      payload: 'login_target=%2Fdashboard%2F',
    });
    expectRefused(forged);
    expect(forged.headers['set-cookie']).toBeUndefined();
    expect(await attempts()).toBe(before);
  });

  it('refuses JSON from a foreign origin, an opaque origin, or marked cross-site by the browser', async () => {
    const before = await cartCount();
    expectRefused(await newCart({ origin: EVIL }));
    expectRefused(await newCart({ origin: 'null' }));
    expectRefused(await newCart({ 'sec-fetch-site': 'cross-site' }));
    // The browser's own word wins over an Origin that looks like ours.
    expectRefused(await newCart({ origin: ORIGIN, 'sec-fetch-site': 'cross-site' }));
    expect(await cartCount()).toBe(before);
  });

  it('refuses a form post even from the checkout itself: state-changing calls are JSON', async () => {
    const before = await cartCount();
    const form = await shopper.inject({
      method: 'POST',
      url: '/api/carts/',
      headers: { 'content-type': FORM, origin: ORIGIN, 'sec-fetch-site': 'same-origin' },
      payload: 'mainPlan=vpn-basic-1y&currency=USD&country=US',
    });
    expectRefused(form, 415, 'unsupported_media_type');
    const plain = await shopper.inject({
      method: 'POST',
      url: '/api/carts/',
      headers: { 'content-type': 'text/plain', origin: ORIGIN },
      payload: JSON.stringify({ mainPlan: 'vpn-basic-1y', currency: 'USD', country: 'US' }),
    });
    expectRefused(plain, 415, 'unsupported_media_type');
    expect(await cartCount()).toBe(before);
  });

  it('accepts JSON from the checkout, an allowed origin, and servers that send no Origin', async () => {
    const same = await newCart({ origin: ORIGIN, 'sec-fetch-site': 'same-origin' });
    expect(same.statusCode).toBe(201);
    const partner = await newCart({ origin: PARTNER, 'sec-fetch-site': 'same-site' });
    expect(partner.statusCode).toBe(201);
    const server = await newCart({ 'content-type': 'application/json; charset=utf-8' });
    expect(server.statusCode).toBe(201);
    const cart = same.json<CartView>();
    const patched = await shopper.inject({
      method: 'PATCH',
      url: `/api/carts/${cart.id}/`,
      headers: { origin: ORIGIN },
      payload: { email: 'changed@gmail.com' },
    });
    expect(patched.json<CartView>().email).toBe('changed@gmail.com');
    const [row] = await t.database.db.select().from(carts).where(eq(carts.id, cart.id));
    expect(row?.email).toBe('changed@gmail.com');
  });

  it('lets the checkout cancel its own waiting payment and log out with no body', async () => {
    const action = await waitingOrder();
    const cancel = await shopper.inject({
      method: 'POST',
      url: '/api/payments/cancel/',
      headers: { origin: ORIGIN, 'sec-fetch-site': 'same-origin' },
      payload: { orderId: action.orderId },
    });
    expect(cancel.statusCode).toBe(200);
    expect(await orderStatus(action.orderId)).toBe('canceled');
    const logout = await shopper.inject({
      method: 'DELETE',
      url: '/api/users/tokens/',
      headers: { origin: ORIGIN },
    });
    expect(logout.statusCode).toBe(204);
  });

  it("keeps the sandbox gateway's form pages working for our origin, and refuses them cross-site", async () => {
    const forgedOrder = await waitingOrder();
    const forged = await shopper.inject({
      method: 'POST',
      url: forgedOrder.url,
      headers: { 'content-type': FORM, origin: EVIL },
      payload: 'intent=approve',
    });
    expectRefused(forged);
    expect(await orderStatus(forgedOrder.orderId)).toBe('new');

    const action = await waitingOrder();
    const approve = await shopper.inject({
      method: 'POST',
      url: action.url,
      headers: { 'content-type': FORM, origin: ORIGIN, 'sec-fetch-site': 'same-origin' },
      payload: 'intent=approve',
    });
    expect(approve.statusCode).toBe(303);
    expect(await orderStatus(action.orderId)).toBe('paid');
  });

  it("refuses a card posted to the sandbox's token endpoint by a form, or from another site", async () => {
    const card = 'number=4242424242424242&expiry=12%20%2F%2030&cvc=123&name=Anna%20Smith';
    const form = await shopper.inject({
      method: 'POST',
      url: '/api/sandbox/tokens/',
      headers: { 'content-type': FORM, origin: ORIGIN },
      payload: card,
    });
    expectRefused(form, 415, 'unsupported_media_type');
    const foreign = await shopper.inject({
      method: 'POST',
      url: '/api/sandbox/tokens/',
      headers: { origin: EVIL },
      payload: { number: '4242424242424242', expiry: '12 / 30', cvc: '123', name: 'Anna Smith' },
    });
    expectRefused(foreign);
  });

  it("leaves the identity provider's protocol endpoints to their own checks", async () => {
    // Token requests are form-encoded by OAuth 2.0 and authenticated by the client's secret:
    // the provider itself answers (here: the code is unknown), not our refusal.
    const client = Buffer.from('checkout:checkout-client-secret-change-me').toString('base64');
    const tokenRequest = (headers: Record<string, string>) =>
      shopper.inject({
        method: 'POST',
        url: '/oidc/token',
        headers: { 'content-type': FORM, authorization: `Basic ${client}`, ...headers },
        payload: `grant_type=authorization_code&code=unknown&redirect_uri=x&code_verifier=${'v'.repeat(43)}`,
      });
    expect((await tokenRequest({})).json()).toMatchObject({ error: 'invalid_grant' });
    // A browser on another site is turned away by the provider's own origin check.
    const foreign = (await tokenRequest({ origin: EVIL })).json<Record<string, string>>();
    expect(foreign.error).toBe('invalid_request');
    expect(foreign.error_description).toContain('not allowed');
  });
});
