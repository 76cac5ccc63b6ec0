/** A subscription row's terms (core termEnd), read the one way renewals and upgrades both need. */
import type { Period, TermSchedule } from '@checkout/core';

type Span = Pick<Period, 'interval' | 'unit'>;

export interface TermColumns {
  anchorAt: Date;
  periodInterval: number | null;
  periodUnit: Period['unit'] | null;
  extraPeriodInterval: number | null;
  extraPeriodUnit: Period['unit'] | null;
  renewalPeriodInterval: number | null;
  renewalPeriodUnit: Period['unit'] | null;
}

const span = (interval: number | null, unit: Period['unit'] | null): Span | undefined =>
  interval !== null && unit !== null ? { interval, unit } : undefined;

/**
 * The row's schedule. Rows older than migration 0014 have no period (`fallback` stands in);
 * rows older than 0038 have no extra period and renew as themselves.
 */
export function scheduleOf(row: TermColumns, fallback: Span): TermSchedule {
  const period = span(row.periodInterval, row.periodUnit) ?? fallback;
  return {
    anchorAt: row.anchorAt,
    period,
    extra: span(row.extraPeriodInterval, row.extraPeriodUnit),
    renewal: span(row.renewalPeriodInterval, row.renewalPeriodUnit) ?? period,
  };
}
