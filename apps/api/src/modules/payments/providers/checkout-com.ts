/** Checkout.com: payment `status` values. */
import { providerFamily } from './family';

export const checkoutCom = providerFamily({
  family: 'checkout_com',
  // What the provider reports for each sandbox outcome.
  reports: {
    success: 'Captured',
    declined: 'Declined',
    insufficient_funds: 'Declined',
    expired_card: 'Declined',
    error: 'Declined',
    pending: 'Pending',
    canceled: 'Canceled',
  },
  // Our order status for each status the provider can report.
  statuses: {
    Captured: 'paid',
    Authorized: 'pending',
    Pending: 'pending',
    Declined: 'error',
    Canceled: 'canceled',
    Expired: 'canceled',
  },
});
