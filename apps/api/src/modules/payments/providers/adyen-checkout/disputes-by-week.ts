/** The chargebacks Adyen reported, per week (Monday), for the console's payment figures. */
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '../../../../db/client';

export function weeklyChargebacks(
  db: Database,
  from: SQL,
  until: SQL,
): Promise<{ week: string; chargebacks: number }[]> {
  return queryRows(
    db,
    sql`select date_trunc('week', created_at)::date::text as week, count(*)::int as chargebacks
    from adyen_disputes
    where event_code = 'CHARGEBACK' and created_at >= ${from} and created_at < ${until}
    group by 1`,
  );
}
