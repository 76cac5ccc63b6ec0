/** Wires pricing into the api: /graphql, with the variants of the experiments a shopper is in. */
import type { FastifyInstance } from 'fastify';
import type { ApiEnv } from '../../env';
import type { Catalog } from '../catalog/catalog';
import type { CatalogSnapshot } from '../catalog/snapshot';
import type { Experiments } from '../experiments/service';
import { pricingRoutes } from './routes';

export interface PricingSetting {
  env: ApiEnv;
  catalog: Catalog;
  experiments: Experiments;
  /** The checkout's own origins: they may read /graphql with cookies. */
  corsOrigins: readonly string[];
  /** A catalog draft's snapshot by its preview token (the console's preview link). */
  preview: (token: string) => Promise<CatalogSnapshot>;
}

export function pricingModule(app: FastifyInstance, setting: PricingSetting): void {
  const { env } = setting;
  pricingRoutes(app, setting.catalog, {
    logging: env.LOG_LEVEL !== 'silent',
    introspection: env.NODE_ENV !== 'production',
    experiments: setting.experiments,
    corsOrigins: setting.corsOrigins,
    preview: setting.preview,
  });
}
