/**
 * The preselected plan: one named by `price_ids`, else `product`, else the plan for
 * `product_period` (default 1 year).
 */
import type { PlanView } from '@checkout/core/contract';

/** The first plan a price id names (its id, remote id or identifier). */
export function planByPriceId(
  plans: readonly PlanView[],
  priceIds: readonly string[] | null,
): PlanView | undefined {
  return plans.find((p) =>
    (priceIds ?? []).some((id) => id === p.id || id === p.remoteID || id === p.identifier),
  );
}

export function initialPlan(
  plans: readonly PlanView[],
  preselect: { plan: string | null; period: string | null; priceIds: readonly string[] | null },
): string | undefined {
  const byPrice = planByPriceId(plans, preselect.priceIds);
  if (byPrice) return byPrice.identifier;
  const byId = plans.find((p) => p.identifier === preselect.plan);
  if (byId) return byId.identifier;
  const byPeriod = plans.find((p) => p.period.identifier === (preselect.period ?? '1y'));
  return (byPeriod ?? plans[0])?.identifier;
}
