/** Adyen: `resultCode` / notification `eventCode` values. */
import { providerFamily } from './family';

export const adyen = providerFamily({
  family: 'adyen',
  // What the provider reports for each sandbox outcome.
  reports: {
    success: 'Authorised',
    declined: 'Refused',
    insufficient_funds: 'Refused',
    expired_card: 'Refused',
    error: 'Error',
    pending: 'Pending',
    canceled: 'Cancelled',
  },
  // Our order status for each status the provider can report.
  statuses: {
    Authorised: 'paid',
    Refused: 'error',
    Error: 'error',
    Pending: 'pending',
    Received: 'pending',
    Cancelled: 'canceled',
  },
});
