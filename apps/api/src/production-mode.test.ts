/**
 * The api built in production mode: the sandbox gateway (card fields, card tokens, hosted
 * approval, wallet and 3-D Secure pages, bank-link widget) and the sandbox mailbox are not
 * served, unless SANDBOX_GATEWAY=on says so on purpose. Both apps share one database, so the
 * very pages a sandbox payment uses are asked of the api with the sandbox off.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartView, PaymentAction } from '@checkout/core';
import { buildApp } from './app';
import { openDatabase, type DatabaseHandle } from './db/client';
import { migratedTemplate } from './db/test-template';
import { loadEnv } from './env';
import { openCatalog, prepareCatalog, type Catalog } from './modules/catalog/catalog';
import { orders } from './modules/orders/tables';
import { productionEnv } from './test-env';

const ORIGIN = 'http://localhost:3000';
/** A request of the test: method and URL as plain strings, to name it in a failure. */
type Route = InjectOptions & { method: string; url: string };

const BASE = { LOG_LEVEL: 'silent', PGLITE_DIR: 'memory://', PUBLIC_ORIGIN: ORIGIN };

/** A browser of one app: keeps the cookies the api sets (a cart may be bound to them). */
function browser(app: FastifyInstance) {
  const jar = new Map<string, string>();
  return async (options: InjectOptions): Promise<LightMyRequestResponse> => {
    const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const res = await app.inject({
      ...options,
      headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}), ...options.headers },
    });
    for (const c of res.cookies) jar.set(c.name, c.value);
    return res;
  };
}

