import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CART_BINDING_COOKIE } from '@checkout/core/contract';
import type { CartView, PaymentAction } from '@checkout/core';
import { createTestApp, type TestApp } from '../../test-app';
import { testBrowser, type TestBrowser } from '../../test-browser';
import { orders } from '../orders/tables';
import { signHostedSession } from '../sandbox-gateway/session';
import { carts } from './tables';

const EMAIL = 'owner.of.cart@gmail.com';
const ORIGIN = 'http://localhost:3000';
const SECRET = 'cart-secret-for-binding-tests-0123';

describe('a cart, its order and its payment belong to the browser that created the cart', () => {
  let t: TestApp;
  let owner: TestBrowser;
  /** Another browser: no cookie at all. */
  let stranger: TestBrowser;
  /** Another browser with a cart (and so a binding cookie) of its own. */
  let other: TestBrowser;
  beforeAll(async () => {
    t = await createTestApp({ CART_SECRET: SECRET, SANDBOX_ASYNC_SETTLE_MS: '600000' });
    owner = testBrowser(() => t.app);
    stranger = testBrowser(() => t.app);
    other = testBrowser(() => t.app);
    await other.inject({
      method: 'POST',
      url: '/api/carts/',
      payload: { mainPlan: 'vpn-basic-1y', currency: 'USD', country: 'US' },
    });
  });
  afterAll(() => t.close());

  const newCart = async (browser = owner) => {
    const res = await browser.inject({
      method: 'POST',
      url: '/api/carts/',
      payload: {
        mainPlan: 'vpn-basic-1y',
        currency: 'USD',
        country: 'US',
        region: 'US-WA',
        postalCode: '98101',
        email: EMAIL,
      },
    });
    expect(res.statusCode).toBe(201);
    return res.json<CartView>();
  };
  const pay = (browser: TestBrowser, cartId: string, provider = 'paypal') =>
    browser.inject({
      method: 'POST',
      url: '/api/payments/',
      headers: { 'idempotency-key': randomUUID() },
      payload: {
        cartId,
        provider,
        returnPath: provider === 'stripe_ach' ? '/api/processing/iframe/' : '/processing/',
      },
    });
  const started = async (provider = 'paypal') => {
    const cart = await newCart();
    const res = await pay(owner, cart.id, provider);
    expect(res.statusCode).toBe(201);
    return { cart, action: res.json<PaymentAction & { url: string }>() };
  };
  const statusOf = async (orderId: string) =>
    (await t.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]?.status;
  /** Refused exactly as an id that does not exist: a 404 with a code and a message. */
  const refusedAsUnknown = (res: { statusCode: number; json: () => unknown }) => {
    expect(res.statusCode).toBe(404);
    const { error } = res.json() as { error: { code: string; message: string } };
    expect(error.code).toBe('not_found');
    expect(error.message).toMatch(/^There is no such (cart|order)\.$/);
  };
  const strangers = () => [stranger, other] as const;

  it('sets an HttpOnly, SameSite=Lax binding cookie for the checkout, and stores only its hash', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/carts/',
      payload: { mainPlan: 'vpn-basic-1y', currency: 'USD', country: 'US' },
    });
    const cookie = res.cookies.find((c) => c.name === CART_BINDING_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeFalsy();
    expect(cookie?.value).toMatch(/^[\w-]{43}$/);
    const [row] = await t.database.db
      .select()
      .from(carts)
      .where(eq(carts.id, res.json<CartView>().id));
    expect(JSON.stringify(row)).not.toContain(cookie?.value);
  });

  it('marks the cookie Secure when the public origin is https', async () => {
    const secure = await createTestApp({ PUBLIC_ORIGIN: 'https://checkout.example' });
    const res = await secure.app.inject({
      method: 'POST',
      url: '/api/carts/',
      payload: { mainPlan: 'vpn-basic-1y', currency: 'USD', country: 'US' },
    });
    await secure.close();
    expect(res.cookies.find((c) => c.name === CART_BINDING_COOKIE)?.secure).toBe(true);
  });

  it('lets only the owner read the cart’s e-mail and postal code', async () => {
    const cart = await newCart();
    const mine = await owner.inject({ method: 'GET', url: `/api/carts/${cart.id}/` });
    expect(mine.json()).toMatchObject({ email: EMAIL, postalCode: '98101' });
    for (const browser of strangers()) {
      const theirs = await browser.inject({ method: 'GET', url: `/api/carts/${cart.id}/` });
      refusedAsUnknown(theirs);
      expect(theirs.body).not.toContain(EMAIL);
    }
    // A forged cookie is no better than none.
    const forged = await t.app.inject({
      method: 'GET',
      url: `/api/carts/${cart.id}/`,
      cookies: { [CART_BINDING_COOKIE]: 'A'.repeat(43) },
    });
    refusedAsUnknown(forged);
  });

  it('lets only the owner change the cart’s e-mail or coupon', async () => {
    const cart = await newCart();
    for (const browser of strangers()) {
      for (const patch of [{ email: 'thief@gmail.com' }, { coupon: 'WELCOME10' }]) {
        const res = await browser.inject({
          method: 'PATCH',
          url: `/api/carts/${cart.id}/`,
          payload: patch,
        });
        refusedAsUnknown(res);
      }
    }
    const [row] = await t.database.db.select().from(carts).where(eq(carts.id, cart.id));
    expect(row).toMatchObject({ email: EMAIL, couponCode: null });
    const mine = await owner.inject({
      method: 'PATCH',
      url: `/api/carts/${cart.id}/`,
      payload: { email: 'new.owner.address@gmail.com' },
    });
    expect(mine.json()).toMatchObject({ email: 'new.owner.address@gmail.com' });
  });

  it('lets only the owner list payment methods for the cart and start a payment', async () => {
    const cart = await newCart();
    for (const browser of strangers()) {
      refusedAsUnknown(
        await browser.inject({
          method: 'GET',
          url: `/api/payments/providers/regular/?cart_id=${cart.id}`,
        }),
      );
      refusedAsUnknown(await pay(browser, cart.id));
    }
    const [row] = await t.database.db.select().from(carts).where(eq(carts.id, cart.id));
    expect(row?.status).toBe('open');
    expect((await pay(owner, cart.id)).statusCode).toBe(201);
  });

  it('shows an order’s status to anyone holding its id, its e-mail and totals to the owner only', async () => {
    const { action, cart } = await started();
    for (const browser of strangers()) {
      const res = await browser.inject({ method: 'GET', url: `/api/orders/${action.orderId}/` });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: action.orderId, status: 'new', email: null });
      expect(res.json()).toMatchObject({ cartId: null, totalMinor: null });
      expect(res.body).not.toContain(EMAIL);
    }
    const mine = await owner.inject({ method: 'GET', url: `/api/orders/${action.orderId}/` });
    expect(mine.json()).toMatchObject({
      status: 'new',
      email: EMAIL,
      cartId: cart.id,
      totalMinor: cart.totalMinor,
    });
  });

  it('lets only the owner cancel a payment', async () => {
    const { action } = await started();
    for (const browser of strangers()) {
      refusedAsUnknown(
        await browser.inject({
          method: 'POST',
          url: '/api/payments/cancel/',
          payload: { orderId: action.orderId },
        }),
      );
    }
    expect(await statusOf(action.orderId)).toBe('new');
    const mine = await owner.inject({
      method: 'POST',
      url: '/api/payments/cancel/',
      payload: { orderId: action.orderId },
    });
    expect(mine.json()).toEqual({ orderId: action.orderId, status: 'canceled' });
  });

  it('lets only the owner exchange a bank link’s public token', async () => {
    const { action } = await started('stripe_ach');
    const widget = new URL(action.url, ORIGIN);
    widget.searchParams.set('origin', ORIGIN);
    const linked = await owner.inject({
      method: 'POST',
      url: `${widget.pathname}${widget.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'intent=link&bank=instant',
    });
    const publicToken = /data-token="([^"]+)"/.exec(linked.body)?.[1] ?? '';
    expect(publicToken).toMatch(/^ptok_/);
    for (const browser of strangers()) {
      refusedAsUnknown(
        await browser.inject({
          method: 'POST',
          url: '/api/payments/exchange/',
          payload: { orderId: action.orderId, publicToken },
        }),
      );
    }
    expect(await statusOf(action.orderId)).toBe('new');
    const mine = await owner.inject({
      method: 'POST',
      url: '/api/payments/exchange/',
      payload: { orderId: action.orderId, publicToken },
    });
    expect(mine.json()).toEqual({ type: 'done', orderId: action.orderId });
  });

  it('opens the bank-link widget only through the signed session the payment handed out', async () => {
    const { action } = await started('stripe_ach');
    const paymentId = /bank-link\/([^/?]+)\//.exec(action.url)?.[1] ?? '';
    const bare = `/api/sandbox/bank-link/${paymentId}/?origin=${encodeURIComponent(ORIGIN)}`;
    expect((await stranger.inject({ method: 'GET', url: bare })).statusCode).toBe(404);
    const linked = await stranger.inject({
      method: 'POST',
      url: bare,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'intent=link&bank=instant',
    });
    expect(linked.statusCode).toBe(404);
    expect(linked.body).not.toContain('ptok_');
  });

  it('approves a hosted payment only with the signed session the payment handed out', async () => {
    const { action } = await started('paypal');
    expect(action.type).toBe('redirect');
    const paymentId = /checkout\/([^/?]+)\//.exec(action.url)?.[1] ?? '';
    const bare = `/api/sandbox/checkout/${paymentId}/?return=%2Fprocessing%2F`;
    const forged = `${bare}&session=${'x'.repeat(40)}.${'y'.repeat(43)}`;
    for (const url of [bare, forged]) {
      expect((await stranger.inject({ method: 'GET', url })).statusCode).toBe(404);
      for (const intent of ['approve', 'fail', 'timeout', 'cancel']) {
        const res = await stranger.inject({
          method: 'POST',
          url,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: `intent=${intent}`,
        });
        expect(res.statusCode, `${intent} at ${url}`).toBe(404);
      }
    }
    expect(await statusOf(action.orderId)).toBe('new');
    // The session is for its own payment only.
    const second = await started('paypal');
    const secondSession = new URL(second.action.url, ORIGIN).searchParams.get('session') ?? '';
    const borrowed = await stranger.inject({
      method: 'POST',
      url: `${bare}&session=${secondSession}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'intent=approve',
    });
    expect(borrowed.statusCode).toBe(404);
    expect(await statusOf(action.orderId)).toBe('new');

    const page = await owner.inject({ method: 'GET', url: action.url });
    expect(page.statusCode).toBe(200);
    // The page's form posts back with its session.
    expect(page.body).toContain('session=');
    const approved = await owner.inject({
      method: 'POST',
      url: action.url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'intent=approve',
    });
    expect(approved.statusCode).toBe(303);
    expect(await statusOf(action.orderId)).toBe('paid');
  });

  it('refuses an expired hosted session with a 403 that says so, and changes nothing', async () => {
    const { action } = await started('paypal');
    const paymentId = /checkout\/([^/?]+)\//.exec(action.url)?.[1] ?? '';
    const expired = signHostedSession(SECRET, paymentId, Date.now() - 31 * 60_000);
    const url = `/api/sandbox/checkout/${paymentId}/?return=%2Fprocessing%2F&session=${expired}`;
    const res = await owner.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'intent=approve',
    });
    expect(res.statusCode).toBe(403);
    expect(res.body).toContain('expired');
    expect(await statusOf(action.orderId)).toBe('new');
  });

  it('a shopper who logs in during checkout keeps the cart, which then also belongs to the account', async () => {
    const cart = await newCart();
    const account = randomUUID();
    const { createSession } = await import('../users/sessions');
    const token = await createSession(t.database.db, {
      id: account,
      email: EMAIL,
      providerSid: null,
    });
    const loggedIn = await owner.inject({
      method: 'GET',
      url: `/api/carts/${cart.id}/`,
      cookies: { token },
    });
    expect(loggedIn.json()).toMatchObject({ email: EMAIL });
    // The same account on another device (no cart cookie) reaches the cart too.
    const device = await stranger.inject({
      method: 'GET',
      url: `/api/carts/${cart.id}/`,
      cookies: { token },
    });
    expect(device.json()).toMatchObject({ id: cart.id, email: EMAIL });
    // A cart created while logged in belongs to the account from the start.
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/carts/',
      cookies: { token },
      payload: { mainPlan: 'vpn-basic-1y', currency: 'USD', country: 'US' },
    });
    const device2 = await t.app.inject({
      method: 'GET',
      url: `/api/carts/${made.json<CartView>().id}/`,
      cookies: { token },
    });
    expect(device2.statusCode).toBe(200);
    refusedAsUnknown(await stranger.inject({ method: 'GET', url: `/api/carts/${cart.id}/` }));
  });
});
