/**
 * `GET /api/experiments/`: the experiments that have not ended (running and paused: QA may
 * force a paused one's variant), for the web app's request pipeline, which assigns visitors.
 * Only the web server may read them: they are the whole test plan (rules, weights, redirects,
 * paused experiments not yet launched), and the browser is told only its own variants.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  AppError,
  ERROR_CODES,
  INTERNAL_TOKEN_HEADER,
  noQuerySchema,
} from '@checkout/core/contract';
import type { Experiments } from './service';

const digest = (value: string) => createHash('sha256').update(value).digest();

export function experimentRoutes(
  app: FastifyInstance,
  experiments: Experiments,
  internalToken: string,
): void {
  const expected = digest(internalToken);
  app.get(
    '/api/experiments/',
    { schema: { querystring: noQuerySchema } },
    async (request, reply) => {
      const given = request.headers[INTERNAL_TOKEN_HEADER];
      // Compared as digests: equal lengths, and no timing hint of how much of a guess was right.
      if (typeof given !== 'string' || !timingSafeEqual(digest(given), expected)) {
        throw new AppError(ERROR_CODES.unauthenticated, 'This list is for the checkout server');
      }
      // Read afresh: each web node keeps this for one refresh interval, so an edit reaches the
      // pages within CATALOG_REFRESH_MS, not twice that.
      const list = await experiments.fresh();
      void reply.header('cache-control', 'no-store');
      return { experiments: list };
    },
  );
}
