/**
 * The catalog as the api serves it: seeded on first start, read from the database into an
 * immutable snapshot, and re-read periodically so catalog edits reach every api node.
 */
import type { Database } from '../../db/client';
import { readSeed } from './seed-data';
import { seedCatalog } from './seed';
import { buildSnapshot, type CatalogSnapshot } from './snapshot';
import { readCatalogRows } from './store';
import { readExperimentSeed, seedExperiments } from '../experiments/store';

export interface Catalog {
  snapshot(): CatalogSnapshot;
  reload(): Promise<void>;
  close(): void;
}

/**
 * Seeds an empty catalog, and an empty experiments table (data/experiments/, owned by the
 * experiments module); run by openDatabase's `prepare`, under the start-up lock.
 */
export async function prepareCatalog(db: Database): Promise<void> {
  await seedCatalog(db, readSeed());
  await seedExperiments(db, readExperimentSeed());
}

export async function openCatalog(db: Database, refreshMs: number): Promise<Catalog> {
  let current = buildSnapshot(await readCatalogRows(db));
  const reload = async () => {
    current = buildSnapshot(await readCatalogRows(db));
  };
  const timer =
    refreshMs > 0
      ? setInterval(() => {
          reload().catch((error: unknown) => console.error('catalog refresh failed', error));
        }, refreshMs)
      : undefined;
  timer?.unref();
  return { snapshot: () => current, reload, close: () => clearInterval(timer) };
}
