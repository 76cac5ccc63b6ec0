/**
 * The console's order search over a million orders on a throwaway PostgreSQL (issue 33: under
 * 100 ms p99). Seeds N orders with a payment each (e-mails shared by ~5 orders, a year of dates,
 * statuses, countries and providers mixed), then runs each kind of search the console offers
 * with random values through the api's own searchOrders, and prints one JSON line: p50 and p99
 * per kind and overall, in ms. `--without-indexes` drops migration 0031's indexes first (the
 * figures before it).
 *   npx tsx bench/console-search.ts [--orders 1000000] [--runs 200] [--without-indexes]
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { ORDER_STATUSES } from '@checkout/core';
import type { OrderSearch } from '@checkout/core/contract';
import { queryRows } from '../apps/api/src/db/client';
import { postgresAvailable, startCluster } from '../apps/api/src/db/postgres-cluster';
import { searchOrders } from '../apps/api/src/modules/payments/order-search';
import { createTestApp } from '../apps/api/src/test-app';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const count = arg('orders', 1_000_000);
const runs = arg('runs', 200);
const withoutIndexes = process.argv.includes('--without-indexes');
const EMAILS = Math.max(1, Math.floor(count / 5));
const COUNTRIES = ['DE', 'US', 'FR', 'GB', 'NL', 'IT', 'ES', 'PL', 'SE', 'JP'];
const PROVIDERS = ['adyen_card', 'paypal', 'adyen_ideal', 'klarna', 'sofort'];

if (!postgresAvailable()) {
  console.log(
    JSON.stringify({ bench: 'console-search', skipped: 'no PostgreSQL server binaries' }),
  );
  process.exit(0);
}
const cluster = await startCluster();
const t = await createTestApp({ DATABASE_URL: cluster.url, LOG_LEVEL: 'silent' });
const db = t.database.db;
try {
  const seedStart = Date.now();
  const list = (values: string[]) => sql.raw(`array[${values.map((v) => `'${v}'`).join(',')}]`);
  for (let from = 0; from < count; from += 100_000) {
    const to = Math.min(count, from + 100_000) - 1;
    await queryRows(
      db,
      sql`with o as (
        insert into orders (id, cart_id, status, email, currency, country, total_minor, tax_minor,
          snapshot, created_at, updated_at)
        select gen_random_uuid(), gen_random_uuid(),
          (${list([...ORDER_STATUSES])})[(1 + (i * 7919) % ${ORDER_STATUSES.length})::int],
          'shopper' || (i % ${EMAILS}) || '@gmail.com', 'EUR',
          (${list(COUNTRIES)})[(1 + (i * 31) % ${COUNTRIES.length})::int],
          500 + (i * 7717) % 20000, 0, '{}'::jsonb,
          now() - make_interval(secs => ((i * 104729) % 31536000)::int),
          now()
        from generate_series(${from}::bigint, ${to}::bigint) i
        returning id, created_at
      )
      insert into payments (id, order_id, provider, idempotency_key, request_hash, created_at)
      select gen_random_uuid(), o.id,
        (${list(PROVIDERS)})[1 + (abs(hashtext(o.id::text)) % ${PROVIDERS.length})],
        o.id::text, '', o.created_at
      from o`,
    );
  }
  await queryRows(db, sql`analyze`);
  if (withoutIndexes) {
    for (const name of [
      'orders_newest',
      'orders_by_email_newest',
      'orders_by_status_newest',
      'orders_by_country_newest',
    ])
      await queryRows(db, sql.raw(`drop index ${name}`));
  }
  const seedMs = Date.now() - seedStart;
  const [sample] = await queryRows<{ order_id: string; payment_id: string }>(
    db,
    sql`select order_id, id as payment_id from payments offset ${Math.floor(count / 2)} limit 1`,
  );
  const pick = <T>(values: readonly T[]) => values[Math.floor(Math.random() * values.length)]!;
  const day = (daysAgo: number) =>
    new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  const kinds: Record<string, () => OrderSearch> = {
    latest: () => ({ limit: 25 }),
    email: () => ({ email: `shopper${Math.floor(Math.random() * EMAILS)}@gmail.com`, limit: 25 }),
    orderId: () => ({ orderId: sample!.order_id, limit: 25 }),
    paymentId: () => ({ paymentId: sample!.payment_id, limit: 25 }),
    statusAndDates: () => {
      const start = 1 + Math.floor(Math.random() * 300);
      return { status: pick(ORDER_STATUSES), from: day(start + 30), to: day(start), limit: 25 };
    },
    country: () => ({ country: pick(COUNTRIES), limit: 25 }),
    provider: () => ({ provider: pick(PROVIDERS), limit: 25 }),
    amount: () => ({ minAmount: 1000, maxAmount: 1500, limit: 25 }),
    emailAndStatus: () => ({
      email: `shopper${Math.floor(Math.random() * EMAILS)}@gmail.com`,
      status: 'paid',
      limit: 25,
    }),
    unknownEmail: () => ({ email: `${randomUUID()}@gmail.com`, limit: 25 }),
  };
  const percentile = (sorted: number[], p: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
  const round = (ms: number) => Math.round(ms * 100) / 100;
  const all: number[] = [];
  const perKind: Record<string, { p50: number; p99: number }> = {};
  for (const [kind, query] of Object.entries(kinds)) {
    await searchOrders(db, query()); // warm
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const q = query();
      const start = performance.now();
      await searchOrders(db, q);
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    all.push(...times);
    perKind[kind] = { p50: round(percentile(times, 50)), p99: round(percentile(times, 99)) };
  }
  all.sort((a, b) => a - b);
  console.log(
    JSON.stringify({
      bench: 'console-search',
      orders: count,
      indexes: !withoutIndexes,
      runsPerKind: runs,
      seedSeconds: Math.round(seedMs / 1000),
      p50Ms: round(percentile(all, 50)),
      p99Ms: round(percentile(all, 99)),
      perKind,
    }),
  );
} finally {
  await t.close();
  cluster.stop();
}
