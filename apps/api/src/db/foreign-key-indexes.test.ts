import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows, type DatabaseHandle } from './client';
import { migratedTemplate } from './test-template';

/**
 * Foreign keys whose column no whole index leads (a partial one serves only the statements that
 * repeat its condition): only catalogue and staff tables, which hold tens of rows written by a
 * publication or an administrator. A table that grows with orders is read by such a key (an
 * order's subscriptions, moves, documents and mails), and without an index that read scans the
 * whole table: the order page's status read grew with every order ever sold, and billing's read
 * of an order's documents with every document.
 */
const SMALL_TABLES = new Set([
  'coupon_price_points.plan_id',
  'package_plans.plan_id',
  'packages.product_id',
  'plan_services.service_id',
  'plans.extra_period_id',
  'plans.merchant_id',
  'plans.period_id',
  'plans.product_id',
  'products.merchant_id',
  'services.merchant_id',
  'staff_issuer_logins.staff_id',
  'staff_sessions.staff_id',
]);

/**
 * Columns read by that are no foreign key: an order's cart (a renewal order's is its own id), by
 * which a new attempt on a cart finds the cart's earlier orders (payment-steps.ts,
 * stranded-starts.ts).
 */
const LOOKUPS = ['orders.cart_id'];

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openDatabase({
    pgliteDir: 'memory://',
    pgliteTemplate: await migratedTemplate(),
  });
}, 60_000);
afterAll(() => database.close());

/** `table.column` of every column a whole index leads. */
async function leadingColumns(): Promise<Set<string>> {
  const rows = await queryRows<{ key: string }>(
    database.db,
    sql`select i.indrelid::regclass || '.' || a.attname as key
      from pg_index i
      join pg_attribute a on a.attrelid = i.indrelid and a.attnum = i.indkey[0]
      where i.indpred is null`,
  );
  return new Set(rows.map((r) => r.key));
}

it('indexes every foreign key of a table that grows with orders', async () => {
  const keys = await queryRows<{ key: string }>(
    database.db,
    sql`select c.conrelid::regclass || '.' || a.attname as key
      from pg_constraint c
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
      where c.contype = 'f'`,
  );
  const indexed = await leadingColumns();
  const unindexed = keys
    .map((r) => r.key)
    .filter((key) => !indexed.has(key) && !SMALL_TABLES.has(key))
    .sort();
  expect(unindexed).toEqual([]);
});

it('indexes the columns orders are looked up by that are no foreign key', async () => {
  const indexed = await leadingColumns();
  expect(LOOKUPS.filter((key) => !indexed.has(key))).toEqual([]);
});
