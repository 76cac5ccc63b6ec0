/**
 * Adyen's resultCode, in our words: the order status it means now (undefined while Adyen waits
 * for the shopper) and what the browser does next. Redirects become redirect or redirect_post;
 * a 3-D Secure step, a QR code or an app confirmation becomes a frontend_action that carries
 * Adyen's action for its component.
 */
import type { OrderStatus, PaymentAction } from '@checkout/core';

export interface AdyenResult {
  resultCode?: unknown;
  action?: object | null | undefined;
}

export interface ReadResult {
  action: PaymentAction;
  status: OrderStatus | undefined;
}

const asRecord = (action: object) => action as Record<string, unknown>;

function redirectOf(orderId: string, action: Record<string, unknown>): PaymentAction {
  const url = typeof action.url === 'string' ? action.url : '';
  if (action.method !== 'POST') return { type: 'redirect', orderId, url };
  const data = (action.data ?? {}) as Record<string, unknown>;
  const fields = Object.fromEntries(Object.entries(data).map(([k, v]) => [k, String(v)]));
  return { type: 'redirect_post', orderId, url, fields };
}

/** `returnUrl`: where the browser goes when it cannot run Adyen's component (the processing page). */
export function readResult(result: AdyenResult, orderId: string, returnUrl: string): ReadResult {
  const step = (status: OrderStatus | undefined): ReadResult =>
    result.action
      ? {
          action: {
            type: 'frontend_action',
            orderId,
            url: returnUrl,
            providerAction: asRecord(result.action),
          },
          status,
        }
      : { action: { type: 'done', orderId }, status };
  switch (String(result.resultCode)) {
    case 'Authorised':
      return { action: { type: 'done', orderId }, status: 'paid' };
    case 'Refused':
      return { action: { type: 'error', orderId, reason: 'declined' }, status: 'error' };
    case 'Cancelled':
      return { action: { type: 'error', orderId, reason: 'failed' }, status: 'canceled' };
    case 'Pending':
    case 'Received':
    case 'PresentToShopper':
      return step('pending');
    case 'RedirectShopper':
      return result.action
        ? { action: redirectOf(orderId, asRecord(result.action)), status: undefined }
        : { action: { type: 'error', orderId, reason: 'failed' }, status: 'error' };
    case 'IdentifyShopper':
    case 'ChallengeShopper':
      return step(undefined);
    default:
      // Error, and any code this integration never asks for (partial authorisations).
      return { action: { type: 'error', orderId, reason: 'failed' }, status: 'error' };
  }
}
