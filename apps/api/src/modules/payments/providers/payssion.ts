/** Payssion: notification `state` values. */
import { providerFamily } from './family';

export const payssion = providerFamily({
  family: 'payssion',
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
