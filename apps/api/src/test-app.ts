/**
 * Test helper: the real api on a fresh in-memory PGlite (or a given PostgreSQL), migrated like
 * production; the PGlite starts from the migrated template (db/test-template.ts).
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { openDatabase, type DatabaseHandle } from './db/client';
import { migratedTemplate } from './db/test-template';
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
  // Error-level lines (an unhandled error, a failed sweep) go to console.error, which fails
  // the test that did not expect them (scripts/setup-test-env.ts); a test reading the log
  // lines itself gives its own stream and level.
  const logStream = options.logStream ?? { write: (line: string) => console.error(line) };
  const env: ApiEnv = loadEnv({
    LOG_LEVEL: options.logStream ? 'silent' : 'error',
    PGLITE_DIR: 'memory://',
    // Billing prints in the suite's own thread: a worker would load and compile the renderers
    // again for every suite (render-pool.test.ts and billing.test.ts run the workers).
    BILLING_RENDER_WORKERS: '0',
    ...defence,
    ...overrides,
  });
  // A DATABASE_URL override runs the same api on PostgreSQL (a throwaway cluster in tests).
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    pgliteDir: env.PGLITE_DIR,
    prepare: prepareCatalog,
    pgliteTemplate: env.DATABASE_URL ? undefined : await migratedTemplate(),
  });
  const catalog = await openCatalog(database.db, 0);
  const app = await buildApp({
    env,
    database,
    catalog,
    logStream,
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
