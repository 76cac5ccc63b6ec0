/** Stripe: PaymentIntent `status` values. */
import { providerFamily } from './family';

export const stripe = providerFamily({
  family: 'stripe',
  // Our order status for each status the provider can report.
  statuses: {
    succeeded: 'paid',
    processing: 'pending',
    requires_payment_method: 'error',
    canceled: 'canceled',
  },
});
