/**
 * The experiments every node serves: read from the database, each row checked on its own (a
 * malformed one is refused by id and logged, the others keep running), and read again once the
 * catalog refresh interval has passed, so an edit reaches every node within it.
 */
import {
  isLive,
  isPricingExperiment,
  parseAssignments,
  parseExperimentRows,
  type Experiment,
} from '@checkout/core/experiments';
import type { Database } from '../../db/client';
import { readExperimentRows } from './store';

export interface ExperimentLog {
  warn(details: { experiment: string; reason: string }, message: string): void;
}

export interface Experiments {
  /** Every experiment that is not ended, freshly read when the last read is older than refreshMs. */
  current(): Promise<readonly Experiment[]>;
  /** Read now: for the web nodes, which keep their own copy for one refresh interval. */
  fresh(): Promise<readonly Experiment[]>;
}

export function openExperiments(db: Database, refreshMs: number, log: ExperimentLog): Experiments {
  let cached: { at: number; experiments: Promise<Experiment[]> } | null = null;
  const load = async () => {
    const { experiments, refused } = parseExperimentRows(await readExperimentRows(db));
    for (const r of refused) {
      log.warn({ experiment: r.id, reason: r.reason }, 'experiment refused: malformed row');
    }
    return experiments.filter((e) => e.status !== 'ended');
  };
  return {
    fresh: load,
    current() {
      const now = Date.now();
      // refreshMs 0 means "never re-read", as for the catalog.
      if (!cached || (refreshMs > 0 && now - cached.at >= refreshMs)) {
        const experiments = load();
        cached = { at: now, experiments };
        // A failed read is not kept: the next request tries again.
        experiments.catch(() => {
          if (cached?.experiments === experiments) cached = null;
        });
      }
      return cached.experiments;
    },
  };
}

/** A visitor's variants of live pricing experiments, from the experiment header. */
export interface PricingVariants {
  /** `id:variant` joined with '+': part of the pricing answer cache's key. */
  key: string;
  variants: readonly { experimentId: string; packages: Readonly<Record<string, string>> }[];
}

export function pricingVariants(
  experiments: readonly Experiment[],
  header: string | undefined,
  now: Date = new Date(),
): PricingVariants {
  const assigned = parseAssignments(header);
  const variants: PricingVariants['variants'][number][] = [];
  for (const experiment of experiments) {
    const value = assigned[experiment.id];
    if (!value || !isPricingExperiment(experiment) || !isLive(experiment, now)) continue;
    const packages = experiment.variants.find((v) => v.value === value)?.packages;
    if (packages) variants.push({ experimentId: experiment.id, packages });
  }
  return {
    key: variants.map((v) => `${v.experimentId}:${assigned[v.experimentId] ?? ''}`).join('+'),
    variants,
  };
}

/** The package priced instead of `packageId` for these variants, if one swaps it. */
export function experimentPackage(pricing: PricingVariants, packageId: string): string {
  for (const variant of pricing.variants) {
    const swapped = variant.packages[packageId];
    if (swapped) return swapped;
  }
  return packageId;
}
