/**
 * `GET /api/experiments/`: the experiments that have not ended (running and paused: QA may
 * force a paused one's variant), for the web app's request pipeline, which assigns visitors.
 */
import type { FastifyInstance } from 'fastify';
import { noQuerySchema } from '@checkout/core';
import type { Experiments } from './service';

export function experimentRoutes(app: FastifyInstance, experiments: Experiments): void {
  app.get('/api/experiments/', { schema: { querystring: noQuerySchema } }, async (_req, reply) => {
    // Read afresh: each web node keeps this for one refresh interval, so an edit reaches the
    // pages within CATALOG_REFRESH_MS, not twice that.
    const list = await experiments.fresh();
    void reply.header('cache-control', 'no-store');
    return { experiments: list };
  });
}
