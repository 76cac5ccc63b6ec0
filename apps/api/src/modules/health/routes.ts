/** Liveness and readiness: the api answers and its database runs a query. */
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { noQuerySchema } from '@checkout/core';
import type { DatabaseHandle } from '../../db/client';

export function healthRoutes(app: FastifyInstance, database: DatabaseHandle): void {
  // Liveness: the process answers, whatever the database does.
  const schema = { querystring: noQuerySchema };
  app.get('/api/health/live/', { schema }, () => ({ status: 'ok' }));
  app.get('/api/health/', { schema }, async () => {
    await database.db.execute(sql`select 1`);
    return { status: 'ok', database: database.kind };
  });
}
