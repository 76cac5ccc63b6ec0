/**
 * The browser's payment calls: provider lists for the cart, starting a payment, and the steps a
 * payment dialog takes afterwards (exchanging a bank link's public token, canceling), and the
 * result of a provider's own step (details: a 3-D Secure challenge, a redirect, PayPal's approval).
 */
import { CHALLENGE_HEADER, IDEMPOTENCY_KEY_HEADER } from '@checkout/core/contract';
import type {
  PaymentAction,
  PaymentDetailsRequest,
  PaymentRequest,
  TokenExchangeRequest,
} from '@checkout/core';
import { browserAnswer } from '../../lib/answers';
import { request, type RequestResult } from '../../lib/http';

const actionAnswer = browserAnswer((s) => s.paymentActionSchema);

export function fetchRegularProviders(cartId: string, signal: AbortSignal) {
  return request('/api/payments/providers/regular/', {
    answer: browserAnswer((s) => s.regularProvidersSchema),
    query: { cart_id: cartId },
    signal,
  });
}

export function fetchOneClickProviders(cartId: string, signal: AbortSignal) {
  return request('/api/payments/providers/one-click/', {
    answer: browserAnswer((s) => s.oneClickProvidersSchema),
    query: { cart_id: cartId },
    signal,
  });
}

export function startPayment(
  body: PaymentRequest,
  idempotencyKey: string,
  /** The solved challenge, when the api asked for one. */
  solution?: string,
): Promise<RequestResult<PaymentAction>> {
  return request('/api/payments/', {
    answer: actionAnswer,
    method: 'POST',
    body,
    headers: {
      [IDEMPOTENCY_KEY_HEADER]: idempotencyKey,
      ...(solution ? { [CHALLENGE_HEADER]: solution } : {}),
    },
  });
}

export function exchangePublicToken(body: TokenExchangeRequest) {
  return request('/api/payments/exchange/', { answer: actionAnswer, method: 'POST', body });
}

/** Back from the provider's step (a 3-D Secure challenge, a redirect): its result for the order. */
export function submitPaymentDetails(body: PaymentDetailsRequest) {
  return request('/api/payments/details/', { answer: actionAnswer, method: 'POST', body });
}

export function cancelPayment(orderId: string) {
  return request('/api/payments/cancel/', {
    answer: browserAnswer((s) => s.paymentCancelAnswerSchema),
    method: 'POST',
    body: { orderId },
  });
}
