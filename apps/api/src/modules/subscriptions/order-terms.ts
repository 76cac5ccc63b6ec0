/** What the order page shows of the subscriptions an order started: plan and first renewal. */
import { sql, type SQL } from 'drizzle-orm';

/**
 * The subscriptions the order `orderId` started, as one JSON array of `{ plan, nextChargeAt,
 * nextChargeMinor }`, for the order's own read (orders/service.ts).
 */
export const subscriptionTermsSql = (orderId: SQL): SQL =>
  sql`(select coalesce(json_agg(json_build_object('plan', plan, 'nextChargeAt', next_charge_at,
    'nextChargeMinor', next_charge_minor)), '[]'::json) from subscriptions where order_id = ${orderId})`;
