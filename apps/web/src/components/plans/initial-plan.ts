/** The preselected plan: `product`, else the plan for `product_period` (default 1 year). */
import type { PlanView } from '@checkout/core';

export function initialPlan(
  plans: readonly PlanView[],
  preselect: { plan: string | null; period: string | null },
): string | undefined {
  const byId = plans.find((p) => p.identifier === preselect.plan);
  if (byId) return byId.identifier;
  const byPeriod = plans.find((p) => p.period.identifier === (preselect.period ?? '1y'));
  return (byPeriod ?? plans[0])?.identifier;
}
