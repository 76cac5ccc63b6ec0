/** Wires analytics into the api: the first-party collector, and the attribution an order keeps. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import { sandboxGatewayOn, type ApiEnv } from '../../env';
import { analyticsRoutes } from './routes';
import { attributeOrder } from './service';

export interface AnalyticsSetting {
  env: ApiEnv;
  db: Database;
}

export interface Analytics {
  /** Keeps the buyer's marketing attribution on the order (payments calls it after a start). */
  attributeOrder: (orderId: string, request: FastifyRequest) => Promise<void>;
}

export function analyticsModule(app: FastifyInstance, { env, db }: AnalyticsSetting): Analytics {
  analyticsRoutes(app, db, {
    batchesPerMinute: env.EVENTS_RATE_LIMIT_MAX,
    sandbox: sandboxGatewayOn(env),
  });
  return {
    attributeOrder: (orderId, request) =>
      attributeOrder(db, orderId, request.cookies, request.headers['sec-gpc'] === '1'),
  };
}
