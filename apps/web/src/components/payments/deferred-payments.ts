/**
 * The payment methods, the express wallets and the renewal terms, in one chunk fetched when the
 * browser is idle (lazy-payments.tsx).
 */
export { OneClickPayments } from './one-click';
export { PaymentMethods } from './payment-methods';
export { RenewalTerms } from './renewal-terms';
