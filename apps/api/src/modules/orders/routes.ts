/**
 * GET /api/orders/:id/: the order's status, polled by the processing and pending pages, with its
 * personal details for the cart's owner only. An order still waiting is refreshed from its
 * provider when its notification is overdue.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { noQuerySchema, recordParamsSchema } from '@checkout/core/contract';
import type { Database } from '../../db/client';
import type { CartBinding } from '../carts/binding';
import type { Catalog } from '../catalog/catalog';
import { getOrder, type SubscriptionTermsOf } from './service';

export function orderRoutes(
  app: FastifyInstance,
  db: Database,
  catalog: Catalog,
  binding: CartBinding,
  /** Asks the provider about a waiting order; true when that moved it. */
  refresh: (orderId: string) => Promise<boolean>,
  /** The subscriptions an order started (the subscriptions module owns them). */
  terms: SubscriptionTermsOf,
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const schema = { params: recordParamsSchema, querystring: noQuerySchema };
  api.get('/api/orders/:id/', { schema }, async (request) => {
    const caller = await binding.callerOf(request);
    const order = await getOrder(db, catalog, request.params.id, caller, terms);
    const waiting = order.status === 'new' || order.status === 'pending';
    return waiting && (await refresh(order.id))
      ? getOrder(db, catalog, order.id, caller, terms)
      : order;
  });
}
