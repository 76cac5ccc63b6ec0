/**
 * Browser storage keys of spec §3, in one place so every reader and writer agrees. Local storage
 * outlives the visit; session storage ends with the tab.
 */
export const STORAGE_KEYS = {
  /** local: the language the shopper last chose in the footer. */
  locale: 'locale',
  /** session: this visit's tracking values (nv_tri, nv_trs, nord_origin), added to outgoing links. */
  currentSession: 'current_session',
  /** local: the VPN affiliate's tracking id (nv_tri of a VPN visit); outlives the session. */
  vpnAffiliate: 'vpn_affiliate',
  /** session: the referral's visit identifier (nv_trs) of this visit. */
  referralVisitId: 'referral_visit_id',
  /** local: 'returning' once this browser has completed a purchase, else unset (a new buyer). */
  buyerType: 'buyer_type',
  /**
   * session: the payment page's return parameters (FLOW_CARRIED_PARAMS), carried through the
   * provider's pages to /success/ and /pending/.
   */
  checkoutReturn: 'checkout_return',
  /** session: the feature flags the last page was rendered with, for client-side readers. */
  featureFlags: 'feature_flags',
} as const;

/**
 * Cookies of spec §3 kept by the api (auth token, auth attempt, verifier, state) and the
 * experiment and attribution ones are named where they are set, not here.
 */
export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/** local: the coupon last applied for a product, offered again on its next visit. */
export function couponStorageKey(product: string): string {
  return `coupon_${product}`;
}

/** local: a product's countdown end time, so each product keeps its own offer. */
export function countdownStorageKey(product: string): string {
  return `countdown_${product}`;
}

export const BUYER_TYPES = ['new', 'returning'] as const;
export type BuyerType = (typeof BUYER_TYPES)[number];

/** Cookie with runtime settings for development and QA (spec §3); ignored in production. */
export const DEV_SETTINGS_COOKIE = 'runtime_dev_settings';
