/**
 * The one coupon rule, for the cart (which refuses a coupon with its reason) and the pricing
 * (which shows a plan's coupon price only where the cart would accept it).
 */

/**
 * Why a coupon was refused, for the coupon field's message (code 2012). Here, in a module without
 * zod, because the checkout's coupon field checks the api's answer against it in the browser.
 */
export const COUPON_REFUSALS = [
  'invalid',
  'expired',
  'not_redeemable',
  'better_deal_available',
  'already_used',
] as const;
export type CouponRefusal = (typeof COUPON_REFUSALS)[number];

/** What the rule needs of a coupon. */
export interface CouponTerms {
  validFrom: Date;
  validUntil: Date;
  /** Once per e-mail address: an address that redeemed it may not use it again. */
  oncePerEmail: boolean;
}

/**
 * Why `coupon` does not apply to a plan, or undefined when it does: it must exist and be live at
 * `now` (both ends included; past its end it has expired), have a price for the plan, lower the plan's price, and not have
 * been used before by the address when it is once per address.
 */
export function couponRefusal(
  coupon: CouponTerms | undefined,
  plan: { regularMinor: number; discountedMinor: number | undefined },
  now: Date,
  usedBefore = false,
): CouponRefusal | undefined {
  if (!coupon || now < coupon.validFrom) return 'invalid';
  // A code that once worked is told apart: the shopper may have kept an old offer.
  if (now > coupon.validUntil) return 'expired';
  if (plan.discountedMinor === undefined) return 'not_redeemable';
  if (plan.discountedMinor >= plan.regularMinor) return 'better_deal_available';
  if (coupon.oncePerEmail && usedBefore) return 'already_used';
  return undefined;
}
