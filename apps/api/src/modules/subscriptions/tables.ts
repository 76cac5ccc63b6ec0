/** What renewals keep per subscription beside the subscription row (orders owns that row). */
import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { subscriptions } from '../orders/tables';

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
