/**
 * GET /api/orders/:id/: the order's status, polled by the processing and pending pages. An
 * order still waiting is refreshed from its provider when its notification is overdue.
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import type { Catalog } from '../catalog/catalog';
import { getOrder } from './service';

export function orderRoutes(
  app: FastifyInstance,
  db: Database,
  catalog: Catalog,
  /** Asks the provider about a waiting order; true when that moved it. */
  refresh: (orderId: string) => Promise<boolean>,
): void {
  app.get<{ Params: { id: string } }>('/api/orders/:id/', async (request) => {
    const order = await getOrder(db, catalog, request.params.id);
    const waiting = order.status === 'new' || order.status === 'pending';
    return waiting && (await refresh(order.id)) ? getOrder(db, catalog, order.id) : order;
  });
}
