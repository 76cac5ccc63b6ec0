/** Experiment rows: the seed from data/experiments/ on first start, and every row as stored. */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { experimentSchema, type Experiment } from '@checkout/core/experiments';
import type { Database } from '../../db/client';
import { experiments } from './tables';

export const DEFAULT_EXPERIMENTS_DIR = fileURLToPath(
  new URL('../../../../../data/experiments/', import.meta.url),
);

/** One JSON file per experiment; a broken seed file is a bug in the repository: it throws. */
export function readExperimentSeed(dir: string = DEFAULT_EXPERIMENTS_DIR): Experiment[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => experimentSchema.parse(JSON.parse(readFileSync(`${dir}/${name}`, 'utf8'))));
}

export const toRow = (e: Experiment): typeof experiments.$inferInsert => ({
  id: e.id,
  description: e.description,
  type: e.type,
  isolate: e.isolate,
  allocation: e.allocation,
  variants: e.variants,
  allocator: e.allocator,
  triggers: e.triggers,
  filterSettings: e.filterSettings,
  startsAt: e.start === null ? null : new Date(e.start),
  endsAt: e.end === null ? null : new Date(e.end),
  status: e.status,
});

/** Seeds an empty table (first start); experiments operators edited or removed stay so. */
export async function seedExperiments(db: Database, seed: readonly Experiment[]): Promise<void> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(experiments);
  if ((row?.n ?? 0) > 0 || seed.length === 0) return;
  await db.insert(experiments).values(seed.map(toRow)).onConflictDoNothing();
}

/** Every row (or the one of `id`) in the shape core's schema checks (dates as ISO strings). */
export async function readExperimentRows(
  db: Database,
  id?: string,
): Promise<{ id: string; definition: unknown }[]> {
  const rows = await db
    .select()
    .from(experiments)
    .where(id === undefined ? undefined : eq(experiments.id, id))
    .orderBy(experiments.id);
  return rows.map((r) => ({
    id: r.id,
    definition: {
      description: r.description,
      type: r.type,
      isolate: r.isolate,
      allocation: r.allocation,
      variants: r.variants,
      allocator: r.allocator,
      triggers: r.triggers,
      filterSettings: r.filterSettings,
      start: r.startsAt?.toISOString() ?? null,
      end: r.endsAt?.toISOString() ?? null,
      status: r.status,
    },
  }));
}
