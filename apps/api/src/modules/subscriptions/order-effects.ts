/**
 * The subscriptions a paid order creates: one per line, the cross-sell plan its own; and the
 * one a paid upgrade order replaces, which must still run and ends then.
 */
import { sql, type SQL } from 'drizzle-orm';
import { canMoveSubscription, SUBSCRIPTION_STATUSES, termEnd } from '@checkout/core';
import { processClock } from '../../jobs/clock';
import type { Catalog } from '../catalog/catalog';
import type { OrderFacts } from '../orders/placed-orders';

/** Creates the order's subscriptions once per row of `source`; undefined when it has no line. */
export function createSubscriptionsSql(
  catalog: Catalog,
  order: OrderFacts,
  source: SQL,
): SQL | undefined {
  // The renewals' clock (moved forward only by tests and the sandbox clock endpoint).
  const now = processClock.now();
  const snapshot = catalog.snapshot();
  const rows = order.snapshot.lines.map((line) => {
    const plan = snapshot.plans.get(line.plan);
    const renewal = plan ? (snapshot.plans.get(plan.nextChargePlan) ?? plan) : undefined;
    const nextChargeMinor = renewal?.prices.get(order.currency)?.[0] ?? line.amountMinor;
    const extra = plan?.extraPeriod;
    const renewalPeriod = renewal?.period ?? line.period;
    const schedule = { anchorAt: now, period: line.period, extra, renewal: renewalPeriod };
    const nextChargeAt = termEnd(schedule, 1).toISOString();
    return sql`select ${order.id}::uuid, ${order.email}, ${line.plan}, 'active', ${order.currency},
      ${nextChargeAt}::timestamptz, ${nextChargeMinor}::bigint, ${line.period.interval}::int,
      ${line.period.unit}, ${extra?.interval ?? null}::int, ${extra?.unit ?? null}::text,
      ${renewal?.identifier ?? line.plan}, ${renewalPeriod.interval}::int, ${renewalPeriod.unit},
      ${now.toISOString()}::timestamptz from ${source}`;
  });
  if (rows.length === 0) return undefined;
  return sql`insert into subscriptions
        (order_id, email, plan, status, currency, next_charge_at, next_charge_minor,
         period_interval, period_unit, extra_period_interval, extra_period_unit, renewal_plan,
         renewal_period_interval, renewal_period_unit, anchor_at)
      ${sql.join(rows, sql` union all `)}`;
}

/** The statuses a subscription may end early from (core's machine: to canceled). */
export const ENDABLE = sql.join(
  SUBSCRIPTION_STATUSES.filter((status) => canMoveSubscription(status, 'canceled')).map(
    (status) => sql`${status}`,
  ),
  sql`, `,
);

/**
 * What an upgrade order's move to paid requires: the subscription it replaces still runs, under
 * its row lock. One that ended meanwhile (canceled, or its order refunded) gave its credit to
 * nobody, so the upgrade is not kept but refunded.
 */
export function replacedStillRunningSql(subscriptionId: string): SQL {
  return sql`exists (
    select 1 from subscriptions where id = ${subscriptionId} and status in (${ENDABLE}) for update
  )`;
}

/**
 * Ends the subscription a paid upgrade order replaces, once per row of `source`: canceled now
 * (core's machine: ended early at the customer's wish), auto-renew off, nothing refunded (the
 * upgrade's price took the unused time off), marked replaced by the order (the orders that paid
 * for it are refundable no more), with its `upgraded` event. Two CTE fragments, `replaced` and
 * `replaced_event`.
 */
export function endReplacedSubscriptionSql(
  subscriptionId: string,
  order: Pick<OrderFacts, 'id' | 'snapshot'>,
  source: SQL,
): [string, SQL][] {
  const detail = JSON.stringify({ orderId: order.id, plan: order.snapshot.lines[0]?.plan });
  return [
    [
      'replaced',
      sql`update subscriptions set status = 'canceled', auto_renew = false, ended_at = now(),
        updated_at = now(), replaced_by = ${order.id}
      where id = ${subscriptionId} and status in (${ENDABLE}) and exists (select 1 from ${source})
      returning id`,
    ],
    [
      'replaced_event',
      sql`insert into subscription_events (subscription_id, type, actor, detail)
      select id, 'upgraded', 'customer', ${detail}::jsonb from replaced`,
    ],
  ];
}
