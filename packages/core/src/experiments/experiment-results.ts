/**
 * An experiment's results as the report and the console show them: per variant the visitors,
 * conversions and rates with intervals (experiment-stats.ts), in the configured order, and the
 * sample-ratio check against the configured shares.
 */
import {
  sampleRatioMismatch,
  variantResults,
  type SrmResult,
  type VariantCounts,
  type VariantResult,
} from './experiment-stats';
import { EXCLUDED_VARIANT, type Experiment } from './experiments';

/** What the collector counted for one experiment (variants as seen, in name order). */
export interface ExperimentCounts {
  experiment: string;
  variants: VariantCounts[];
}

/**
 * Per experiment, per variant: its share of traffic (any scale), in the configured order (the
 * first is the control). An experiment without weights: an even split of what was seen.
 */
export type Weights = Record<string, Record<string, number>>;

/**
 * The shares each experiment's row configures: the allocation split by the variants' weights,
 * and the rest (`excl`) for the visitors left out. Excluded visitors see the control and record
 * no exposure, so the share only counts where an `excl` row shows up.
 */
export function configuredWeights(experiments: readonly Experiment[]): Weights {
  const weights: Weights = {};
  for (const e of experiments) {
    const total = e.variants.reduce((sum, v) => sum + v.weight, 0);
    const shares: Record<string, number> = {};
    for (const v of e.variants) shares[v.value] = (e.allocation * v.weight) / total;
    if (e.allocation < 1) shares[EXCLUDED_VARIANT] = 1 - e.allocation;
    weights[e.id] = shares;
  }
  return weights;
}

const unseen = (variant: string): VariantCounts => ({
  variant,
  visitors: 0,
  conversions: 0,
  revenueMinor: {},
});

/**
 * The rows to report: with configured weights, every variant that should have had visitors
 * (a variant nobody was shown is the loudest mismatch there is) in the configured order, then
 * whatever else was seen; without, what was seen.
 */
function reportedVariants(
  seen: readonly VariantCounts[],
  configured: Record<string, number> | undefined,
): VariantCounts[] {
  if (!configured) return [...seen];
  const byName = new Map(seen.map((v) => [v.variant, v]));
  const expected = Object.entries(configured)
    .filter(([variant, weight]) => variant !== EXCLUDED_VARIANT && weight > 0)
    .map(([variant]) => byName.get(variant) ?? unseen(variant));
  return [...expected, ...seen.filter((v) => !expected.includes(v))];
}

export interface ExperimentResult {
  experiment: string;
  weights: Record<string, number>;
  variants: VariantResult[];
  srm: SrmResult;
}

export function experimentResults(
  counts: readonly ExperimentCounts[],
  weights: Weights = {},
): ExperimentResult[] {
  return counts.map(({ experiment, variants: seen }) => {
    const configured = weights[experiment];
    const variants = reportedVariants(seen, configured);
    // Seen but not configured: expected nowhere, so its visitors count against the others.
    const w = Object.fromEntries(
      variants.map((v) => [v.variant, configured ? (configured[v.variant] ?? 0) : 1]),
    );
    return {
      experiment,
      weights: w,
      variants: variantResults(variants),
      srm: sampleRatioMismatch(
        variants.map((v) => v.visitors),
        variants.map((v) => w[v.variant] ?? 0),
      ),
    };
  });
}
