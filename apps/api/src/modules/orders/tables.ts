/** Orders and the events that moved them. */
import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ORDER_STATUSES, type CartView, type Currency } from '@checkout/core';

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey(),
    cartId: uuid('cart_id').notNull(),
    status: text('status', { enum: ORDER_STATUSES }).notNull(),
    email: text('email').notNull(),
    currency: text('currency').$type<Currency>().notNull(),
    country: text('country').notNull(),
    totalMinor: bigint('total_minor', { mode: 'number' }).notNull(),
    taxMinor: bigint('tax_minor', { mode: 'number' }).notNull(),
    /** The cart's lines and totals as they were when the order was placed. */
    snapshot: jsonb('snapshot').$type<CartView>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** When an expiry sweep took this order on; another node leaves it alone for a while. */
    expiryClaimedAt: timestamp('expiry_claimed_at', { withTimezone: true }),
    /** A renewal order: the subscription it renews (no cart of its own behind it). */
    subscriptionId: uuid('subscription_id'),
  },
  (table) => [
    // A cart is paid by one order at most: a second capture is refunded, never kept.
    uniqueIndex('orders_one_paid_per_cart')
      .on(table.cartId)
      .where(sql`${table.status} = 'paid'`),
    // A new attempt on a cart finds the cart's earlier orders, whatever their status (0042).
    index('orders_by_cart').on(table.cartId),
    // A subscription is replaced by one paid upgrade order at most (migration 0018).
    uniqueIndex('orders_one_paid_per_upgrade')
      .on(sql`(${table.snapshot} #>> '{upgrade,subscriptionId}')`)
      .where(sql`${table.status} = 'paid'`),
    index('orders_waiting_since')
      .on(table.updatedAt)
      .where(sql`${table.status} in ('new', 'refund_due')`),
    // The console's order search, newest first under each filter (migration 0031).
    index('orders_newest').on(table.createdAt.desc(), table.id.desc()),
    index('orders_by_email_newest').on(table.email, table.createdAt.desc()),
    index('orders_by_status_newest').on(table.status, table.createdAt.desc()),
    index('orders_by_country_newest').on(table.country, table.createdAt.desc()),
  ],
);

export const orderEvents = pgTable(
  'order_events',
  {
    id: serial('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    fromStatus: text('from_status').notNull(),
    toStatus: text('to_status').notNull(),
    /**
     * What moved the order: the browser's return, a provider webhook, a status poll, the
     * provider's answer to our call, the expiry of an abandoned order, a refund, or the customer
     * asking for one (paid → refund_due).
     */
    source: text('source', {
      enum: [
        'browser',
        'webhook',
        'poll',
        'authorization',
        'expiry',
        'refund',
        'customer',
        'staff',
      ],
    }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('order_events_by_order').on(table.orderId, table.id)],
);
