/** Hosted-page providers (Alipay, DOKU, EBANX, GoCardless, LINE Pay, Paddle, PayPay, P24, ProcessOut, in-house): their `status` values. */
import { providerFamily } from './family';

export const hosted = providerFamily({
  family: 'hosted',
  // Our order status for each status the provider can report.
  statuses: {
    SUCCESS: 'paid',
    PENDING: 'pending',
    FAILED: 'error',
    CANCELLED: 'canceled',
  },
});
