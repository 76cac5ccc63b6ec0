/**
 * The seed catalog's reference prices (issue 27.11): the struck-through price a discount is
 * measured against must be one a shopper is really charged, the renewal price over the same
 * span, never 12 × a monthly price no yearly buyer pays; so a renewal never exceeds it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Period, PlanSeed } from './catalog';
import { monthsIn } from './pricing';

const dir = new URL('../../../data/catalog/', import.meta.url);
const read = <T>(name: string): T => JSON.parse(readFileSync(new URL(name, dir), 'utf8')) as T;
const periods = new Map(read<Period[]>('periods.json').map((p) => [p.identifier, p]));
const plans = new Map(
  readdirSync(new URL('plans/', dir))
    .flatMap((file) => read<PlanSeed[]>(`plans/${file}`))
    .map((plan) => [plan.identifier, plan]),
);
const points = read<{ plans: Record<string, Record<string, [number, number]>> }>(
  'price-points.json',
).plans;
const months = (plan: PlanSeed) => Math.max(1, monthsIn(periods.get(plan.period)!));

const cases = [...plans.values()].flatMap((plan) => {
  const renewal = plan.nextCharge === 'self' ? plan : plans.get(plan.nextCharge)!;
  return Object.keys(points[plan.identifier] ?? {}).map((currency) => ({
    plan: plan.identifier,
    currency,
    anchor: points[plan.identifier]![currency]![1],
    // What renewing charges over the plan's own span (a 2-year plan renews yearly: twice).
    renewing: Math.round(
      (points[renewal.identifier]![currency]![0] * months(plan)) / months(renewal),
    ),
  }));
});

describe('reference prices in the seed catalog', () => {
  it('has a price point for every plan', () => {
    expect(cases.length).toBeGreaterThan(plans.size * 10);
  });

  it('measures every discount against the renewal price over the same span', () => {
    const wrong = cases
      .filter((c) => c.anchor !== c.renewing)
      .map((c) => `${c.plan} ${c.currency}: anchor ${c.anchor}, renewing charges ${c.renewing}`);
    expect(wrong).toEqual([]);
  });
});
