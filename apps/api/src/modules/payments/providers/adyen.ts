/** Adyen: `resultCode` / notification `eventCode` values. */
import { providerFamily } from './family';

export const adyen = providerFamily({
  family: 'adyen',
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
