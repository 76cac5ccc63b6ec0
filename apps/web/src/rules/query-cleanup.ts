/** Which query parameters each page drops from the address (spec §4), and tracking parameters. */
import { SENSITIVE_PARAMS, TRACKING_PARAMS } from '@checkout/core';

export type PageKind = 'payment' | 'success' | 'other';

/**
 * The address the server rendered and the parameters its rules refused there: its query without
 * the sensitive parameters (sensitiveFree), which the page's data never repeats.
 */
export interface CheckedAddress {
  query: string;
  malformed: string[];
}

/** A query without the sensitive parameters (tokens, codes), to compare two addresses by. */
export function sensitiveFree(params: URLSearchParams): string {
  const kept = new URLSearchParams(params);
  for (const name of SENSITIVE_PARAMS) kept.delete(name);
  return kept.toString();
}

export interface CleanupContext {
  page: PageKind;
  /** The page kind the shopper came from, when this is a client-side navigation. */
  previousPage?: PageKind | undefined;
  /** True when the route (path) changed since `error` was put in the address. */
  routeChanged?: boolean;
  /**
   * The parameters present with a value their rule refuses (query-params.ts' malformedParams):
   * given by the caller, which decides where the rules' schemas run.
   */
  malformed: readonly string[];
}

const SUCCESS_REMOVES = [
  'provider',
  'currency',
  'error',
  'hide_error',
  'product',
  'product_period',
  'coupon',
  'amazonCheckoutSessionId',
];

/** Names of the parameters to remove from `params` on this page. */
export function paramsToRemove(params: URLSearchParams, context: CleanupContext): string[] {
  // A malformed value is ignored wherever it is read; it leaves the address too.
  const remove = new Set<string>(['qa', ...context.malformed]);
  if (context.page === 'payment' && params.has('cart_id')) {
    remove.add('product');
    remove.add('persist_countdown');
  }
  if (context.page === 'success') {
    for (const name of SUCCESS_REMOVES) remove.add(name);
    if (context.previousPage !== undefined && context.previousPage !== 'success') {
      remove.add('cart_id');
      remove.add('confirm_email');
    }
  }
  if (context.page === 'other') {
    remove.add('error');
    remove.add('hide_error');
  }
  if (!params.has('error')) remove.add('hide_error');
  if (context.routeChanged) remove.add('error');
  return [...remove].filter((name) => params.has(name));
}

export function cleanQuery(params: URLSearchParams, context: CleanupContext): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of paramsToRemove(params, context)) next.delete(name);
  return next;
}

/** Adds stored nv_tri / nv_trs values to an outgoing URL unless it already carries them. */
export function withTracking(
  url: string,
  stored: Partial<Record<(typeof TRACKING_PARAMS)[number], string>>,
): string {
  const target = new URL(url, 'http://relative.invalid');
  for (const name of TRACKING_PARAMS) {
    const value = stored[name];
    if (value && !target.searchParams.has(name)) target.searchParams.set(name, value);
  }
  return url.startsWith('http')
    ? target.toString()
    : `${target.pathname}${target.search}${target.hash}`;
}
