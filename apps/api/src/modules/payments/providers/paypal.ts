/** PayPal: order / capture `status` values. */
import { providerFamily } from './family';

export const paypal = providerFamily({
  family: 'paypal',
  // Our order status for each status the provider can report.
  statuses: {
    COMPLETED: 'paid',
    PENDING: 'pending',
    DECLINED: 'error',
    FAILED: 'error',
    VOIDED: 'canceled',
  },
});
