/**
 * The parts of the analytics event context (spec §3) the page's address decides: the source
 * (`nord_origin`, the site that sent the shopper, spec §2) and the flow kind (spec §2's payment
 * flow kinds: a `package_identifier` link prices a named package, anything else is a payment;
 * one-click wallets mark their own events `one_click_payment` in the browser).
 */
import type { AnalyticsContext } from '@checkout/core';
import { readQueryParam } from './query-params';

export function analyticsContextOfAddress(
  params: URLSearchParams,
): Pick<AnalyticsContext, 'source_nord_id' | 'flow_type'> {
  return {
    // A malformed value is left out, as everywhere parameters are read.
    source_nord_id: readQueryParam(params, 'nord_origin'),
    flow_type: readQueryParam(params, 'package_identifier') ? 'package_identifier' : 'payment',
  };
}
