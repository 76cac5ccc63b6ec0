/** Checkout.com: payment `status` values. */
import { providerFamily } from './family';

export const checkoutCom = providerFamily({
  family: 'checkout_com',
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
