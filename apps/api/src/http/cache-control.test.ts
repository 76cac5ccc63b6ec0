import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_COOKIE } from '@checkout/core/contract';
import type { CartView } from '@checkout/core';
import { createTestApp, type TestApp } from '../test-app';
import { testBrowser } from '../test-browser';
import { createSession } from '../modules/users/sessions';

describe('what caches may keep', () => {
  let t: TestApp;
  const shopper = testBrowser(() => t.app);
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('tells every cache to keep no account’s, cart’s or order’s answer', async () => {
    const token = await createSession(t.database.db, {
      id: 'sub-cache@gmail.com',
      email: 'cache@gmail.com',
      providerSid: null,
    });
    const account = (url: string) =>
      t.app.inject({ method: 'GET', url, cookies: { [TOKEN_COOKIE]: token } });
    const created = await shopper.inject({
      method: 'POST',
      url: '/api/carts/',
      payload: { mainPlan: 'vpn-basic-1y', currency: 'EUR', country: 'DE' },
    });
    const cart = created.json<CartView>();
    const answers = {
      'a new cart': created,
      'a cart': await shopper.inject({ method: 'GET', url: `/api/carts/${cart.id}/` }),
      'the account': await account('/api/users/current/'),
      'the dashboard': await account('/api/users/current/dashboard/'),
      'the invoices': await account('/api/users/current/invoices/'),
      'a refusal to nobody': await t.app.inject({ method: 'GET', url: '/api/users/current/' }),
      'an unknown order': await shopper.inject({
        method: 'GET',
        url: '/api/orders/00000000-0000-4000-8000-000000000000/',
      }),
    };
    for (const [what, answer] of Object.entries(answers)) {
      expect(answer.statusCode, what).toBeLessThan(500);
      expect(answer.headers['cache-control'], what).toBe('no-store');
    }
  });

  it('leaves the public price list cacheable', async () => {
    const prices = await t.app.inject({
      method: 'GET',
      url: `/graphql?query=${encodeURIComponent('{ getPackagePlans(currencyCode: "USD", packageId: "vpn-default") { identifier } }')}`,
    });
    expect(prices.statusCode).toBe(200);
    expect(prices.headers['cache-control']).toBeUndefined();
    expect(prices.headers.etag).toBeDefined();
  });
});
