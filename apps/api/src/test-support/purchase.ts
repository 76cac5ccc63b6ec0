/** Test helper: the calls a browser makes to buy a plan by card (cart, card token, payment). */
import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import type { CartView } from '@checkout/core';
import type { TestBrowser } from '../test-browser';

export const EMAIL = 'traced.buyer@gmail.com';

/** The yearly VPN plan in euros for Germany, the cart most api tests buy. */
export const VPN_CART = { mainPlan: 'vpn-basic-1y', currency: 'EUR', country: 'DE' };

/** A card the sandbox approves, as a shopper types it into the card fields. */
export const TEST_CARD = { number: '4242424242424242', expiry: '12 / 30', cvc: '123', name: 'A B' };

type Headers = Record<string, string>;

/** POST /api/carts/ with the yearly VPN plan unless `cart` says otherwise. */
export async function openCart(
  shopper: TestBrowser,
  cart: Record<string, unknown>,
  headers: Headers = {},
): Promise<CartView> {
  const answer = await shopper.inject({
    method: 'POST',
    url: '/api/carts/',
    headers,
    payload: { ...VPN_CART, ...cart },
  });
  return answer.json<CartView>();
}

/** The sandbox's card fields turn a card (the approved one unless `card` says otherwise) into a token. */
export async function cardToken(
  shopper: TestBrowser,
  card: Partial<typeof TEST_CARD> = {},
  headers: Headers = {},
): Promise<string> {
  const answer = await shopper.inject({
    method: 'POST',
    url: '/api/sandbox/tokens/',
    headers,
    payload: { ...TEST_CARD, ...card },
  });
  return answer.json<{ token: string }>().token;
}

/** POST /api/payments/: pays a cart with a card token (Adyen's card unless `provider` says), under an idempotency key. */
export function payByCard(
  shopper: TestBrowser,
  payment: { cartId: string; token: string; provider?: string; key?: string; headers?: Headers },
): Promise<LightMyRequestResponse> {
  return shopper.inject({
    method: 'POST',
    url: '/api/payments/',
    headers: { ...payment.headers, 'idempotency-key': payment.key ?? randomUUID() },
    payload: {
      cartId: payment.cartId,
      provider: payment.provider ?? 'adyen_card',
      returnPath: '/processing/',
      cardToken: payment.token,
    },
  });
}

export interface CardPurchase {
  /** The cart's fields over the yearly VPN plan (email among them). */
  cart: Record<string, unknown>;
  card?: Partial<typeof TEST_CARD>;
  provider?: string;
  key?: string;
  headers?: Headers;
}

/** A shopper's card purchase, the three calls a browser makes: the payment's answer. */
export async function buyByCard(
  shopper: TestBrowser,
  { cart, card, provider, key, headers = {} }: CardPurchase,
): Promise<LightMyRequestResponse> {
  const { id: cartId } = await openCart(shopper, cart, headers);
  const token = await cardToken(shopper, card, headers);
  return payByCard(shopper, { cartId, token, provider, key, headers });
}

/** The telemetry suites' purchase: EMAIL buys the yearly VPN plan. */
export function buy(shopper: TestBrowser, key: string, headers: Headers = {}) {
  return buyByCard(shopper, { cart: { email: EMAIL }, key, headers });
}