describe('production mode', () => {
  let database: DatabaseHandle;
  let catalog: Catalog;
  let sandboxOn: FastifyInstance;
  let sandboxOff: FastifyInstance;
  const secrets = productionEnv(BASE);

  beforeAll(async () => {
    database = await openDatabase({
      pgliteDir: 'memory://',
      prepare: prepareCatalog,
      pgliteTemplate: await migratedTemplate(),
    });
    catalog = await openCatalog(database.db, 0);
    const build = (extra: Record<string, string>) =>
      buildApp({ env: loadEnv({ ...secrets, ...extra }), database, catalog });
    sandboxOn = await build({ SANDBOX_GATEWAY: 'on' });
    sandboxOff = await build({});
  }, 60_000);
  afterAll(async () => {
    await sandboxOn.close();
    await sandboxOff.close();
    await database.close();
  });

  const card = { number: '4000000000003220', expiry: '12 / 30', cvc: '123', name: 'Anna Smith' };
  const form = { 'content-type': 'application/x-www-form-urlencoded' };
  const statusOf = async (orderId: string) =>
    (await database.db.select().from(orders).where(eq(orders.id, orderId)))[0]?.status;

  /** Payments started with the sandbox on: a redirect, a wallet sheet, 3-D Secure, a bank link. */
  async function sandboxPayments() {
    const shopper = browser(sandboxOn);
    const pay = async (provider: string, cardToken?: string) => {
      const cart = await shopper({
        method: 'POST',
        url: '/api/carts/',
        payload: { mainPlan: 'vpn-basic-1y', currency: 'USD', country: 'US', email: 'p@gmail.com' },
      });
      expect(cart.statusCode).toBe(201);
      const res = await shopper({
        method: 'POST',
        url: '/api/payments/',
        headers: { 'idempotency-key': randomUUID() },
        payload: {
          cartId: cart.json<CartView>().id,
          provider,
          returnPath: '/processing/',
          cardToken,
        },
      });
      expect(res.statusCode).toBe(201);
      return res.json<PaymentAction & { url: string }>();
    };
    const token = await shopper({ method: 'POST', url: '/api/sandbox/tokens/', payload: card });
    expect(token.statusCode).toBe(201);
    return {
      redirect: await pay('paypal'),
      wallet: await pay('paypal_incontext'),
      challenge: await pay('adyen_card', token.json<{ token: string }>().token),
      bankLink: await pay('stripe_ach'),
    };
  }

  /** Every sandbox route, with the ids of real sandbox payments. */
  function sandboxRequests(p: Awaited<ReturnType<typeof sandboxPayments>>): Route[] {
    const framed = (url: string) => `${url}?origin=${encodeURIComponent(ORIGIN)}`;
    const hosted = [p.redirect.url, p.wallet.url, p.challenge.url];
    return [
      { method: 'GET', url: framed('/api/sandbox/card-fields/') },
      {
        method: 'POST',
        url: '/api/sandbox/tokens/',
        payload: { ...card, number: '4242424242424242' },
      },
      ...hosted.map((url): Route => ({ method: 'GET', url })),
      ...hosted.map((url): Route => ({
        method: 'POST',
        url,
        headers: form,
        payload: 'intent=approve',
      })),
      { method: 'GET', url: framed(p.bankLink.url) },
      {
        method: 'POST',
        url: framed(p.bankLink.url),
        headers: form,
        payload: 'intent=link&bank=instant',
      },
    ];
  }

  it('answers 404 from every sandbox route and the mailbox, and no payment moves', async () => {
    const payments = await sandboxPayments();
    const visitor = browser(sandboxOff);
    const requests: Route[] = [
      ...sandboxRequests(payments),
      { method: 'GET', url: '/api/sandbox/mailbox/?to=p%40gmail.com' },
    ];
    for (const request of requests) {
      const res = await visitor(request);
      expect(res.statusCode, `${request.method} ${request.url}`).toBe(404);
      expect(res.json(), `${request.method} ${request.url}`).toMatchObject({
        error: { code: 'not_found' },
      });
    }
    for (const { orderId } of Object.values(payments)) expect(await statusOf(orderId)).toBe('new');
  });

  it('serves the sandbox gateway when SANDBOX_GATEWAY=on, but never the mailbox (mail goes out by SMTP)', async () => {
    const payments = await sandboxPayments();
    const shopper = browser(sandboxOn);
    const statuses: number[] = [];
    for (const request of sandboxRequests(payments))
      statuses.push((await shopper(request)).statusCode);
    expect(statuses.filter((s) => s === 404)).toEqual([]);
    const page = await shopper({ method: 'GET', url: payments.redirect.url });
    expect(page.body).toMatch(/PayPal/);
    const mailbox = await shopper({ method: 'GET', url: '/api/sandbox/mailbox/?to=p%40gmail.com' });
    expect(mailbox.statusCode).toBe(404);
  });

  it('offers no payment provider without one configured, and refuses to start a payment with a code', async () => {
    const shopper = browser(sandboxOff);
    const cart = await shopper({
      method: 'POST',
      url: '/api/carts/',
      payload: { mainPlan: 'vpn-basic-1y', currency: 'USD', country: 'US', email: 'q@gmail.com' },
    });
    const cartId = cart.json<CartView>().id;
    const regular = await shopper({
      method: 'GET',
      url: `/api/payments/providers/regular/?cart_id=${cartId}`,
    });
    expect(regular.json()).toEqual({ methods: [] });
    const oneClick = await shopper({
      method: 'GET',
      url: `/api/payments/providers/one-click/?cart_id=${cartId}`,
    });
    expect(oneClick.json()).toEqual({ providers: [] });

    const start = await shopper({
      method: 'POST',
      url: '/api/payments/',
      headers: { 'idempotency-key': randomUUID() },
      payload: { cartId, provider: 'paypal', returnPath: '/processing/' },
    });
    expect(start.statusCode).toBe(409);
    expect(start.json()).toMatchObject({ error: { code: 'payment_provider_unavailable' } });
    // Nothing changed: the cart is still open and holds no order.
    const held = await database.db.select().from(orders).where(eq(orders.cartId, cartId));
    expect(held).toEqual([]);
    const again = await shopper({ method: 'GET', url: `/api/carts/${cartId}/` });
    expect(again.json<CartView>().status).toBe('open');
  });

  it('publishes the identity provider at PUBLIC_ORIGIN whatever Host a request names', async () => {
    const discovery = await sandboxOff.inject({
      method: 'GET',
      url: '/oidc/.well-known/openid-configuration',
      headers: {
        host: 'evil.example',
        'x-forwarded-host': 'evil.example',
        'x-forwarded-proto': 'https',
      },
    });
    expect(discovery.statusCode).toBe(200);
    const metadata = discovery.json<Record<string, unknown>>();
    expect(metadata.issuer).toBe(`${ORIGIN}/oidc`);
    const urls = Object.entries(metadata).filter(
      (entry): entry is [string, string] =>
        typeof entry[1] === 'string' && /^https?:/.test(entry[1]),
    );
    expect(urls.map(([name]) => name)).toEqual(
      expect.arrayContaining(['authorization_endpoint', 'token_endpoint', 'jwks_uri']),
    );
    for (const [name, url] of urls) expect(url, name).toMatch(new RegExp(`^${ORIGIN}/oidc(/|$)`));
  });
});
