/**
 * PayPal's side of our payments: its order and capture per payment and its last word, and the
 * reversals and disputes it reported. Keyed by our payment id, without reaching into payments'.
 */
import { bigint, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** One row per payment PayPal holds an order for. */
export const paypalPayments = pgTable('paypal_payments', {
  /** Our payment id (the order's `custom_id` and `invoice_id`). */
  paymentId: uuid('payment_id').primaryKey(),
  /** PayPal's order id: the `token` its approval page hands back. */
  paypalOrderId: text('paypal_order_id').notNull().unique(),
  captureId: text('capture_id'),
  /** PayPal's last word: the order's status, then the capture's (COMPLETED, PENDING…). */
  status: text('status').notNull(),
  /** Why a capture is PENDING or DECLINED, for operators; never shown raw to shoppers. */
  statusReason: text('status_reason'),
  /** Where the redirect flow sends the shopper back (a processing page of the checkout). */
  returnPath: text('return_path').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Reversals and disputes PayPal reported, and what the checkout decided. */
export const paypalDisputes = pgTable('paypal_disputes', {
  /** PayPal's webhook event id: one row per reported event. */
  eventId: text('event_id').primaryKey(),
  paymentId: uuid('payment_id').notNull(),
  eventType: text('event_type').notNull(),
  reason: text('reason'),
  amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
  currency: text('currency').notNull(),
  decision: text('decision').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
