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
  /**
   * The snapshot, re-read first when it is older than `version` (a version a checkout saw on
   * another node): prices never go back after a publication (read-your-writes across nodes).
   */
  atLeast(version: number): Promise<CatalogSnapshot>;
  close(): void;
}

/** A version no node has yet cannot make each request re-read: at most one read this often. */
export const FORCED_RELOAD_GAP_MS = 1000;

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
  let reading: Promise<void> | undefined;
  let lastForced = 0;
  // Concurrent callers share one read.
  const reload = () =>
    (reading ??= readCatalogRows(db)
      .then((rows) => {
        current = buildSnapshot(rows);
      })
      .finally(() => {
        reading = undefined;
      }));
  const atLeast = async (version: number) => {
    const now = Date.now();
    if (
      Number(current.version) < version &&
      (reading || now - lastForced >= FORCED_RELOAD_GAP_MS)
    ) {
      lastForced = now;
      await reload();
    }
    return current;
  };
  const timer =
    refreshMs > 0
      ? setInterval(() => {
          reload().catch((error: unknown) => console.error('catalog refresh failed', error));
        }, refreshMs)
      : undefined;
  timer?.unref();
  return { snapshot: () => current, reload, atLeast, close: () => clearInterval(timer) };
}
