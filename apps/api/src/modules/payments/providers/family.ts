/**
 * A provider family's own status vocabulary, mapped onto our order status. Without credentials
 * every family is served by the sandbox gateway, which reports outcomes in the family's words,
 * so each mapping is exercised exactly as the real provider would exercise it.
 */
import type { OrderStatus, ProviderFamily } from '@checkout/core';
import type { SandboxOutcome } from './sandbox-cards';

export interface FamilyStatuses {
  family: ProviderFamily;
  /** The status this provider would report for a sandbox outcome. */
  reports: Readonly<Record<SandboxOutcome, string>>;
  /** The order status a provider-reported outcome means. */
  statusFor: (outcome: string) => OrderStatus | undefined;
}

export function providerFamily(spec: {
  family: ProviderFamily;
  reports: Record<SandboxOutcome, string>;
  statuses: Record<string, OrderStatus>;
}): FamilyStatuses {
  // A Map, not an object lookup: a status word such as `__proto__` or `constructor` must name
  // no status rather than find one on Object.prototype.
  const statuses = new Map(Object.entries(spec.statuses));
  return {
    family: spec.family,
    reports: spec.reports,
    statusFor: (providerStatus) => statuses.get(providerStatus),
  };
}
