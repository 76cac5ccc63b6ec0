import { describe, expect, it } from 'vitest';
import { couponRefusal, type CouponTerms } from './coupons';

const NOW = new Date('2026-06-15T12:00:00Z');
const live: CouponTerms = {
  validFrom: new Date('2026-01-01T00:00:00Z'),
  validUntil: new Date('2026-12-31T23:59:59Z'),
  oncePerEmail: true,
};

describe('the coupon rule', () => {
  const table: [
    string,
    CouponTerms | undefined,
    number | undefined,
    boolean,
    string | undefined,
  ][] = [
    ['applies a live coupon that lowers the price', live, 4790, false, undefined],
    ['refuses an unknown coupon', undefined, 4790, false, 'invalid'],
    [
      'refuses a coupon not yet valid',
      { ...live, validFrom: new Date('2026-07-01T00:00:00Z') },
      4790,
      false,
      'invalid',
    ],
    [
      'refuses an expired coupon',
      { ...live, validUntil: new Date('2026-06-01T00:00:00Z') },
      4790,
      false,
      'expired',
    ],
    ['refuses a coupon with no price for the plan', live, undefined, false, 'not_redeemable'],
    ['refuses a coupon no cheaper than the plan', live, 5988, false, 'better_deal_available'],
    ['refuses a once-per-address coupon used before', live, 4790, true, 'already_used'],
    [
      'applies a coupon for everyone used before by the address',
      { ...live, oncePerEmail: false },
      4790,
      true,
      undefined,
    ],
  ];
  it.each(table)('%s', (_label, coupon, discountedMinor, usedBefore, expected) => {
    expect(couponRefusal(coupon, { regularMinor: 5988, discountedMinor }, NOW, usedBefore)).toBe(
      expected,
    );
  });

  it('is live on the first and the last moment of its validity', () => {
    const plan = { regularMinor: 5988, discountedMinor: 4790 };
    expect(couponRefusal(live, plan, live.validFrom)).toBeUndefined();
    expect(couponRefusal(live, plan, live.validUntil)).toBeUndefined();
  });
});
