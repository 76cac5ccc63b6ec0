/** Liveness and readiness: the api answers and its database runs a query. */
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { noQuerySchema } from '@checkout/core/contract';
import type { DatabaseHandle } from '../../db/client';

export function healthRoutes(app: FastifyInstance, database: DatabaseHandle): void {
  // Liveness: the process answers, whatever the database does. Probes come every few seconds:
  // their requests are not logged (a failing one still is, at warn and above).
  const options = { schema: { querystring: noQuerySchema }, logLevel: 'warn' as const };
  app.get('/api/health/live/', options, () => ({ status: 'ok' }));
  app.get('/api/health/', options, async () => {
    await database.db.execute(sql`select 1`);
    return { status: 'ok', database: database.kind };
  });
}
