/** Builds the api: plugins, error handling and every module's routes, on a given database. */
import Fastify, { type FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import type { DatabaseHandle } from './db/client';
import type { ApiEnv } from './env';
import { registerErrorHandling } from './http/errors';
import type { Catalog } from './modules/catalog/catalog';
import { loadBlockedDomains } from './modules/carts/blocked-domains';
import { cartRoutes } from './modules/carts/routes';
import { healthRoutes } from './modules/health/routes';
import { loadTaxTable } from './modules/taxes/tax-table';
import { taxRoutes } from './modules/taxes/routes';
import { pricingRoutes } from './modules/pricing/routes';

export interface AppOptions {
  env: ApiEnv;
  database: DatabaseHandle;
  catalog: Catalog;
}

export async function buildApp({ env, database, catalog }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      env.LOG_LEVEL === 'silent'
        ? false
        : {
            level: env.LOG_LEVEL,
            // Query strings can carry tokens and e-mail addresses; log the path only.
            serializers: {
              req: (req: { method: string; url: string }) => ({
                method: req.method,
                path: req.url.split('?')[0],
              }),
            },
          },
    trustProxy: env.TRUST_PROXY,
    routerOptions: { ignoreTrailingSlash: true },
  });
  registerErrorHandling(app);
  await app.register(rateLimit, { max: env.RATE_LIMIT_MAX, timeWindow: '1 minute' });
  healthRoutes(app, database);
  pricingRoutes(app, catalog, env.LOG_LEVEL !== 'silent');
  const taxes = loadTaxTable();
  taxRoutes(app, taxes);
  cartRoutes(app, { db: database.db, catalog, taxes, isBlockedDomain: loadBlockedDomains() });
  return app;
}
