/** Payssion: notification `state` values. */
import { providerFamily } from './family';

export const payssion = providerFamily({
  family: 'payssion',
  // What the provider reports for each sandbox outcome.
  reports: {
    success: 'completed',
    declined: 'failed',
    insufficient_funds: 'failed',
    expired_card: 'failed',
    error: 'error',
    pending: 'pending',
    canceled: 'cancelled_by_user',
  },
  // Our order status for each status the provider can report.
  statuses: {
    completed: 'paid',
    paid_partial: 'pending',
    pending: 'pending',
    failed: 'error',
    error: 'error',
    cancelled_by_user: 'canceled',
    cancelled: 'canceled',
  },
});
