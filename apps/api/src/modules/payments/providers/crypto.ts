/** CoinGate and CoinPayments: invoice status values (confirmations arrive later). */
import { providerFamily } from './family';

export const crypto = providerFamily({
  family: 'crypto',
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
