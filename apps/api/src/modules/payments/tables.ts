/** Payments: one attempt to pay an order, claimed by its idempotency key. */
import {
  bigint,
  boolean,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { PaymentAction } from '@checkout/core';
import { orders } from '../orders/tables';

export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    provider: text('provider').notNull(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    /** Hash of the request body: the same key with another body is refused. */
    requestHash: text('request_hash').notNull(),
    /** The answer given to the first request, replayed for repeats. */
    answer: jsonb('answer').$type<PaymentAction>(),
    /** What we keep of a card: never its number or security code. */
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    cardExpiry: text('card_expiry'),
    /** The provider's reusable method from this payment (card on file), for renewals. */
    savedMethod: text('saved_method'),
    /**
     * Until when the request that claimed the key is trusted to store the answer; an unanswered
     * claim past it belongs to a process that died and is recovered from the provider.
     */
    leaseUntil: timestamp('lease_until', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payments_by_order').on(t.orderId),
    index('payments_unanswered_lease_idx')
      .on(t.leaseUntil)
      .where(sql`${t.answer} is null`),
  ],
);

/** Provider notifications already handled, so a repeated delivery changes nothing. */
export const webhookEvents = pgTable('webhook_events', {
  id: text('id').primaryKey(),
  paymentId: text('payment_id').notNull(),
  status: text('status').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Refunds staff asked for through the console (migration 0030): a part of an order, or the
 * whole of what was left (`whole`, the order then moved to refunded). The request id is chosen
 * once per refund, so the same refund sent twice is refused.
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    requestId: uuid('request_id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    whole: boolean('whole').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** A part's: when its provider accepted it (billing credits it then); null while asked. */
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
  },
  (t) => [
    index('payment_refunds_by_order').on(t.orderId),
    index('payment_refunds_accepted_parts')
      .on(t.acceptedAt)
      .where(sql`not ${t.whole} and ${t.acceptedAt} is not null`),
  ],
);

/**
 * Every provider's disputes (a chargeback, a refund that failed) in our words, written by the
 * desk as an adapter reports one (migration 0041): once per payment and provider reference.
 */
export const paymentDisputes = pgTable(
  'payment_disputes',
  {
    paymentId: uuid('payment_id').notNull(),
    /** The provider's reference of the dispute event. */
    reference: text('reference').notNull(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    /** The provider's word for it (CHARGEBACK, CUSTOMER.DISPUTE.CREATED…). */
    eventCode: text('event_code').notNull(),
    /** The buyer took the money back (or PayPal holds it for a dispute): the funnel counts it. */
    chargeback: boolean('chargeback').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.paymentId, t.reference] }),
    index('payment_disputes_by_order').on(t.orderId),
    index('payment_disputes_chargebacks')
      .on(t.createdAt)
      .where(sql`${t.chargeback}`),
  ],
);

/**
 * The notification inbox (migration 0027, docs/decisions/008-notification-inbox.md): each event
 * of a provider's notification as it was checked and recorded, before a job applies it.
 */
export const notificationInbox = pgTable(
  'notification_inbox',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    /** The event as the provider's channel read it (plain JSON), for its `apply`. */
    event: jsonb('event').$type<unknown>().notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    /** Until when a job works the event; past it another may (its node died). */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.provider, t.eventId] }),
    index('notification_inbox_unapplied')
      .on(t.receivedAt)
      .where(sql`${t.appliedAt} is null`),
  ],
);
