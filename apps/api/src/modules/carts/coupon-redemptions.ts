/** Coupons limited to one use per e-mail address: redeemed when the order that used one is paid. */
import { sql, type SQL } from 'drizzle-orm';

/** Redeems `coupon` for `email` once per row of `source` (the order really was paid). */
export function redeemCouponSql(coupon: string, email: string, source: SQL): SQL {
  return sql`insert into coupon_redemptions (coupon_code, email) select ${coupon}, ${email}
      from ${source} on conflict do nothing`;
}
