/** Wires orders into the api: GET /api/orders/:id/, which the processing and pending pages poll. */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import type { CartBinding } from '../carts/binding';
import type { Catalog } from '../catalog/catalog';
import { orderRoutes } from './routes';
import type { SubscriptionTermsOf } from './service';

export interface OrdersSetting {
  db: Database;
  catalog: Catalog;
  binding: CartBinding;
  /** Asks the provider about a waiting order; true when that moved it (payments, above). */
  refresh: (orderId: string) => Promise<boolean>;
  /** The subscriptions an order started (the subscriptions module owns them). */
  terms: SubscriptionTermsOf;
}

export function ordersModule(app: FastifyInstance, setting: OrdersSetting): void {
  const { db, catalog, binding, refresh, terms } = setting;
  orderRoutes(app, db, catalog, binding, refresh, terms);
}
