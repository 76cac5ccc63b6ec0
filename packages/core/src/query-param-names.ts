/**
 * The names of the query parameters the checkout reads (spec §2), the on/off convention and the
 * lists the browser needs. Free of zod on purpose: the login rules and the address clean-up import
 * these in every page's first load; the rules for the values live in the web app (apps/web/src/rules/query-params.ts).
 */
export const QUERY_PARAMS = {
  cartId: 'cart_id',
  confirmEmail: 'confirm_email',
  productGroup: 'product_group',
  product: 'product',
  productPeriod: 'product_period',
  productSubgroup: 'product_subgroup',
  productFilters: 'product_filters',
  productCrossSell: 'product_xs',
  coupon: 'coupon',
  currency: 'currency',
  provider: 'provider',
  paymentProvider: 'payment_provider',
  error: 'error',
  hideError: 'hide_error',
  persistCountdown: 'persist_countdown',
  qa: 'qa',
  featureFlags: 'ff',
  bundleType: 'bundle_type',
  forceLogin: 'force_login',
  existingUser: 'existing_user',
  exchangeToken: 'exchange_token',
  trustedPassToken: 'trusted_pass_token',
  ownerId: 'owner_id',
  origin: 'nord_origin',
  redirectUri: 'redirect_uri',
  successUri: 'success_uri',
  successAlert: 'success_alert',
  loginTarget: 'login_target',
  descriptor: 'descriptor',
  packageIdentifier: 'package_identifier',
  experimentPackageIdentifier: 'exp_package_identifier',
  code: 'code',
  state: 'state',
  paymentStep: 'payment_step',
  focus: 'focus',
  planUpgraded: 'plan_upgraded',
  services: 'services',
  purchaseFunnel: 'purchase_funnel',
  mainMerchant: 'main_merchant',
  amazonCheckoutSessionId: 'amazonCheckoutSessionId',
  identifier: 'identifier',
  priceIds: 'price_ids',
  servicePriceIds: 'service_price_ids',
  paymentStatus: 'payment_status',
  locale: 'locale',
} as const;

export type QueryParamName = (typeof QUERY_PARAMS)[keyof typeof QUERY_PARAMS];

export const FLAG_ON = '1';
export const FLAG_OFF = '0';

/** Reads an on/off parameter: '1' is on, anything else (including absent) is off. */
export function isFlagOn(value: string | null | undefined): boolean {
  return value === FLAG_ON;
}

export function toFlag(on: boolean): typeof FLAG_ON | typeof FLAG_OFF {
  return on ? FLAG_ON : FLAG_OFF;
}

/**
 * Parameters given to the payment page that speak about the end of the purchase: they travel
 * with the shopper through the provider's pages to /success/ or /pending/, where they are read.
 */
export const FLOW_CARRIED_PARAMS = [
  'success_uri',
  'success_alert',
  'plan_upgraded',
  'purchase_funnel',
  'services',
  'redirect_uri',
] as const satisfies readonly QueryParamName[];

/** Parameters that must never stay in the address bar or reach analytics. */
export const SENSITIVE_PARAMS = [
  'trusted_pass_token',
  'code',
  'state',
  'exchange_token',
  'email',
] as const;

/**
 * Tracking parameters read from storage and appended to outgoing URLs (nv_tri, nv_trs), and
 * nord_origin, the site that sent the shopper, which travels the same way.
 */
export const TRACKING_PARAMS = ['nv_tri', 'nv_trs', 'nord_origin'] as const;
