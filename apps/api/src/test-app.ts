/** Test helper: the real api on a fresh in-memory PGlite (or a given PostgreSQL), migrated like production. */
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { openDatabase, type DatabaseHandle } from './db/client';
import { loadEnv, type ApiEnv } from './env';
import type { LogStream } from './http/logger';
import type { PaymentFaults } from './modules/payments/deps';
import { openCatalog, prepareCatalog, type Catalog } from './modules/catalog/catalog';

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  catalog: Catalog;
  close(): Promise<void>;
}

export async function createTestApp(
  overrides: Record<string, string> = {},
  /** `logStream`: where the log lines go (with a LOG_LEVEL override), to read them in a test. */
  options: { logStream?: LogStream; faults?: PaymentFaults } = {},
): Promise<TestApp> {
  // Suites pay many times from one browser and e-mail; the card-testing tests turn it on.
  // Production keeps it on (it refuses "off").
  const defence = overrides.NODE_ENV === 'production' ? {} : { CARD_TESTING_DEFENCE: 'off' };
  const env: ApiEnv = loadEnv({
    LOG_LEVEL: 'silent',
    PGLITE_DIR: 'memory://',
    ...defence,
    ...overrides,
  });
  // A DATABASE_URL override runs the same api on PostgreSQL (a throwaway cluster in tests).
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    pgliteDir: env.PGLITE_DIR,
    prepare: prepareCatalog,
  });
  const catalog = await openCatalog(database.db, 0);
  const app = await buildApp({
    env,
    database,
    catalog,
    logStream: options.logStream,
    faults: options.faults,
  });
  return {
    app,
    database,
    catalog,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
