/** Hosted-page providers (Alipay, DOKU, EBANX, GoCardless, LINE Pay, Paddle, PayPay, P24, ProcessOut, in-house): their `status` values. */
import { providerFamily } from './family';

export const hosted = providerFamily({
  family: 'hosted',
  // What the provider reports for each sandbox outcome.
  reports: {
    success: 'SUCCESS',
    declined: 'FAILED',
    insufficient_funds: 'FAILED',
    expired_card: 'FAILED',
    error: 'FAILED',
    pending: 'PENDING',
    canceled: 'CANCELLED',
  },
  // Our order status for each status the provider can report.
  statuses: {
    SUCCESS: 'paid',
    PENDING: 'pending',
    FAILED: 'error',
    CANCELLED: 'canceled',
  },
});
