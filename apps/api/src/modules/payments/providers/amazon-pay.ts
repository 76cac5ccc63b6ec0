/** Amazon Pay: charge `statusDetails.state` values. */
import { providerFamily } from './family';

export const amazonPay = providerFamily({
  family: 'amazon_pay',
  // Our order status for each status the provider can report.
  statuses: {
    Captured: 'paid',
    Authorized: 'pending',
    AuthorizationInitiated: 'pending',
    Declined: 'error',
    Canceled: 'canceled',
  },
});
