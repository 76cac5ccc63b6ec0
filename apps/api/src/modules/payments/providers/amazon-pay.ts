/** Amazon Pay: charge `statusDetails.state` values. */
import { providerFamily } from './family';

export const amazonPay = providerFamily({
  family: 'amazon_pay',
  // What the provider reports for each sandbox outcome.
  reports: {
    success: 'Captured',
    declined: 'Declined',
    insufficient_funds: 'Declined',
    expired_card: 'Declined',
    error: 'Declined',
    pending: 'AuthorizationInitiated',
    canceled: 'Canceled',
  },
  // Our order status for each status the provider can report.
  statuses: {
    Captured: 'paid',
    Authorized: 'pending',
    AuthorizationInitiated: 'pending',
    Declined: 'error',
    Canceled: 'canceled',
  },
});
