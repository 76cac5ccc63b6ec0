/** Starts the api: configuration, database (migrated), HTTP server; stops cleanly on a signal. */
import { EnvError } from '@checkout/core';
import { buildApp } from './app';
import { openDatabase } from './db/client';
import { openCatalog, prepareCatalog } from './modules/catalog/catalog';
import { loadEnv } from './env';

async function main(): Promise<void> {
  const env = loadEnv();
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    poolMax: env.DATABASE_POOL_MAX,
    pgliteDir: env.PGLITE_DIR,
    prepare: prepareCatalog,
  });
  const catalog = await openCatalog(database.db, env.CATALOG_REFRESH_MS);
  const app = await buildApp({ env, database, catalog });
  const stop = async (): Promise<void> => {
    catalog.close();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
  await app.listen({ host: env.API_HOST, port: env.API_PORT });
}

main().catch((error: unknown) => {
  console.error(error instanceof EnvError ? error.message : error);
  process.exit(1);
});
