/**
 * `GET /api/experiments/`: the experiments that have not ended (running and paused: QA may
 * force a paused one's variant), for the web app's request pipeline, which assigns visitors.
 */
import type { FastifyInstance } from 'fastify';
import type { Experiments } from './service';

export function experimentRoutes(app: FastifyInstance, experiments: Experiments): void {
  app.get('/api/experiments/', async (_req, reply) => {
    const list = await experiments.current();
    // Every web node reads this once per refresh interval; no shared cache should keep it longer.
    void reply.header('cache-control', 'no-store');
    return { experiments: list };
  });
}
