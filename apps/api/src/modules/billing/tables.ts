/**
 * Billing's tables: invoices and credit notes, their number counters, the mail outbox, and how
 * far the sweep has checked the orders' moves.
 */
import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { orders } from '../orders/tables';
import { DOCUMENT_KINDS } from './document-kinds';
import type { InvoiceDocument } from './invoice-document';

/**
 * The last number given per merchant, kind and year. Taken under its row lock in the same
 * transaction as the invoice it numbers, so a rolled-back invoice gives its number back and the
 * series has no gap (tax authorities ask for that).
 */
export const invoiceCounters = pgTable(
  'invoice_counters',
  {
    merchantId: text('merchant_id').notNull(),
    kind: text('kind', { enum: DOCUMENT_KINDS }).notNull(),
    year: integer('year').notNull(),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.kind, t.year] })],
);

/**
 * An issued invoice or credit note: one per order, kind and selling merchant, and a credit note
 * per refund of a part (`refundId`) besides. Never edited.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    kind: text('kind', { enum: DOCUMENT_KINDS }).notNull(),
    merchantId: text('merchant_id').notNull(),
    year: integer('year').notNull(),
    number: integer('number').notNull(),
    /** As printed, e.g. AEGIS_VPN-2026-000042 (credit notes: …-CN-…). */
    numberText: text('number_text').notNull(),
    /** The buyer's normalised address: the dashboard lists an account's documents by it. */
    email: text('email').notNull(),
    locale: text('locale').notNull(),
    /** Everything printed, frozen at issue: a catalog edit never changes an issued invoice. */
    document: jsonb('document').$type<InvoiceDocument>().notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    /** The refund (payments' request id) a credit note of a part credits; null otherwise. */
    refundId: uuid('refund_id'),
  },
  (t) => [
    uniqueIndex('invoices_one_per_order')
      .on(t.orderId, t.kind, t.merchantId)
      .where(sql`${t.refundId} is null`),
    uniqueIndex('invoices_one_per_refund')
      .on(t.refundId, t.merchantId)
      .where(sql`${t.refundId} is not null`),
    uniqueIndex('invoices_number').on(t.merchantId, t.kind, t.year, t.number),
    index('invoices_by_email').on(t.email, t.issuedAt),
    // Every document of an order, refunds' included: the partial index above cannot serve it.
    index('invoices_by_order').on(t.orderId),
  ],
);

/**
 * Mail still to send: a row per order and kind, and one per refund of a part, written with the
 * documents it carries.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    kind: text('kind', { enum: ['receipt', 'credit_note'] }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** Not before: a failed send waits longer each time. */
    dueAt: timestamp('due_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The refund whose credit note it carries (see invoices.refundId). */
    refundId: uuid('refund_id'),
  },
  (t) => [
    uniqueIndex('mail_outbox_one_per_order')
      .on(t.orderId, t.kind)
      .where(sql`${t.refundId} is null`),
    uniqueIndex('mail_outbox_one_per_refund')
      .on(t.refundId)
      .where(sql`${t.refundId} is not null`),
    index('mail_outbox_by_order').on(t.orderId),
    // Claimed per kind: a credit note never waits behind a queue of receipts (send-due.ts).
    index('mail_outbox_due')
      .on(t.kind, t.dueAt)
      .where(sql`${t.sentAt} is null`),
  ],
);

/**
 * One row: every move of an order to paid or refunded up to this order_events id has its
 * documents (or needs none). The sweep reads only the moves after it (issue.ts).
 */
export const billingSweepMark = pgTable('billing_sweep_mark', {
  id: integer('id').primaryKey(),
  checkedThrough: integer('checked_through').notNull(),
});
