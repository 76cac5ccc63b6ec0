/** Carts: what a shopper is about to buy, addressed by id (the checkout's `cart_id`) and reached by its owner only. */
import type { Currency } from '@checkout/core';
import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const carts = pgTable('carts', {
  id: uuid('id').primaryKey().defaultRandom(),
  status: text('status', { enum: ['open', 'payment_started', 'completed'] })
    .notNull()
    .default('open'),
  mainPlan: text('main_plan').notNull(),
  crossSellPlan: text('cross_sell_plan'),
  couponCode: text('coupon_code'),
  email: text('email'),
  currency: text('currency').$type<Currency>().notNull(),
  country: text('country').notNull(),
  region: text('region'),
  postalCode: text('postal_code'),
  /** The checkout's language when the cart was made: receipts and invoices are written in it. */
  locale: text('locale'),
  /** Keyed hash of the creating browser's binding cookie; null for carts made before binding. */
  ownerHash: text('owner_hash'),
  /** The account of the shopper who created or used the cart while logged in. */
  accountId: text('account_id'),
  /** An upgrade cart: the account's subscription that its paid order replaces. */
  upgradeFrom: uuid('upgrade_from'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Coupons limited to one use per e-mail address, keyed by the address's mailbox (core's
 * mailboxOf): held by the cart whose payment started with the coupon (redeemed_at null; cart_id
 * null again once that order is given up), redeemed when its order is paid
 * (coupon-redemptions.ts).
 */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    couponCode: text('coupon_code').notNull(),
    mailbox: text('mailbox').notNull(),
    cartId: uuid('cart_id'),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.couponCode, t.mailbox] }),
    index('coupon_redemptions_held')
      .on(t.cartId)
      .where(sql`${t.redeemedAt} is null`),
  ],
);
