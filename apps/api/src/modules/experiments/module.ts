/** Wires experiments into the api: the experiments every node serves, and GET /api/experiments/. */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import type { ApiEnv } from '../../env';
import { experimentRoutes } from './routes';
import { openExperiments, type Experiments } from './service';

export interface ExperimentsSetting {
  env: ApiEnv;
  db: Database;
}

export function experimentsModule(
  app: FastifyInstance,
  { env, db }: ExperimentsSetting,
): Experiments {
  // Re-read like the catalog, so an edited row reaches every node within CATALOG_REFRESH_MS.
  const experiments = openExperiments(db, env.CATALOG_REFRESH_MS, app.log);
  experimentRoutes(app, experiments, env.INTERNAL_API_TOKEN);
  return experiments;
}
