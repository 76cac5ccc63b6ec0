/**
 * The console's experiments (issue 33): what staff send to create one, move it (start, pause,
 * stop) and change its weights, and what the console shows of it and its results.
 */
import { z } from 'zod';
import { COUNTRIES } from '../countries';
import { ruleGroupSchema, type RuleGroup } from '../experiments/experiment-rules';
import { LOCALE_CODES } from '../locales';
import type { ExperimentResult } from '../experiments/experiment-results';
import type { VariantResult } from '../experiments/experiment-stats';
import {
  experimentIdSchema,
  experimentSchema,
  variantValueSchema,
  type Experiment,
  type ExperimentVariant,
} from '../experiments/experiments';
import { text } from '../text';

/** The console states weights as whole percentages of the experiment's traffic. */
export const WEIGHT_TOTAL = 100;

const sumsToTotal = (weights: readonly number[]) =>
  weights.reduce((sum, w) => sum + w, 0) === WEIGHT_TOTAL;
const weight = () => z.number().int().min(0).max(WEIGHT_TOTAL);

/** An experiment named in a console path. */
export const consoleExperimentParamsSchema = z.object({ id: experimentIdSchema });

/**
 * Whom the console's form targets: visitors from these countries (ISO codes, any case) and in
 * these languages (the checkout's URL codes); an empty list takes any.
 */
export const experimentTargetingSchema = z.strictObject({
  countries: z
    .array(
      text()
        .transform((c) => c.toUpperCase())
        .refine((c) => COUNTRIES.includes(c), 'not a country the checkout sells to'),
    )
    .max(COUNTRIES.length)
    .default([]),
  languages: z
    .array(
      text()
        .transform((l) => l.toLowerCase())
        .refine((l) => LOCALE_CODES.includes(l), 'not a language of the checkout'),
    )
    .max(LOCALE_CODES.length)
    .default([]),
});
export type ExperimentTargeting = z.infer<typeof experimentTargetingSchema>;

/** The targeting as the rules assignment reads (spec §5): any of the countries and languages. */
export function targetingRules(targeting: ExperimentTargeting): RuleGroup | null {
  const anyOf = (dimension: 'COUNTRY' | 'LANGUAGE', values: readonly string[]): RuleGroup => ({
    combinator: 'OR',
    rules: values.map((value) => ({ dimension, operator: 'EQUALS' as const, value })),
  });
  const groups = [
    ...(targeting.countries.length > 0 ? [anyOf('COUNTRY', targeting.countries)] : []),
    ...(targeting.languages.length > 0 ? [anyOf('LANGUAGE', targeting.languages)] : []),
  ];
  return groups.length > 0 ? { combinator: 'AND', rules: groups } : null;
}

/**
 * The targeting filter settings mean: everyone without any, the lists of one targetingRules
 * wrote, null for rules of another shape.
 */
export function targetingOf(group: RuleGroup | null): ExperimentTargeting | null {
  const targeting: ExperimentTargeting = { countries: [], languages: [] };
  if (!group) return targeting;
  if (group.combinator !== 'AND') return null;
  for (const part of group.rules) {
    if (!('combinator' in part) || part.combinator !== 'OR') return null;
    for (const rule of part.rules) {
      if ('combinator' in rule || rule.operator !== 'EQUALS' || rule.value === undefined)
        return null;
      if (rule.dimension === 'COUNTRY') targeting.countries.push(rule.value);
      else if (rule.dimension === 'LANGUAGE') targeting.languages.push(rule.value);
      else return null;
    }
  }
  return targeting;
}

/** POST /api/console/experiments/: a segment experiment, created paused. */
export const consoleExperimentCreateSchema = z
  .strictObject({
    id: experimentIdSchema,
    description: text().max(500).default(''),
    allocation: z.number().gt(0).max(1).default(1),
    variants: z
      .array(z.strictObject({ value: variantValueSchema, weight: weight() }))
      .min(2)
      .max(20),
    triggers: ruleGroupSchema.nullable().default(null),
    filterSettings: ruleGroupSchema.nullable().default(null),
    /** Written into the filter settings (with any given, both must match). */
    targeting: experimentTargetingSchema.optional(),
  })
  .refine((e) => sumsToTotal(e.variants.map((v) => v.weight)), {
    message: `the weights add up to ${WEIGHT_TOTAL}`,
    path: ['variants'],
  })
  .refine((e) => new Set(e.variants.map((v) => v.value)).size === e.variants.length, {
    message: 'variants repeat',
    path: ['variants'],
  });
