/** GET /api/orders/:id/: the order's status, polled by the processing page. */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import type { Catalog } from '../catalog/catalog';
import { getOrder } from './service';

export function orderRoutes(app: FastifyInstance, db: Database, catalog: Catalog): void {
  app.get<{ Params: { id: string } }>('/api/orders/:id/', (request) =>
    getOrder(db, catalog, request.params.id),
  );
}
