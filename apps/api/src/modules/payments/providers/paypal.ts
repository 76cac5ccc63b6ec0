/** PayPal: order / capture `status` values. */
import { providerFamily } from './family';

export const paypal = providerFamily({
  family: 'paypal',
  // What the provider reports for each sandbox outcome.
  reports: {
    success: 'COMPLETED',
    declined: 'DECLINED',
    insufficient_funds: 'DECLINED',
    expired_card: 'DECLINED',
    error: 'FAILED',
    pending: 'PENDING',
    canceled: 'VOIDED',
  },
  // Our order status for each status the provider can report.
  statuses: {
    COMPLETED: 'paid',
    PENDING: 'pending',
    DECLINED: 'error',
    FAILED: 'error',
    VOIDED: 'canceled',
  },
});
