/**
 * Orders placed in status new, as fragments of the statement that places each with its payment
 * (payments composes them: the order, its payment and the cart's lock commit together), and the
 * claim on an abandoned one that the expiry sweep takes. Orders alone write the orders table.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { CartView } from '@checkout/core';
import { queryRows, type Database } from '../../db/client';

/** A cart's order, once per row of `source` (the cart's locked row: its id is the cart id). */
export function placeCartOrderSql(
  orderId: string,
  email: string,
  cart: CartView,
  source: SQL,
): SQL {
  return sql`insert into orders
        (id, cart_id, status, email, currency, country, total_minor, tax_minor, snapshot)
      select ${orderId}::uuid, id, 'new', ${email}, ${cart.currency}, ${cart.country},
        ${cart.totalMinor}::bigint, ${cart.tax.taxMinor}::bigint, ${JSON.stringify(cart)}::jsonb
      from ${source} returning id`;
}

/**
 * A renewal order per row of `source` (columns order_id, first_order_id, subscription_id,
 * amount, currency): the first order's buyer and snapshot carry over, and its tax share.
 */
export function placeRenewalOrdersSql(source: SQL): SQL {
  return sql`insert into orders (id, cart_id, status, email, currency, country, total_minor,
        tax_minor, snapshot, subscription_id)
      select f.order_id, f.order_id, 'new', o.email, f.currency, o.country, f.amount,
        case when o.total_minor > 0
          then round(f.amount::numeric * o.tax_minor / o.total_minor)::bigint else 0 end,
        -- A renewal replaces nothing: an upgrade order's upgrade (its credit and the subscription
        -- it replaced) stays on that order, or the renewal's move to paid would count as a
        -- second paid upgrade of that subscription (orders_one_paid_per_upgrade).
        o.snapshot - 'upgrade', f.subscription_id
      from ${source} f join orders o on o.id = f.first_order_id
      returning id`;
}

/**
 * Claims up to `limit` orders still new with no news since `cutoff`, skipping those another
 * sweep holds (a claim older than `lapsed` is taken over); answers their ids.
 */
export async function claimAbandonedOrders(
  db: Database,
  at: { now: Date; cutoff: Date; lapsed: Date; limit: number },
): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`update orders set expiry_claimed_at = ${at.now.toISOString()}::timestamptz
    where id in (
      select id from orders
      where status = 'new' and updated_at < ${at.cutoff.toISOString()}::timestamptz
        and (expiry_claimed_at is null or expiry_claimed_at < ${at.lapsed.toISOString()}::timestamptz)
      order by updated_at
      limit ${at.limit}
      for update skip locked
    ) and status = 'new'
    returning id`,
  );
  return rows.map((row) => row.id);
}
