/**
 * The subscriptions a paid order creates, their history, and what renewals keep beside each.
 * This module is their only writer (scripts/table-writers.mjs holds the code to it).
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  SUBSCRIPTION_EVENT_TYPES,
  SUBSCRIPTION_STATUSES,
  type Currency,
  type Period,
} from '@checkout/core';
import { orders } from '../orders/tables';

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    email: text('email').notNull(),
    plan: text('plan').notNull(),
    status: text('status', { enum: SUBSCRIPTION_STATUSES }).notNull(),
    currency: text('currency').$type<Currency>().notNull(),
    nextChargeAt: timestamp('next_charge_at', { withTimezone: true }).notNull(),
    nextChargeMinor: bigint('next_charge_minor', { mode: 'number' }).notNull(),
    /** Off: the subscription expires at the end of the paid period, nothing more is charged. */
    autoRenew: boolean('auto_renew').notNull().default(true),
    /** The plan's period as bought (null only on rows older than migration 0014). */
    periodInterval: integer('period_interval'),
    periodUnit: text('period_unit').$type<Period['unit']>(),
    /** The extra period the plan gave on top of the first term (migration 0038). */
    extraPeriodInterval: integer('extra_period_interval'),
    extraPeriodUnit: text('extra_period_unit').$type<Period['unit']>(),
    /** What it renews as: the plan's next-charge plan and its period (null: itself). */
    renewalPlan: text('renewal_plan'),
    renewalPeriodInterval: integer('renewal_period_interval'),
    renewalPeriodUnit: text('renewal_period_unit').$type<Period['unit']>(),
    /** Start of the first paid term: term ends count from here (core termEnd). */
    anchorAt: timestamp('anchor_at', { withTimezone: true }).notNull().defaultNow(),
    /** How many terms have been paid; the current one ends at termEnd(schedule, cycle). */
    cycle: integer('cycle').notNull().default(1),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /**
     * The upgrade order that replaced it (migration 0020): the orders that paid for it are
     * refundable no more, their unused time was credited to the upgrade.
     */
    replacedBy: uuid('replaced_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('subscriptions_due')
      .on(table.nextChargeAt)
      .where(sql`${table.status} in ('active', 'past_due')`),
    index('subscriptions_by_order').on(table.orderId),
  ],
);

/** A subscription's history: every renewal, failure and customer action, with who did it. */
export const subscriptionEvents = pgTable(
  'subscription_events',
  {
    id: serial('id').primaryKey(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id),
    type: text('type', { enum: SUBSCRIPTION_EVENT_TYPES }).notNull(),
    /** 'customer', 'renewal', 'dunning', 'support' … */
    actor: text('actor').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('subscription_events_by_subscription').on(table.subscriptionId, table.id)],
);

export const subscriptionRenewals = pgTable('subscription_renewals', {
  subscriptionId: uuid('subscription_id')
    .primaryKey()
    .references(() => subscriptions.id),
  /** Until when a renewal job works this subscription; past it another may (its node died). */
  claimedUntil: timestamp('claimed_until', { withTimezone: true }),
  /** Failed charges of the renewal now due (dunning); 0 once a charge paid. */
  failedAttempts: integer('failed_attempts').notNull().default(0),
  /** The cycle whose renewal reminder went out, so it goes once. */
  remindedCycle: integer('reminded_cycle').notNull().default(0),
  /** A payment method the customer entered since the first payment (update-card page). */
  methodProvider: text('method_provider'),
  method: text('method'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
