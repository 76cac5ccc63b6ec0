/** Wires the checkout's login into the api: its routes, and the purge of expired sessions. */
import type { FastifyInstance } from 'fastify';
import type { Jobs } from '../../jobs/queue';
import { purgeExpiredSessions } from './housekeeping';
import { userRoutes, type UserRouteOptions } from './routes';

export type UsersSetting = UserRouteOptions & { jobs: Jobs };

export function usersModule(app: FastifyInstance, { jobs, ...options }: UsersSetting): void {
  userRoutes(app, options);
  // Expired sessions and login attempts go every ten minutes (deletes are idempotent).
  jobs.define('users-housekeeping', () => purgeExpiredSessions(options.db));
  jobs.every('users-housekeeping', '*/10 * * * *');
}
