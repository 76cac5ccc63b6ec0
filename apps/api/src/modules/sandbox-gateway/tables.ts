/**
 * The sandbox gateway's own storage: the card tokens its card fields hand out, and the payments
 * it settles later. A real gateway keeps the card number in its vault; the sandbox needs only
 * what a test card chooses (the outcome), so the number and security code are not stored even
 * here.
 */
import type { RenewalOutcome, SandboxOutcome } from './cards';
import { bigint, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const sandboxCardTokens = pgTable('sandbox_card_tokens', {
  token: text('token').primaryKey(),
  brand: text('brand'),
  last4: text('last4').notNull(),
  expiry: text('expiry').notNull(),
  outcome: text('outcome').$type<SandboxOutcome | 'challenge'>().notNull(),
  /** The gateway's keyed hash of the card number (HMAC, its own secret): same card, same value. */
  fingerprint: text('fingerprint'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** Set when a payment redeems the token: a token pays once. */
  usedAt: timestamp('used_at', { withTimezone: true }),
  /** What a merchant-initiated charge of this card answers once it is saved. */
  renewalOutcome: text('renewal_outcome').$type<RenewalOutcome>().notNull().default('success'),
});

/**
 * Cards on file: a card the shopper paid with, kept for merchant-initiated charges (renewals)
 * under a reference of its own; the number is not stored, only what the test card decides.
 */
export const sandboxSavedCards = pgTable('sandbox_saved_cards', {
  method: text('method').primaryKey(),
  brand: text('brand'),
  last4: text('last4').notNull(),
  expiry: text('expiry').notNull(),
  outcome: text('outcome').$type<RenewalOutcome>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Payments the gateway answered "pending" and settles later: what it reports now, what it
 * reports from `settlesAt` on, in the family's own words. Asked when the checkout refreshes a
 * payment whose notification never came.
 */
export const sandboxSettlements = pgTable('sandbox_settlements', {
  paymentId: uuid('payment_id').primaryKey(),
  reported: text('reported').notNull(),
  finalReported: text('final_reported').notNull(),
  settlesAt: timestamp('settles_at', { withTimezone: true }).notNull(),
});

/**
 * What the gateway did to a payment after starting it: voided it (canceled before any answer)
 * or refunded its capture. One row per payment and action, so a repeated call does it once.
 */
export const sandboxLedger = pgTable(
  'sandbox_ledger',
  {
    paymentId: uuid('payment_id').notNull(),
    action: text('action', { enum: ['void', 'refund'] }).notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    /** Which refund of the payment ('' for a void or a whole refund; migration 0030). */
    reference: text('reference').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({
      name: 'sandbox_ledger_pk',
      columns: [table.paymentId, table.action, table.reference],
    }),
  ],
);

/**
 * Every card payment the gateway charged, as a provider's own record of it: what it reports of
 * the payment (none while a 3-D Secure challenge awaits the shopper) and the card it charged.
 * Asked when the checkout lost the gateway's answer (its process died in between).
 */
export const sandboxCharges = pgTable('sandbox_charges', {
  paymentId: uuid('payment_id').primaryKey(),
  reported: text('reported'),
  brand: text('brand'),
  last4: text('last4').notNull(),
  expiry: text('expiry').notNull(),
  chargedAt: timestamp('charged_at', { withTimezone: true }).notNull().defaultNow(),
});
