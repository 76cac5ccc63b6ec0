/**
 * Adyen's side of our payments: its reference and last word, and the chargebacks it reported.
 * Keyed by our payment id, as the sandbox gateway's tables are, without reaching into payments'.
 */
import { bigint, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** One row per payment Adyen answered: what modifications and refreshes need. */
export const adyenPayments = pgTable('adyen_payments', {
  /** Our payment id (Adyen's `reference`). */
  paymentId: uuid('payment_id').primaryKey(),
  pspReference: text('psp_reference'),
  /** Adyen's last resultCode, or the event that settled it (AUTHORISATION, CAPTURE…). */
  resultCode: text('result_code').notNull(),
  /** Adyen's refusal reason of a declined payment, for operators; never shown raw to shoppers. */
  refusalReason: text('refusal_reason'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Chargebacks and failed refunds Adyen reported, and what the checkout decided. */
export const adyenDisputes = pgTable('adyen_disputes', {
  /** The event's own pspReference: one row per reported event. */
  pspReference: text('psp_reference').primaryKey(),
  paymentId: uuid('payment_id').notNull(),
  eventCode: text('event_code').notNull(),
  reason: text('reason'),
  amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
  currency: text('currency').notNull(),
  decision: text('decision').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
