/**
 * What a customer's refund of a paid order does to the subscriptions it paid for (the ones it
 * bought, or for a renewal order the one it renewed), inside the order's move to refund_due: they
 * end with it, so no crash can leave a refunded customer subscribed.
 */
import { sql, type SQL } from 'drizzle-orm';
import { ENDABLE } from './subscriptions';

/** The subscriptions the order paid for: those it bought, or the one a renewal order renewed. */
const paidFor = (orderId: string) =>
  sql`(order_id = ${orderId}
    or id = (select subscription_id from orders where id = ${orderId}))`;

/**
 * Ends them once per row of `source`: canceled now, auto-renew off, each with its `refunded`
 * event naming the order. Two CTE fragments, `refund_ended` and `refund_ended_event`.
 */
export function endRefundedSubscriptionsSql(orderId: string, source: SQL): [string, SQL][] {
  const detail = JSON.stringify({ orderId });
  return [
    [
      'refund_ended',
      sql`update subscriptions set status = 'canceled', auto_renew = false, ended_at = now(),
        updated_at = now()
      where ${paidFor(orderId)} and status in (${ENDABLE}) and exists (select 1 from ${source})
      returning id`,
    ],
    [
      'refund_ended_event',
      sql`insert into subscription_events (subscription_id, type, actor, detail)
      select id, 'refunded', 'customer', ${detail}::jsonb from refund_ended`,
    ],
  ];
}
