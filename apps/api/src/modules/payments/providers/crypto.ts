/** CoinGate and CoinPayments: invoice status values (confirmations arrive later). */
import { providerFamily } from './family';

export const crypto = providerFamily({
  family: 'crypto',
  // What the provider reports for each sandbox outcome.
  reports: {
    success: 'paid',
    declined: 'invalid',
    insufficient_funds: 'invalid',
    expired_card: 'expired',
    error: 'invalid',
    pending: 'confirming',
    canceled: 'canceled',
  },
  // Our order status for each status the provider can report.
  statuses: {
    paid: 'paid',
    confirming: 'pending',
    pending: 'pending',
    invalid: 'error',
    expired: 'canceled',
    canceled: 'canceled',
  },
});
