/** The experiments table: one row per experiment, edited by operators, read by every node. */
import { doublePrecision, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const experiments = pgTable('experiments', {
  id: text('id').primaryKey(),
  description: text('description').notNull().default(''),
  type: text('type').notNull(),
  /** true, false or an isolation group's name. */
  isolate: jsonb('isolate').$type<unknown>().notNull().default(false),
  allocation: doublePrecision('allocation').notNull().default(1),
  variants: jsonb('variants').$type<unknown>().notNull(),
  allocator: jsonb('allocator').$type<unknown>().notNull(),
  triggers: jsonb('triggers').$type<unknown>(),
  filterSettings: jsonb('filter_settings').$type<unknown>(),
  startsAt: timestamp('starts_at', { withTimezone: true }),
  endsAt: timestamp('ends_at', { withTimezone: true }),
  status: text('status').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
