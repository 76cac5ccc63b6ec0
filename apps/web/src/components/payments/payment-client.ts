/** The browser's payment calls: provider lists for the cart and starting a payment. */
import type { MethodGroup, PaymentAction, PaymentRequest } from '@checkout/core';
import { request, type RequestResult } from '../../lib/http';

export interface ProviderOption {
  id: string;
  action: string;
  form: string;
  /** Card providers paid in the checkout: the provider's card fields page. */
  cardFields?: string;
}

export function fetchRegularProviders(cartId: string, signal: AbortSignal) {
  return request<{ methods: { method: MethodGroup; providers: ProviderOption[] }[] }>(
    '/api/payments/providers/regular/',
    { query: { cart_id: cartId }, signal },
  );
}

export function fetchOneClickProviders(cartId: string, signal: AbortSignal) {
  return request<{ providers: ProviderOption[] }>('/api/payments/providers/one-click/', {
    query: { cart_id: cartId },
    signal,
  });
}

export function startPayment(
  body: PaymentRequest,
  idempotencyKey: string,
): Promise<RequestResult<PaymentAction>> {
  return request<PaymentAction>('/api/payments/', {
    method: 'POST',
    body,
    headers: { 'idempotency-key': idempotencyKey },
  });
}
