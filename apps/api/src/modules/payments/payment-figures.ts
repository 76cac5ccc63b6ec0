/**
 * The console's payment figures (issue 33): the success rate of payments per provider, and
 * refunds and chargebacks per week. A payment succeeded when it is its order's last attempt
 * and the order was paid (and may since have been refunded).
 */
import { sql } from 'drizzle-orm';
import { findProvider } from '@checkout/core';
import type {
  PaymentFiguresQuery,
  ProviderSuccessRow,
  WeeklyDisputesRow,
} from '@checkout/core/contract';
import { queryRows, type Database } from '../../db/client';

/** The half-open range of a query's days, as timestamps. */
const range = (q: PaymentFiguresQuery) => ({
  from: sql`${q.from}::date`,
  until: sql`(${q.to}::date + 1)`,
});

export async function successByProvider(
  db: Database,
  query: PaymentFiguresQuery,
): Promise<ProviderSuccessRow[]> {
  const { from, until } = range(query);
  const rows = await queryRows<{ provider: string; attempts: number; succeeded: number }>(
    db,
    sql`select p.provider, count(*)::int as attempts,
      count(*) filter (where p.last and o.status in ('paid', 'refund_due', 'refunded'))::int
        as succeeded
    from (
      select provider, order_id,
        row_number() over (partition by order_id order by created_at desc, id desc) = 1 as last
      from payments
      where created_at >= ${from} and created_at < ${until}
    ) p
    join orders o on o.id = p.order_id
    group by 1
    order by 1`,
  );
  return rows.map((r) => {
    const spec = findProvider(r.provider);
    return { ...r, family: spec?.family ?? r.provider, method: spec?.method ?? '' };
  });
}

export async function disputesByWeek(
  db: Database,
  query: PaymentFiguresQuery,
): Promise<WeeklyDisputesRow[]> {
  const { from, until } = range(query);
  // A whole refund moves the order to refunded; a part leaves it paid and is a row of its own.
  const refunds = await queryRows<{ week: string; refunds: number }>(
    db,
    sql`select date_trunc('week', at)::date::text as week, count(*)::int as refunds
    from (
      select created_at as at from order_events
      where to_status = 'refunded' and created_at >= ${from} and created_at < ${until}
      union all
      select created_at from payment_refunds
      where not whole and created_at >= ${from} and created_at < ${until}
    ) r
    group by 1`,
  );
  // Every provider's (payment_disputes); a payment disputed and then reversed counts once.
  const chargebacks = await queryRows<{ week: string; chargebacks: number }>(
    db,
    sql`select date_trunc('week', created_at)::date::text as week,
      count(distinct payment_id)::int as chargebacks
    from payment_disputes
    where chargeback and created_at >= ${from} and created_at < ${until}
    group by 1`,
  );
  const weeks = new Map<string, WeeklyDisputesRow>();
  const week = (w: string) => {
    const row = weeks.get(w) ?? { week: w, refunds: 0, chargebacks: 0 };
    weeks.set(w, row);
    return row;
  };
  for (const r of refunds) week(r.week).refunds = r.refunds;
  for (const c of chargebacks) week(c.week).chargebacks = c.chargebacks;
  return [...weeks.values()].sort((a, b) => a.week.localeCompare(b.week));
}
