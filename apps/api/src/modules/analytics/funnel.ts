/**
 * The funnel over the rollup (funnel_days): per day and group, how many visitors reached each
 * step. Reads one row per visitor and day, never the events (bench/console-funnel.ts).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { FunnelQuery, FunnelRow } from '@checkout/core/contract';
import { queryRows, type Database } from '../../db/client';

interface Row {
  day: string;
  grp: string | null;
  viewed: number;
  email: number;
  payment_started: number;
  paid: number;
}

export async function funnelByDay(db: Database, query: FunnelQuery): Promise<FunnelRow[]> {
  const variant = query.experiment ? sql`experiments->>${query.experiment}` : sql`null`;
  const groups: Record<FunnelQuery['groupBy'], SQL> = {
    none: sql`''`,
    country: sql`country`,
    language: sql`language`,
    device: sql`device`,
    provider: sql`provider`,
    variant,
  };
  const where: SQL[] = [sql`day between ${query.from}::date and ${query.to}::date`];
  if (query.country) where.push(sql`country = ${query.country}`);
  if (query.language) where.push(sql`language = ${query.language}`);
  if (query.device) where.push(sql`device = ${query.device}`);
  if (query.provider) where.push(sql`provider = ${query.provider}`);
  if (query.variant) where.push(sql`${variant} = ${query.variant}`);
  else if (query.experiment) where.push(sql`${variant} is not null`);
  const rows = await queryRows<Row>(
    db,
    sql`select day::text as day, ${groups[query.groupBy]} as grp,
      count(*) filter (where viewed)::int as viewed,
      count(*) filter (where email)::int as email,
      count(*) filter (where payment_started)::int as payment_started,
      count(*) filter (where paid)::int as paid
    from funnel_days
    where ${sql.join(where, sql` and `)}
    group by 1, 2
    order by 1, 2`,
  );
  return rows.map((r) => ({
    day: r.day,
    group: r.grp ?? '',
    viewed: r.viewed,
    email: r.email,
    paymentStarted: r.payment_started,
    paid: r.paid,
  }));
}
