/** The browser's calls to the cart and tax endpoints, and what their errors mean to a shopper. */
import {
  BACKEND_CODES,
  type CartInput,
  type CartPatch,
  type CartView,
  COUPON_REFUSALS,
  type CouponRefusal,
  type Currency,
} from '@checkout/core';
import { request, type RequestResult } from '../../lib/http';
import type { RequestError } from '../../lib/request-error';

export function createCart(input: CartInput): Promise<RequestResult<CartView>> {
  return request<CartView>('/api/carts/', { method: 'POST', body: input });
}

export function updateCart(id: string, patch: CartPatch): Promise<RequestResult<CartView>> {
  return request<CartView>(`/api/carts/${id}/`, { method: 'PATCH', body: patch });
}

export interface TaxQuoteAnswer {
  region: string | null;
  inclusive: boolean;
  lines: CartView['tax']['lines'];
  taxMinor: number;
  totalMinor: number;
  effectiveDate: string;
}

export function fetchTaxQuote(
  address: { country: string; region: string | undefined },
  currency: Currency,
  amountMinor: number,
  signal: AbortSignal,
): Promise<RequestResult<TaxQuoteAnswer>> {
  return request<TaxQuoteAnswer>('/api/payments/taxes/', {
    query: { country: address.country, region: address.region, currency, amount: amountMinor },
    signal,
  });
}

interface ErrorBody {
  error?: { code?: unknown; reason?: unknown; issues?: { path?: string; message?: string }[] };
}

/** What went wrong with a cart change, in the terms the sections show. */
export type CartFailure =
  | { kind: 'email'; problem: 'invalid' | 'blacklisted' }
  | { kind: 'coupon'; reason: CouponRefusal | 'network' }
  | { kind: 'postalCode' }
  | { kind: 'locked' }
  | { kind: 'other' };

export function cartFailure(error: RequestError): CartFailure {
  const body = error.data as ErrorBody | null;
  const code = body?.error?.code;
  const issue = body?.error?.issues?.[0];
  if (error.isNetworkError) return { kind: 'other' };
  if (code === BACKEND_CODES.invalidEmail) return { kind: 'email', problem: 'invalid' };
  if (code === BACKEND_CODES.blacklistedEmailDomain)
    return { kind: 'email', problem: 'blacklisted' };
  if (code === BACKEND_CODES.cartModificationForbidden) return { kind: 'locked' };
  if (code === BACKEND_CODES.couponNotAvailable) {
    const reason = COUPON_REFUSALS.find((known) => known === body?.error?.reason);
    return { kind: 'coupon', reason: reason ?? 'invalid' };
  }
  if (issue?.path === 'postalCode') return { kind: 'postalCode' };
  return { kind: 'other' };
}
