/** Starts the api: configuration, database (migrated), HTTP server; stops cleanly on a signal. */
import { buildApp } from './app';
import { openDatabase, readPgliteTemplate } from './db/client';
import { openCatalog, prepareCatalog } from './modules/catalog/catalog';
import { loadEnv, type ApiEnv } from './env';
import { logOutput } from './http/log-output';
import { startupFailure } from './startup-failure';

/** How far the start got: a failure is explained by the variables of that step. */
let stage: 'database' | 'listen' | undefined;
let loaded: ApiEnv | undefined;

async function main(): Promise<void> {
  const env = loadEnv();
  loaded = env;
  stage = 'database';
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    poolMax: env.DATABASE_POOL_MAX,
    pgliteDir: env.PGLITE_DIR,
    pgliteTemplate: await readPgliteTemplate(env.PGLITE_TEMPLATE),
    prepare: prepareCatalog,
  });
  const catalog = await openCatalog(database.db, env.CATALOG_REFRESH_MS);
  const logStream = logOutput({
    production: env.NODE_ENV === 'production',
    terminal: process.stdout.isTTY === true,
  });
  const app = await buildApp({ env, database, catalog, logStream });
  const stop = async (): Promise<void> => {
    catalog.close();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
  stage = 'listen';
  await app.listen({ host: env.API_HOST, port: env.API_PORT });
  stage = undefined;
}

main().catch((error: unknown) => {
  const message = startupFailure(error, stage, loaded);
  console.error(message ? `[api] ${message}` : error);
  process.exit(1);
});
