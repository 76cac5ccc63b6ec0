/**
 * The payment page's return parameters (success_uri, plan_upgraded, …) kept for this tab, so the
 * success or pending page a provider's round trip ends on still reads them.
 */
import { FLOW_CARRIED_PARAMS, STORAGE_KEYS } from '@checkout/core';
import { readStored, writeStored } from './browser-storage';

/** Longest value kept: the longest any of these parameters' rules accepts (a return address). */
const MAX_VALUE = 2048;

/**
 * The return parameters of `params`, as given. Their rules (zod, kept out of the browser's first
 * load) are applied where they are read: /success/ and /pending/ read them with readQueryParam
 * on the server, and the address clean-up removes a malformed one.
 */
function validFlowParams(params: URLSearchParams): Record<string, string> {
  const valid: Record<string, string> = {};
  for (const name of FLOW_CARRIED_PARAMS) {
    const raw = params.get(name);
    if (raw !== null && raw.length <= MAX_VALUE) valid[name] = raw;
  }
  return valid;
}

/** Keeps the payment page's return parameters (replacing earlier ones). */
export function rememberFlowParams(params: URLSearchParams): void {
  writeStored('session', STORAGE_KEYS.checkoutReturn, JSON.stringify(validFlowParams(params)));
}

/** The kept return parameters, each checked again (storage is the shopper's to edit). */
export function flowParams(): Record<string, string> {
  try {
    const stored: unknown = JSON.parse(readStored('session', STORAGE_KEYS.checkoutReturn) ?? '{}');
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(stored as Record<string, unknown>)) {
      if (typeof value === 'string') params.set(name, value);
    }
    return validFlowParams(params);
  } catch {
    return {};
  }
}
