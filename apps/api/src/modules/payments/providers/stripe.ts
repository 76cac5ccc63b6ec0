/** Stripe: PaymentIntent `status` values. */
import { providerFamily } from './family';

export const stripe = providerFamily({
  family: 'stripe',
  // What the provider reports for each sandbox outcome.
  reports: {
    success: 'succeeded',
    declined: 'requires_payment_method',
    insufficient_funds: 'requires_payment_method',
    expired_card: 'requires_payment_method',
    error: 'requires_payment_method',
    pending: 'processing',
    canceled: 'canceled',
  },
  // Our order status for each status the provider can report.
  statuses: {
    succeeded: 'paid',
    processing: 'pending',
    requires_payment_method: 'error',
    canceled: 'canceled',
  },
});
