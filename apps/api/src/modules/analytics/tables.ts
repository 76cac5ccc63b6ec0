/** Analytics: collected events, refused batches, consent decisions, and orders' attribution. */
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
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

/** One row per event the first-party collector accepted; the browser's id makes resends idempotent. */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: uuid('id').primaryKey(),
    browserId: uuid('browser_id').notNull(),
    event: text('event').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    page: text('page').notNull(),
    section: text('section'),
    element: text('element'),
    context: jsonb('context').notNull(),
    data: jsonb('data'),
  },
  (t) => [
    index('analytics_events_event_time').on(t.event, t.occurredAt),
    index('analytics_events_browser').on(t.browserId),
    // A paid order converts once, however often its success page is shown.
    uniqueIndex('analytics_events_one_conversion_per_order')
      .on(sql`(${t.data}->>'order_id')`)
      .where(sql`${t.event} = 'conversion'`),
  ],
);

/** Batches refused, per reason and day: the operator's count of bad input. */
export const analyticsRefusals = pgTable(
  'analytics_refusals',
  {
    reason: text('reason').notNull(),
    day: date('day').notNull(),
    batches: integer('batches').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.reason, t.day] })],
);

/** Proof of consent (GDPR art. 7): who (a hash of the browser id), when, what, under which policy. */
export const consentDecisions = pgTable('consent_decisions', {
  id: serial('id').primaryKey(),
  browserHash: text('browser_hash').notNull(),
  policyVersion: text('policy_version').notNull(),
  action: text('action').notNull(),
  analytics: boolean('analytics').notNull(),
  marketing: boolean('marketing').notNull(),
  /** The browser sent Sec-GPC: 1, which overrides marketing. */
  gpc: boolean('gpc').notNull(),
  decidedAt: timestamp('decided_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Where the order's buyer came from (current and first session) when the payment started. */
export const orderAttributions = pgTable('order_attributions', {
  orderId: uuid('order_id').primaryKey(),
  current: jsonb('current'),
  first: jsonb('first'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The funnel's rollup (migration 0033): one row per browser and day (UTC) with the steps it
 * reached and its country, language, device, provider and experiments, kept by the collector
 * in the statement that stores the events (store.ts).
 */
export const funnelDays = pgTable(
  'funnel_days',
  {
    day: date('day').notNull(),
    browserId: uuid('browser_id').notNull(),
    country: text('country'),
    language: text('language'),
    device: text('device'),
    provider: text('provider'),
    /** The `experiment` context (`id:variant` joined with '+') as an object: id → variant. */
    experiments: jsonb('experiments').$type<Record<string, string>>(),
    viewed: boolean('viewed').notNull().default(false),
    email: boolean('email').notNull().default(false),
    paymentStarted: boolean('payment_started').notNull().default(false),
    paid: boolean('paid').notNull().default(false),
  },
  (t) => [primaryKey({ name: 'funnel_days_pkey', columns: [t.day, t.browserId] })],
);
