/** Catalog tables: the product groups we sell and the merchants that sell them. */
import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const merchants = pgTable('merchants', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
});

export const products = pgTable('products', {
  id: text('id').primaryKey(),
  merchantId: text('merchant_id')
    .notNull()
    .references(() => merchants.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
