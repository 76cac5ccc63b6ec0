/**
 * Experiment results from the collector's table: each browser counts once per experiment, in
 * the variant of its first exposure; it converted when a conversion of its own came after that
 * exposure. Revenue is summed per currency, in minor units.
 */
import { sql } from 'drizzle-orm';
import type { ExperimentCounts, VariantCounts } from '@checkout/core/experiments';
import type { Database } from '../../db/client';

export type { ExperimentCounts };

interface Row extends Record<string, unknown> {
  experiment: string;
  variant: string;
  visitors: number;
  converted: number;
  currency: string | null;
  revenue: string | number | null;
}

export async function loadExperimentCounts(db: Database): Promise<ExperimentCounts[]> {
  const result = await db.execute<Row>(sql`
    with exposed as (
      select distinct on (data->>'experiment_id', browser_id)
        data->>'experiment_id' as experiment, data->>'variant' as variant, browser_id, occurred_at
      from analytics_events
      where event = 'experiment_exposure'
      order by data->>'experiment_id', browser_id, occurred_at
    ),
    converted as (
      select e.experiment, e.variant, e.browser_id, c.data->>'currency' as currency,
             (c.data->>'revenue_minor')::bigint as revenue
      from exposed e
      join analytics_events c
        on c.browser_id = e.browser_id and c.event = 'conversion' and c.occurred_at >= e.occurred_at
    ),
    visitors as (
      select experiment, variant, count(*)::int as visitors from exposed group by experiment, variant
    )
    select v.experiment, v.variant, v.visitors,
           (select count(distinct browser_id)::int from converted c
             where c.experiment = v.experiment and c.variant = v.variant) as converted,
           r.currency, r.revenue
    from visitors v
    left join (
      select experiment, variant, currency, sum(revenue) as revenue
      from converted group by experiment, variant, currency
    ) r on r.experiment = v.experiment and r.variant = v.variant
    order by v.experiment, v.variant, r.currency
  `);
  const rows = (Array.isArray(result) ? result : (result as { rows: Row[] }).rows) as Row[];
  const experiments = new Map<string, Map<string, VariantCounts>>();
  for (const row of rows) {
    const variants = experiments.get(row.experiment) ?? new Map<string, VariantCounts>();
    experiments.set(row.experiment, variants);
    const counts = variants.get(row.variant) ?? {
      variant: row.variant,
      visitors: row.visitors,
      conversions: row.converted,
      revenueMinor: {},
    };
    variants.set(row.variant, counts);
    if (row.currency && row.revenue !== null) {
      (counts.revenueMinor as Record<string, number>)[row.currency] = Number(row.revenue);
    }
  }
  return [...experiments].map(([experiment, variants]) => ({
    experiment,
    variants: [...variants.values()],
  }));
}
