/**
 * Coupons limited to one use per e-mail address, as SQL for the statements that start a payment
 * and move its order, keyed by the address's mailbox (core's mailboxOf), so `name+tag@` and the
 * dots of a Gmail address are one address.
 *
 * The database refuses a second use, in two places. A payment that starts with such a coupon
 * holds its row (payments/service.ts): a second cart of the mailbox is refused (2012) before
 * anything is charged, and ten carts paying at once get one hold. A failed or canceled order
 * lets go of it; a paid one redeems it. A payment reported taken after its order was given up,
 * once the coupon went to another order of the mailbox, cannot redeem it: the key refuses the
 * move to paid and the order is refunded in full (orders/transitions.ts), as a second payment of
 * one cart is. So the discount is never given twice, and no payment taken goes unrecorded.
 */
import { mailboxOf } from '@checkout/core';
import { sql, type SQL } from 'drizzle-orm';
import type { Catalog } from '../catalog/catalog';

/** The key a second redemption breaks. */
export const COUPON_REDEEMED_ONCE = 'coupon_redemptions_coupon_code_mailbox_pk';

/** A coupon an order uses, and whether it is once per address. */
export interface CouponUse {
  code: string;
  mailbox: string;
  oncePerEmail: boolean;
}

export function couponUse(catalog: Catalog, code: string, email: string): CouponUse {
  const oncePerEmail = catalog.snapshot().coupons.get(code)?.oncePerEmail === true;
  return { code, mailbox: mailboxOf(email), oncePerEmail };
}

/**
 * Holds the coupon for `cartId` unless another cart holds it or it was redeemed; returns the
 * row when this cart holds it. Concurrent holds queue on the key.
 */
export function holdCouponSql(use: CouponUse, cartId: string): SQL {
  return sql`insert into coupon_redemptions (coupon_code, mailbox, cart_id)
      values (${use.code}, ${use.mailbox}, ${cartId})
      on conflict (coupon_code, mailbox) do update set cart_id = excluded.cart_id
      where coupon_redemptions.redeemed_at is null
        and (coupon_redemptions.cart_id is null or coupon_redemptions.cart_id = excluded.cart_id)
      returning cart_id`;
}

/**
 * Redeems the coupon once per row of `source` (the order really was paid): the hold of the
 * order's cart, or a free row. A row another cart holds or redeemed makes the insert break
 * COUPON_REDEEMED_ONCE; a coupon for everyone is only recorded.
 */
export function redeemCouponSql(use: CouponUse, source: SQL): [string, SQL][] {
  const insert = sql`insert into coupon_redemptions (coupon_code, mailbox, cart_id, redeemed_at)
      select ${use.code}, ${use.mailbox}, ${source}.cart_id, now() from ${source}`;
  if (!use.oncePerEmail) return [['coupon', sql`${insert} on conflict do nothing`]];
  return [
    [
      'coupon_held',
      sql`update coupon_redemptions set redeemed_at = now(), cart_id = ${source}.cart_id
      from ${source}
      where coupon_code = ${use.code} and mailbox = ${use.mailbox} and redeemed_at is null
        and (coupon_redemptions.cart_id is null or coupon_redemptions.cart_id = ${source}.cart_id)
      returning coupon_code`,
    ],
    ['coupon', sql`${insert} where not exists (select 1 from coupon_held)`],
  ];
}

/** Lets go of the coupon the cart of each row of `source` holds (its order failed or was canceled). */
export function releaseCouponSql(source: SQL): SQL {
  return sql`update coupon_redemptions set cart_id = null from ${source}
      where coupon_redemptions.cart_id = ${source}.cart_id and coupon_redemptions.redeemed_at is null`;
}
