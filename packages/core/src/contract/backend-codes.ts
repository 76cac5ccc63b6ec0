/**
 * The spec's numbered backend codes (2009, 2012, 2015, 2029), apart from errors.ts: the browser's
 * cart client chooses its words by them, and errors.ts's tables of every code and its status
 * would come along into the checkout's first load.
 */
export const BACKEND_CODES = {
  invalidEmail: 2009,
  couponNotAvailable: 2012,
  cartModificationForbidden: 2015,
  blacklistedEmailDomain: 2029,
} as const;
