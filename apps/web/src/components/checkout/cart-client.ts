/** The browser's calls to the cart and tax endpoints, and what their errors mean to a shopper. */
import { BACKEND_CODES, refusalIn, type TaxAnswer } from '@checkout/core/contract';
import {
  type CartInput,
  type CartPatch,
  type CartView,
  COUPON_REFUSALS,
  type CouponRefusal,
  type Currency,
} from '@checkout/core';
import { browserAnswer } from '../../lib/answers';
import { request, type RequestResult } from '../../lib/http';
import type { RequestError } from '../../lib/request-error';

const cartAnswer = browserAnswer((s) => s.cartViewSchema);

export function createCart(input: CartInput): Promise<RequestResult<CartView>> {
  return request('/api/carts/', { answer: cartAnswer, method: 'POST', body: input });
}

export function updateCart(id: string, patch: CartPatch): Promise<RequestResult<CartView>> {
  return request(`/api/carts/${id}/`, { answer: cartAnswer, method: 'PATCH', body: patch });
}

export function fetchTaxQuote(
  address: { country: string; region: string | undefined },
  currency: Currency,
  amountMinor: number,
  signal: AbortSignal,
): Promise<RequestResult<TaxAnswer>> {
  return request('/api/payments/taxes/', {
    answer: browserAnswer((s) => s.taxAnswerSchema),
    query: { country: address.country, region: address.region, currency, amount: amountMinor },
    signal,
  });
}

/** What went wrong with a cart change, in the terms the sections show. */
export type CartFailure =
  | { kind: 'email'; problem: 'invalid' | 'blacklisted' }
  | { kind: 'coupon'; reason: CouponRefusal | 'network' }
  | { kind: 'postalCode' }
  | { kind: 'locked' }
  | { kind: 'other' };

export function cartFailure(error: RequestError): CartFailure {
  const refusal = refusalIn(error.data);
  const code = refusal?.code;
  const issue = refusal?.issues?.[0];
  if (error.isNetworkError) return { kind: 'other' };
  if (code === BACKEND_CODES.invalidEmail) return { kind: 'email', problem: 'invalid' };
  if (code === BACKEND_CODES.blacklistedEmailDomain)
    return { kind: 'email', problem: 'blacklisted' };
  if (code === BACKEND_CODES.cartModificationForbidden) return { kind: 'locked' };
  if (code === BACKEND_CODES.couponNotAvailable) {
    const reason = COUPON_REFUSALS.find((known) => known === refusal?.reason);
    return { kind: 'coupon', reason: reason ?? 'invalid' };
  }
  if (issue?.path === 'postalCode') return { kind: 'postalCode' };
  return { kind: 'other' };
}
