/**
 * One interface for every payment provider. An adapter starts a payment and maps the provider's
 * own outcome onto our order status; a real provider implements this beside the sandbox.
 */
import type { Currency, OrderStatus, PaymentAction, ProviderSpec } from '@checkout/core';

export interface NewPayment {
  paymentId: string;
  orderId: string;
  provider: ProviderSpec;
  amountMinor: number;
  currency: Currency;
  returnPath: string;
}

export interface PaymentAdapter {
  createPayment(payment: NewPayment): Promise<PaymentAction>;
  /** The order status a provider-reported outcome means. */
  statusFor(outcome: string): OrderStatus | undefined;
}
