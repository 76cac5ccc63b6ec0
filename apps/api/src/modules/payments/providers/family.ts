/**
 * A provider family's own status vocabulary, mapped onto our order status: what an adapter of
 * that family reads its provider's words with (its notifications and its answers when asked).
 */
import type { OrderStatus, ProviderFamily } from '@checkout/core';

export interface FamilyStatuses {
  family: ProviderFamily;
  /** The order status a provider-reported status word means; undefined for a word it never says. */
  statusFor: (providerStatus: string) => OrderStatus | undefined;
}

export function providerFamily(spec: {
  family: ProviderFamily;
  statuses: Record<string, OrderStatus>;
}): FamilyStatuses {
  // A Map, not an object lookup: a status word such as `__proto__` or `constructor` must name
  // no status rather than find one on Object.prototype.
  const statuses = new Map(Object.entries(spec.statuses));
  return {
    family: spec.family,
    statusFor: (providerStatus) => statuses.get(providerStatus),
  };
}
