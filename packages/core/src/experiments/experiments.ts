/**
 * Experiment definitions (spec §3 experiment config): the schema every row is checked with when
 * the api loads it and when the web app receives it, and which ones are running now.
 */
import { z } from 'zod';
import { ruleGroupSchema } from './experiment-rules';
import { text } from '../text';

/** The project this checkout is in an experiment's allocator. */
export const EXPERIMENT_PROJECT = 'checkout';

/** The variant of visitors left out by an allocation below 1. */
export const EXCLUDED_VARIANT = 'excl';

export const experimentIdSchema = z.string().regex(/^[a-z0-9][a-z0-9-]{0,62}$/);
export const variantValueSchema = z
  .string()
  .regex(/^[a-z0-9][a-z0-9_-]{0,31}$/)
  .refine((v) => v !== EXCLUDED_VARIANT, `"${EXCLUDED_VARIANT}" is the excluded share`);

/** Same-site paths only: a redirect variant must never become an open redirect. */
const sitePath = z.string().regex(/^\/(?![/\\])[A-Za-z0-9\-._~/%]*$/, 'a path on this site');

export const experimentVariantSchema = z.strictObject({
  value: variantValueSchema,
  weight: z.number().int().min(0).max(10_000),
  redirectTo: sitePath.optional(),
  /** Pricing experiments: the package this variant prices instead of each default package. */
  packages: z.record(text().max(100), text().min(1).max(100)).optional(),
});

const isoDateTime = z.iso.datetime({ offset: true });

export const experimentSchema = z
  .strictObject({
    id: experimentIdSchema,
    /** What the experiment changes, for the people reading results (not shown to shoppers). */
    description: text().max(500).default(''),
    type: z.enum(['redirect', 'segment']),
    /** true: a visitor in it is in no other; a name: at most one experiment of that group. */
    isolate: z.union([z.boolean(), z.string().regex(/^[a-z0-9][a-z0-9-]{0,62}$/)]).default(false),
    allocation: z.number().gt(0).max(1).default(1),
    variants: z
      .array(experimentVariantSchema)
      .min(1)
      .max(20)
      .refine((vs) => vs.some((v) => v.weight > 0), 'at least one variant needs a weight')
      .refine((vs) => new Set(vs.map((v) => v.value)).size === vs.length, 'variants repeat'),
    allocator: z.array(z.string().regex(/^[a-z0-9][a-z0-9-]{0,31}$/)).min(1),
    triggers: ruleGroupSchema.nullable().default(null),
    filterSettings: ruleGroupSchema.nullable().default(null),
    start: isoDateTime.nullable().default(null),
    end: isoDateTime.nullable().default(null),
    status: z.enum(['running', 'paused', 'ended']),
  })
  .refine((e) => e.type === 'redirect' || e.variants.every((v) => !v.redirectTo), {
    message: 'only redirect experiments have variants with redirectTo',
  });

export type Experiment = z.infer<typeof experimentSchema>;
export type ExperimentInput = z.input<typeof experimentSchema>;
export type ExperimentVariant = z.infer<typeof experimentVariantSchema>;

export interface RefusedExperiment {
  id: string;
  reason: string;
}

/**
 * Checks stored rows one by one: a malformed row is refused with its id named, and the others
 * keep running.
 */
export function parseExperimentRows(rows: readonly { id: string; definition: unknown }[]): {
  experiments: Experiment[];
  refused: RefusedExperiment[];
} {
  const experiments: Experiment[] = [];
  const refused: RefusedExperiment[] = [];
  for (const row of rows) {
    const definition =
      typeof row.definition === 'object' && row.definition !== null
        ? { ...row.definition, id: row.id }
        : row.definition;
    const parsed = experimentSchema.safeParse(definition);
    if (parsed.success) experiments.push(parsed.data);
    else {
      const issue = parsed.error.issues[0];
      refused.push({
        id: row.id,
        reason: issue ? `${issue.path.join('.') || 'row'}: ${issue.message}` : 'invalid',
      });
    }
  }
  return { experiments, refused };
}

/** Running, inside its dates, and allocated to this project. */
export function isLive(experiment: Experiment, now: Date, project = EXPERIMENT_PROJECT): boolean {
  const t = now.getTime();
  return (
    experiment.status === 'running' &&
    experiment.allocator.includes(project) &&
    (experiment.start === null || Date.parse(experiment.start) <= t) &&
    (experiment.end === null || t < Date.parse(experiment.end))
  );
}

/** A pricing experiment is one whose variants price other packages. */
export function isPricingExperiment(experiment: Experiment): boolean {
  return experiment.variants.some((v) => v.packages !== undefined);
}

/** The answer of `GET /api/experiments/`: every experiment that has not ended. */
export const experimentListSchema = z.object({ experiments: z.array(z.unknown()) });
