/**
 * The experiments prepared once per definitions list, not once per request: rules compiled into
 * predicates, dates parsed, ids indexed, each variant's redirect and each experiment's scope
 * looked up in advance. A web node re-reads the list every refresh interval and so gets a new
 * array; the table of the old one is dropped with it (WeakMap).
 */
import { RuleCompiler, type RulePredicate } from './experiment-rules';
import {
  EXCLUDED_VARIANT,
  EXPERIMENT_PROJECT,
  isPricingExperiment,
  type Experiment,
} from './experiments';

export interface CompiledExperiment {
  readonly experiment: Experiment;
  /** Position in the list: the index of per-request flags. */
  readonly index: number;
  /** Running and allocated to this project; the dates are checked per request. */
  readonly runsHere: boolean;
  readonly startMs: number;
  readonly endMs: number;
  /** The variant values a cookie may name, the excluded share among them. */
  readonly values: ReadonlySet<string>;
  readonly redirectOf: ReadonlyMap<string, string>;
  /** Allocated to other projects too: kept in `experiment_global`. */
  readonly global: boolean;
  readonly pricing: boolean;
  readonly matches: RulePredicate;
}

export interface PackageVariant {
  readonly experiment: CompiledExperiment;
  readonly value: string;
}

export interface ExperimentTable {
  readonly list: readonly CompiledExperiment[];
  readonly byId: ReadonlyMap<string, CompiledExperiment>;
  /** How many distinct rules the list holds: the size of a request's memo. */
  readonly ruleCount: number;
  /**
   * A package → the pricing experiments' variants that price it, in list order
   * (`exp_package_identifier`; whether each is live is a question of the request's time).
   */
  readonly variantsOfPackage: ReadonlyMap<string, readonly PackageVariant[]>;
}

const always: RulePredicate = () => true;

function compile(experiments: readonly Experiment[]): ExperimentTable {
  const rules = new RuleCompiler();
  const byId = new Map<string, CompiledExperiment>();
  const variantsOfPackage = new Map<string, PackageVariant[]>();
  const list = experiments.map((experiment, index): CompiledExperiment => {
    const triggers = experiment.triggers ? rules.group(experiment.triggers) : always;
    const filters = experiment.filterSettings ? rules.group(experiment.filterSettings) : always;
    const compiled: CompiledExperiment = {
      experiment,
      index,
      runsHere:
        experiment.status === 'running' && experiment.allocator.includes(EXPERIMENT_PROJECT),
      startMs: experiment.start === null ? -Infinity : Date.parse(experiment.start),
      endMs: experiment.end === null ? Infinity : Date.parse(experiment.end),
      values: new Set([EXCLUDED_VARIANT, ...experiment.variants.map((v) => v.value)]),
      redirectOf: new Map(
        experiment.variants.flatMap((v) => (v.redirectTo ? [[v.value, v.redirectTo]] : [])),
      ),
      global: experiment.allocator.some((p) => p !== EXPERIMENT_PROJECT),
      pricing: isPricingExperiment(experiment),
      matches: (facts, memo) => triggers(facts, memo) && filters(facts, memo),
    };
    byId.set(experiment.id, compiled);
    if (compiled.pricing) {
      for (const variant of experiment.variants) {
        // A variant naming one package twice (two defaults priced alike) is listed once.
        for (const pkg of new Set(Object.values(variant.packages ?? {}))) {
          const priced = variantsOfPackage.get(pkg) ?? [];
          priced.push({ experiment: compiled, value: variant.value });
          variantsOfPackage.set(pkg, priced);
        }
      }
    }
    return compiled;
  });
  return { list, byId, ruleCount: rules.count, variantsOfPackage };
}

const tables = new WeakMap<readonly Experiment[], ExperimentTable>();

/**
 * The table of this list, compiled on first use. The list must not be changed in place
 * afterwards (definitions are replaced whole on every read, never edited).
 */
export function experimentTable(experiments: readonly Experiment[]): ExperimentTable {
  let table = tables.get(experiments);
  if (!table) {
    table = compile(experiments);
    tables.set(experiments, table);
  }
  return table;
}

/** isLive (experiments.ts) on a compiled experiment, without parsing dates. */
export function isLiveAt(compiled: CompiledExperiment, time: number): boolean {
  return compiled.runsHere && compiled.startMs <= time && time < compiled.endMs;
}
