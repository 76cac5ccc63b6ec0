import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartView, PaymentAction } from '@checkout/core';
import { createTestApp, type TestApp } from '../../test-app';
import { testBrowser } from '../../test-browser';

describe("the provider's page sends the shopper back to the checkout they came from", () => {
  let t: TestApp;
  const shopper = testBrowser(() => t.app);
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  let keys = 0;
  const payPal = async (returnPath: string) => {
    const cart = (
      await shopper.inject({
        method: 'POST',
        url: '/api/carts/',
        payload: { mainPlan: 'vpn-basic-1y', currency: 'EUR', country: 'DE', email: 'b@gmail.com' },
      })
    ).json<CartView>();
    return shopper.inject({
      method: 'POST',
      url: '/api/payments/',
      headers: { 'idempotency-key': `return-path-${++keys}-abcdef` },
      payload: { cartId: cart.id, provider: 'paypal', returnPath },
    });
  };
  const choose = (url: string, intent: string) =>
    shopper.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `intent=${intent}`,
    });

  it.each([
    ['approve', '/de/processing/?product_group=pass'],
    ['fail', '/ja/processing/?product_group=pass&package_identifier=pass-family'],
    ['cancel', '/processing/'],
  ])('%s returns to %s with the order', async (intent, returnPath) => {
    const action = (await payPal(returnPath)).json<PaymentAction & { url: string }>();
    const back = await choose(action.url, intent);
    expect(back.statusCode).toBe(303);
    const [path, search = ''] = returnPath.split('?');
    const kept = search ? `&${search}` : '';
    expect(back.headers.location).toBe(`${path}?order_id=${action.orderId}${kept}`);
  });

  it('follows no return address edited into the page, and the api takes none to another site', async () => {
    const action = (await payPal('/de/processing/')).json<PaymentAction & { url: string }>();
    const edited = action.url.replace(
      /return=[^&]+/,
      `return=${encodeURIComponent('//evil.example/')}`,
    );
    const back = await choose(edited, 'cancel');
    expect(back.headers.location).toBe(`/processing/?order_id=${action.orderId}`);

    const refused = await payPal('https://evil.example/processing/');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: { code: 'validation_failed' } });
  });
});
