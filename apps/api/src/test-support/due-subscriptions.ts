/**
 * Seeds `count` yearly VPN subscriptions that fell due a minute ago, each with its paid first order
 * and a payment whose saved sandbox card charges successfully (renewal tests on PostgreSQL).
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../db/client';
import { YEARLY_VPN_ORDER } from './seeded-orders';

export async function seedDueSubscriptions(db: Database, count: number): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`with card as (
      insert into sandbox_saved_cards (method, brand, last4, expiry, outcome)
      values ('cof_race', 'visa', '4242', '12/30', 'success') returning method
    ), seeded as (
      select gen_random_uuid() as order_id, n from generate_series(1, ${count}) n
    ), placed as (
      insert into orders (id, cart_id, status, email, currency, country, total_minor, tax_minor,
        snapshot)
      select order_id, gen_random_uuid(), 'paid', 'race' || n || '@example.com', 'EUR', 'DE',
        9199, 1469, ${YEARLY_VPN_ORDER}::jsonb from seeded returning id
    ), paid as (
      insert into payments (id, order_id, provider, idempotency_key, request_hash, answer,
        saved_method)
      select gen_random_uuid(), order_id, 'adyen_card', 'race-' || n, 'race', '{}'::jsonb,
        (select method from card) from seeded
    )
    insert into subscriptions (order_id, email, plan, status, currency, next_charge_at,
      next_charge_minor, period_interval, period_unit, anchor_at)
    select order_id, 'race' || n || '@example.com', 'vpn-basic-1y', 'active', 'EUR',
      now() - interval '1 minute', 9199, 1, 'Year', now() - interval '1 year 1 minute'
    from seeded returning id`,
  );
  return rows.map((row) => row.id);
}
