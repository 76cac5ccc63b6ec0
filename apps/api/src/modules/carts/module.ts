/** Wires carts into the api: who may use a cart (its binding cookie), the blocked e-mail domains and /api/carts/. */
import type { FastifyInstance } from 'fastify';
import type { TaxTable } from '@checkout/core';
import type { Database } from '../../db/client';
import type { ApiEnv } from '../../env';
import type { Catalog } from '../catalog/catalog';
import { cartBinding } from './binding';
import { loadBlockedDomains } from './blocked-domains';
import { cartRoutes } from './routes';
import type { CartDeps } from './service';
import type { UpgradeQuotes } from './upgrade';

export interface CartsSetting {
  env: ApiEnv;
  db: Database;
  catalog: Catalog;
  taxes: TaxTable;
  /** Upgrade carts are priced by the subscription's quote (self-service owns it; orders, which
   * it reads, depend on carts, so the quote comes in as a function). */
  upgradeQuotes: UpgradeQuotes;
}

export function cartsModule(app: FastifyInstance, setting: CartsSetting): CartDeps {
  const { env, db } = setting;
  const deps: CartDeps = {
    db,
    catalog: setting.catalog,
    taxes: setting.taxes,
    isBlockedDomain: loadBlockedDomains(),
    binding: cartBinding(db, env.CART_SECRET, env.PUBLIC_ORIGIN.startsWith('https:')),
    upgradeQuotes: setting.upgradeQuotes,
  };
  cartRoutes(app, deps);
  return deps;
}
