/**
 * A provider family: its own status vocabulary mapped onto our order status. Without
 * credentials every family is served by the sandbox gateway, which reports outcomes in the
 * family's vocabulary, so the mapping is exercised exactly as a real provider would.
 */
import type { OrderStatus, ProviderFamily } from '@checkout/core';
import type { PaymentAdapter } from './adapter';
import type { SandboxOutcome } from './sandbox-cards';

export interface FamilyAdapter extends PaymentAdapter {
  family: ProviderFamily;
  /** The status this provider would report for a sandbox outcome. */
  reports: Readonly<Record<SandboxOutcome, string>>;
}

export function familyAdapter(spec: {
  family: ProviderFamily;
  reports: Record<SandboxOutcome, string>;
  statuses: Record<string, OrderStatus>;
}): FamilyAdapter {
  return {
    family: spec.family,
    reports: spec.reports,
    createPayment: (payment) => {
      const url = `/api/sandbox/checkout/${payment.paymentId}/?return=${encodeURIComponent(payment.returnPath)}`;
      return Promise.resolve(
        payment.provider.action === 'redirect_post'
          ? {
              type: 'redirect_post',
              orderId: payment.orderId,
              url,
              fields: { reference: payment.paymentId },
            }
          : { type: 'redirect', orderId: payment.orderId, url },
      );
    },
    statusFor: (providerStatus) => spec.statuses[providerStatus],
  };
}
