/** GET /api/orders/:id/: the order's status, polled by the processing page. */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { getOrder } from './service';

export function orderRoutes(app: FastifyInstance, db: Database): void {
  app.get<{ Params: { id: string } }>('/api/orders/:id/', (request) =>
    getOrder(db, request.params.id),
  );
}
