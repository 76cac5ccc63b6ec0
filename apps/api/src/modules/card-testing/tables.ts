/**
 * Card-testing defence: weighted velocity counters, their locks, card attempts per minute across
 * all shoppers, and spent challenge solutions.
 */
import { bigint, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Weight of attempts per subject (`cart:…`, `browser:…`, `email:…`, `card:…`) and hour window,
 * shared by every api node: one upsert per hit.
 */
export const velocityCounters = pgTable(
  'velocity_counters',
  {
    subject: text('subject').notNull(),
    window: bigint('window', { mode: 'number' }).notNull(),
    weight: integer('weight').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.subject, t.window] })],
);

/** A subject past its second threshold: card payments refused until `until`. */
export const velocityLocks = pgTable('velocity_locks', {
  subject: text('subject').primaryKey(),
  until: timestamp('until', { withTimezone: true }).notNull(),
});

/**
 * Card attempts and declines across all shoppers per minute (since the epoch), shared by every
 * api node: the decline storm is read from the last few.
 */
export const cardAttemptMinutes = pgTable('card_attempt_minutes', {
  minute: bigint('minute', { mode: 'number' }).primaryKey(),
  attempts: integer('attempts').notNull().default(0),
  declines: integer('declines').notNull().default(0),
});

/** Challenge solutions already accepted (single use), kept until the challenge expires. */
export const challengeUses = pgTable('challenge_uses', {
  id: text('id').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