export type ConsoleExperimentCreate = z.infer<typeof consoleExperimentCreateSchema>;

/** PUT /api/console/experiments/:id/weights/: every variant of the experiment, by its value. */
export const consoleWeightsSchema = z.strictObject({
  weights: z
    .record(variantValueSchema, weight())
    .refine((w) => sumsToTotal(Object.values(w)), `the weights add up to ${WEIGHT_TOTAL}`),
});

export const EXPERIMENT_COMMANDS = ['start', 'pause', 'stop'] as const;
export type ExperimentCommand = (typeof EXPERIMENT_COMMANDS)[number];
export const experimentCommandSchema = z.object({
  id: experimentIdSchema,
  command: z.enum(EXPERIMENT_COMMANDS),
});

/** Where a command takes an experiment, or null when it cannot from here (ended is final). */
export function nextExperimentStatus(
  status: Experiment['status'],
  command: ExperimentCommand,
): Experiment['status'] | null {
  if (command === 'start') return status === 'paused' ? 'running' : null;
  if (command === 'pause') return status === 'running' ? 'paused' : null;
  return status === 'ended' ? null : 'ended';
}

/**
 * The variants with the new weights; null when the weights do not name exactly the
 * experiment's variants (a missing one, or one it does not have).
 */
export function reweighted(
  variants: readonly ExperimentVariant[],
  weights: Readonly<Record<string, number>>,
): ExperimentVariant[] | null {
  const named = Object.keys(weights);
  if (named.length !== variants.length || variants.some((v) => !(v.value in weights))) return null;
  return variants.map((v) => ({ ...v, weight: weights[v.value] ?? 0 }));
}

/**
 * The sample-ratio check's verdict. The χ² test needs about five expected visitors in every
 * variant; below that it says nothing, and the console says "not enough data".
 */
export type SampleRatioVerdict = 'ok' | 'mismatch' | 'not_enough_data';
export const MIN_EXPECTED_VISITORS = 5;

export function sampleRatioVerdict(result: ExperimentResult): SampleRatioVerdict {
  const visitors = result.variants.reduce((sum, v) => sum + v.visitors, 0);
  const weights = result.variants.map((v) => result.weights[v.variant] ?? 0);
  const total = weights.reduce((sum, w) => sum + w, 0);
  const fewest = Math.min(...weights.filter((w) => w > 0).map((w) => (visitors * w) / total));
  if (!(fewest >= MIN_EXPECTED_VISITORS)) return 'not_enough_data';
  return result.srm.mismatch ? 'mismatch' : 'ok';
}

export const consoleExperimentSchema = z.object({
  id: experimentIdSchema,
  description: text(),
  type: experimentSchema.shape.type,
  status: experimentSchema.shape.status,
  allocation: z.number(),
  variants: z.array(z.object({ value: variantValueSchema, weight: z.number() })),
  /** Whom it takes (empty lists: everyone); null when its filter settings are other rules. */
  targeting: z.object({ countries: z.array(text()), languages: z.array(text()) }).nullable(),
});
export type ConsoleExperiment = z.infer<typeof consoleExperimentSchema>;

const perCurrency = () => z.record(z.string(), z.number());

/** One variant's figures (experiment-stats.ts `VariantResult`). */
const variantResultSchema = z.object({
  variant: text(),
  visitors: z.number().int(),
  conversions: z.number().int(),
  revenueMinor: perCurrency(),
  rate: z.number(),
  rateLow: z.number(),
  rateHigh: z.number(),
  revenuePerVisitorMinor: perCurrency(),
  enoughData: z.boolean(),
  uplift: z
    .object({
      absolute: z.number(),
      low: z.number(),
      high: z.number(),
      relative: z.number().nullable(),
    })
    .nullable(),
}) satisfies z.ZodType<VariantResult>;

/** GET /api/console/experiments/:id/ */
export const consoleExperimentDetailSchema = consoleExperimentSchema.extend({
  /** Null before the first exposure is recorded. */
  results: z
    .object({
      experiment: text(),
      weights: perCurrency(),
      variants: z.array(variantResultSchema),
      srm: z.object({
        chiSquare: z.number(),
        degreesOfFreedom: z.number(),
        pValue: z.number(),
        mismatch: z.boolean(),
      }),
      verdict: z.enum(['ok', 'mismatch', 'not_enough_data']),
    })
    .nullable(),
});
export type ConsoleExperimentDetail = z.infer<typeof consoleExperimentDetailSchema>;
