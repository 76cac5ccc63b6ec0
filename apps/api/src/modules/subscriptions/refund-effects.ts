/**
 * What a customer's refund of a paid order does to the subscriptions it paid for (the ones it
 * bought, or for a renewal order the one it renewed), inside the order's move to refund_due: they
 * end with it, so no crash can leave a refunded customer subscribed. An order whose subscription
 * an upgrade replaced is not refunded: its unused time went into the upgrade as credit.
 */
import { sql, type SQL } from 'drizzle-orm';
import { ENDABLE } from './order-effects';

/** The subscriptions the order paid for: those it bought, or the one a renewal order renewed. */
const paidFor = (orderId: string) =>
  sql`(order_id = ${orderId}
    or id = (select subscription_id from orders where id = ${orderId}))`;

/**
 * What the refund's move requires: none of the order's subscriptions was replaced by an upgrade.
 * They are locked and read in their latest version, so an upgrade paid at the same moment on
 * another node either lands first (and the refund is refused) or finds its subscription ended.
 * The test sits in the select list: as a filter, PostgreSQL would push it below the lock and
 * judge the version the statement started with (a race test on PostgreSQL caught that).
 */
export function notReplacedSql(orderId: string): SQL {
  return sql`true = all (
    select replaced_by is null from subscriptions where ${paidFor(orderId)} for update
  )`;
}

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
