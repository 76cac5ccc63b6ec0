/** Test helper: the calls a browser makes to buy a plan by card, for the telemetry suites. */
import type { CartView } from '@checkout/core';
import type { TestBrowser } from '../test-browser';

export const EMAIL = 'traced.buyer@gmail.com';

/** A shopper's card purchase: cart, card token, payment (the calls a browser makes). */
export async function buy(shopper: TestBrowser, key: string, headers: Record<string, string> = {}) {
  const cart = (
    await shopper.inject({
      method: 'POST',
      url: '/api/carts/',
      headers,
      payload: { mainPlan: 'vpn-basic-1y', currency: 'EUR', country: 'DE', email: EMAIL },
    })
  ).json<CartView>();
  const { token } = (
    await shopper.inject({
      method: 'POST',
      url: '/api/sandbox/tokens/',
      headers,
      payload: { number: '4242424242424242', expiry: '12 / 30', cvc: '123', name: 'A B' },
    })
  ).json<{ token: string }>();
  return shopper.inject({
    method: 'POST',
    url: '/api/payments/',
    headers: { ...headers, 'idempotency-key': key },
    payload: {
      cartId: cart.id,
      provider: 'adyen_card',
      returnPath: '/processing/',
      cardToken: token,
    },
  });
}
