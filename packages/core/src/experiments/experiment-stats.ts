/**
 * Experiment results: conversion per variant, uplift against the control with a 95 % interval
 * (two-proportion, unpooled normal approximation), and the sample-ratio-mismatch check (χ² of
 * the visitors against the configured weights, flagged below p = 0.001), as GrowthBook and
 * Statsig run it. Pure functions: the report script feeds them counts from the collector.
 */
import chisquareCdf from '@stdlib/stats-base-dists-chisquare-cdf';

/** Two-sided 95 %: the normal quantile 0.975. */
const Z95 = 1.959963984540054;
export const SRM_P_THRESHOLD = 0.001;

export interface VariantCounts {
  variant: string;
  visitors: number;
  conversions: number;
  /** Revenue of the converted visitors, per currency, in minor units. */
  revenueMinor: Readonly<Record<string, number>>;
}

export interface VariantResult extends VariantCounts {
  rate: number;
  /** 95 % interval of the rate itself (normal approximation). */
  rateLow: number;
  rateHigh: number;
  /** Revenue per visitor per currency, in minor units (fractional). */
  revenuePerVisitorMinor: Record<string, number>;
  /** Whether this variant and the control each have enough data for a verdict. */
  enoughData: boolean;
  /** Against the control (the first variant); null for the control itself or without enough data. */
  uplift: { absolute: number; low: number; high: number; relative: number | null } | null;
}

export interface SrmResult {
  chiSquare: number;
  degreesOfFreedom: number;
  pValue: number;
  mismatch: boolean;
}

function rateInterval(conversions: number, visitors: number): [number, number, number] {
  if (visitors === 0) return [0, 0, 0];
  const p = conversions / visitors;
  const half = Z95 * Math.sqrt((p * (1 - p)) / visitors);
  return [p, Math.max(0, p - half), Math.min(1, p + half)];
}

/** Difference of the variant's rate and the control's, with its 95 % interval. */
export function twoProportionUplift(
  control: { visitors: number; conversions: number },
  variant: { visitors: number; conversions: number },
): { absolute: number; low: number; high: number; relative: number | null } {
  const [p1] = rateInterval(control.conversions, control.visitors);
  const [p2] = rateInterval(variant.conversions, variant.visitors);
  const se =
    control.visitors && variant.visitors
      ? Math.sqrt((p1 * (1 - p1)) / control.visitors + (p2 * (1 - p2)) / variant.visitors)
      : 0;
  const absolute = p2 - p1;
  return {
    absolute,
    low: absolute - Z95 * se,
    high: absolute + Z95 * se,
    relative: p1 > 0 ? absolute / p1 : null,
  };
}

/** χ² goodness of fit of the visitors per variant against the weights (any scale). */
export function sampleRatioMismatch(
  visitors: readonly number[],
  weights: readonly number[],
): SrmResult {
  const total = visitors.reduce((a, b) => a + b, 0);
  const weightSum = weights.reduce((a, b) => a + b, 0);
  let chiSquare = 0;
  visitors.forEach((observed, i) => {
    const expected = (total * (weights[i] ?? 0)) / weightSum;
    if (expected > 0) chiSquare += (observed - expected) ** 2 / expected;
  });
  const degreesOfFreedom = Math.max(1, visitors.length - 1);
  const pValue = total === 0 ? 1 : 1 - chisquareCdf(chiSquare, degreesOfFreedom);
  return { chiSquare, degreesOfFreedom, pValue, mismatch: pValue < SRM_P_THRESHOLD };
}

/**
 * The normal approximation behind every interval here holds when both outcomes are seen at
 * least five times (the usual n·p ≥ 5 and n·(1−p) ≥ 5 rule); below that the report gives no
 * uplift, only "not enough data", instead of a "+50 % rel." read off five visitors.
 */
export const MIN_OUTCOMES = 5;

export function hasEnoughData(v: { visitors: number; conversions: number }): boolean {
  return v.conversions >= MIN_OUTCOMES && v.visitors - v.conversions >= MIN_OUTCOMES;
}

/** Every variant's result; the first one is the control. */
export function variantResults(variants: readonly VariantCounts[]): VariantResult[] {
  const control = variants[0];
  return variants.map((v, i) => {
    const [rate, rateLow, rateHigh] = rateInterval(v.conversions, v.visitors);
    const enoughData = hasEnoughData(v) && !!control && hasEnoughData(control);
    return {
      ...v,
      rate,
      rateLow,
      rateHigh,
      revenuePerVisitorMinor: Object.fromEntries(
        Object.entries(v.revenueMinor).map(([currency, minor]) => [
          currency,
          v.visitors ? minor / v.visitors : 0,
        ]),
      ),
      enoughData,
      uplift: i === 0 || !control || !enoughData ? null : twoProportionUplift(control, v),
    };
  });
}
