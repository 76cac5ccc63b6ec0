/**
 * The console's experiments: the list, one experiment with its results (the figures of
 * `npm run report:experiments`), and the changes (create, start, pause, stop, weights), each
 * made by the experiments module and written to the audit log in the same transaction.
 */
import {
  AppError,
  ERROR_CODES,
  nextExperimentStatus,
  reweighted,
  sampleRatioVerdict,
  targetingOf,
  targetingRules,
  type ConsoleExperiment,
  type ConsoleExperimentCreate,
  type ConsoleExperimentDetail,
  type ExperimentCommand,
} from '@checkout/core/contract';
import {
  configuredWeights,
  EXPERIMENT_PROJECT,
  experimentResults,
  parseExperimentRows,
  type Experiment,
} from '@checkout/core/experiments';
import type { Database } from '../../db/client';
import { loadExperimentCounts } from '../analytics/experiment-results';
import {
  addExperiment,
  editExperiment,
  experimentById,
  type RecordEdit,
} from '../experiments/editing';
import { readExperimentRows } from '../experiments/store';
import { audit } from './audit';
import type { Actor } from './orders';

const shown = (e: Experiment): ConsoleExperiment => ({
  id: e.id,
  description: e.description,
  type: e.type,
  status: e.status,
  allocation: e.allocation,
  variants: e.variants.map((v) => ({ value: v.value, weight: v.weight })),
  targeting: targetingOf(e.filterSettings),
});

const weightsOf = (e: Experiment) => Object.fromEntries(e.variants.map((v) => [v.value, v.weight]));

export async function listExperiments(db: Database): Promise<ConsoleExperiment[]> {
  return parseExperimentRows(await readExperimentRows(db)).experiments.map(shown);
}

export async function experimentDetail(db: Database, id: string): Promise<ConsoleExperimentDetail> {
  const experiment = await experimentById(db, id);
  if (!experiment) throw new AppError(ERROR_CODES.notFound, 'There is no such experiment.');
  const counts = (await loadExperimentCounts(db)).filter((c) => c.experiment === id);
  const [result] = experimentResults(counts, configuredWeights([experiment]));
  return {
    ...shown(experiment),
    results: result ? { ...result, verdict: sampleRatioVerdict(result) } : null,
  };
}

/** The audit entry of one edit: the part that changed, before and after. */
const audited =
  (who: Actor, action: string, part: (e: Experiment) => unknown): RecordEdit =>
  (tx, before, after) =>
    audit(tx, who.member, who.address, {
      action,
      subject: `experiment:${after.id}`,
      before: before ? part(before) : null,
      after: part(after),
    });

export async function createExperiment(
  db: Database,
  who: Actor,
  input: ConsoleExperimentCreate,
): Promise<ConsoleExperiment> {
  const { targeting, ...definition } = input;
  const targeted = targeting && targetingRules(targeting);
  const filters = [definition.filterSettings, targeted].filter(
    (g) => g !== null && g !== undefined,
  );
  const experiment: Experiment = {
    ...definition,
    filterSettings:
      filters.length > 1 ? { combinator: 'AND', rules: filters } : (filters[0] ?? null),
    type: 'segment',
    isolate: false,
    allocator: [EXPERIMENT_PROJECT],
    start: null,
    end: null,
    status: 'paused',
  };
  return shown(await addExperiment(db, experiment, audited(who, 'experiment.create', shown)));
}

export async function commandExperiment(
  db: Database,
  who: Actor,
  id: string,
  command: ExperimentCommand,
): Promise<ConsoleExperiment> {
  const edited = await editExperiment(
    db,
    id,
    (before) => {
      const status = nextExperimentStatus(before.status, command);
      if (!status) {
        throw new AppError(
          ERROR_CODES.conflict,
          `An experiment ${before.status} cannot ${command}.`,
        );
      }
      return { ...before, status };
    },
    audited(who, `experiment.${command}`, (e) => ({ status: e.status })),
  );
  return shown(edited);
}

export async function changeWeights(
  db: Database,
  who: Actor,
  id: string,
  weights: Readonly<Record<string, number>>,
): Promise<ConsoleExperiment> {
  const edited = await editExperiment(
    db,
    id,
    (before) => {
      const variants = reweighted(before.variants, weights);
      if (!variants) {
        throw new AppError(
          ERROR_CODES.validation,
          'Give a weight to each variant, and only to them.',
          [
            {
              path: 'weights',
              message: `the variants are ${before.variants.map((v) => v.value).join(', ')}`,
            },
          ],
        );
      }
      return { ...before, variants };
    },
    audited(who, 'experiment.weights', (e) => ({ weights: weightsOf(e) })),
  );
  return shown(edited);
}
