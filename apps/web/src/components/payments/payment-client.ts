/**
 * The browser's payment calls: provider lists for the cart, starting a payment, and the steps a
 * payment dialog takes afterwards (exchanging a bank link's public token, canceling), and the
 * result of a provider's own step (details: a 3-D Secure challenge, a redirect, PayPal's approval).
 */
import type {
  OneClickProviders,
  OrderStatus,
  PaymentAction,
  PaymentDetailsRequest,
  PaymentRequest,
  RegularProviders,
  TokenExchangeRequest,
} from '@checkout/core';
import { request, type RequestResult } from '../../lib/http';

/**
 * One provider of the lists (core's providerOptionSchema). A component's configuration is
 * checked with zod where the component starts (adyen-payment.tsx), so that the first load of
 * the payment page carries no zod.
 */
export type { ProviderOption } from '@checkout/core';

export function fetchRegularProviders(cartId: string, signal: AbortSignal) {
  return request<RegularProviders>('/api/payments/providers/regular/', {
    query: { cart_id: cartId },
    signal,
  });
}

export function fetchOneClickProviders(cartId: string, signal: AbortSignal) {
  return request<OneClickProviders>('/api/payments/providers/one-click/', {
    query: { cart_id: cartId },
    signal,
  });
}

/** The header a payment retried after a challenge carries its solution in. */
export const CHALLENGE_HEADER = 'x-challenge-solution';

export function startPayment(
  body: PaymentRequest,
  idempotencyKey: string,
  /** The solved challenge, when the api asked for one. */
  solution?: string,
): Promise<RequestResult<PaymentAction>> {
  return request<PaymentAction>('/api/payments/', {
    method: 'POST',
    body,
    headers: {
      'idempotency-key': idempotencyKey,
      ...(solution ? { [CHALLENGE_HEADER]: solution } : {}),
    },
  });
}

export function exchangePublicToken(body: TokenExchangeRequest) {
  return request<PaymentAction>('/api/payments/exchange/', { method: 'POST', body });
}

/** Back from the provider's step (a 3-D Secure challenge, a redirect): its result for the order. */
export function submitPaymentDetails(body: PaymentDetailsRequest) {
  return request<PaymentAction>('/api/payments/details/', { method: 'POST', body });
}

export function cancelPayment(orderId: string) {
  return request<{ orderId: string; status: OrderStatus }>('/api/payments/cancel/', {
    method: 'POST',
    body: { orderId },
  });
}
