/**
 * Operators' edits of the experiments table (the console, issue 33): add one, or change one
 * under its row lock. Each edit runs in one transaction with the caller's `record` (the audit
 * log), and the edited experiment is checked with core's schema before it is written, so a
 * row the api would refuse to serve is never stored. Every node serves the edit within
 * CATALOG_REFRESH_MS (service.ts); the web nodes read afresh on the same interval.
 */
import { eq, sql } from 'drizzle-orm';
import { AppError, ERROR_CODES } from '@checkout/core/contract';
import { experimentSchema, parseExperimentRows, type Experiment } from '@checkout/core/experiments';
import type { Database } from '../../db/client';
import { readExperimentRows, toRow } from './store';
import { experiments } from './tables';

export type RecordEdit = (
  tx: Database,
  before: Experiment | null,
  after: Experiment,
) => Promise<void>;

const noSuchExperiment = () => new AppError(ERROR_CODES.notFound, 'There is no such experiment.');

/** One experiment as stored, or null (a malformed row counts as none: it is not served). */
export async function experimentById(db: Database, id: string): Promise<Experiment | null> {
  const { experiments: found } = parseExperimentRows(await readExperimentRows(db, id));
  return found[0] ?? null;
}

export async function addExperiment(
  db: Database,
  experiment: Experiment,
  record: RecordEdit,
): Promise<Experiment> {
  const checked = experimentSchema.parse(experiment);
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(experiments)
      .values(toRow(checked))
      .onConflictDoNothing()
      .returning({ id: experiments.id });
    if (inserted.length === 0) {
      throw new AppError(ERROR_CODES.conflict, 'An experiment with this id exists already.');
    }
    await record(tx, null, checked);
    return checked;
  });
}

/** `change` answers the edited experiment from the stored one, or throws to leave it be. */
export async function editExperiment(
  db: Database,
  id: string,
  change: (before: Experiment) => Experiment,
  record: RecordEdit,
): Promise<Experiment> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from ${experiments} where ${experiments.id} = ${id} for update`);
    const before = await experimentById(tx, id);
    if (!before) throw noSuchExperiment();
    const after = experimentSchema.parse(change(before));
    await tx
      .update(experiments)
      .set({ ...toRow(after), updatedAt: new Date() })
      .where(eq(experiments.id, id));
    await record(tx, before, after);
    return after;
  });
}
