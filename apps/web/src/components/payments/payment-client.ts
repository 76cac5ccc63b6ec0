/** The browser's payment calls: provider lists for the cart and starting a payment. */
import type { MethodGroup, PaymentAction, PaymentRequest } from '@checkout/core';
import { request, type RequestResult } from '../../lib/http';

export interface ProviderOption {
  id: string;
  action: string;
  form: string;
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
  cartId: string,
  provider: string,
  idempotencyKey: string,
  returnPath: PaymentRequest['returnPath'],
): Promise<RequestResult<PaymentAction>> {
  return request<PaymentAction>('/api/payments/', {
    method: 'POST',
    body: { cartId, provider, returnPath },
    headers: { 'idempotency-key': idempotencyKey },
  });
}
