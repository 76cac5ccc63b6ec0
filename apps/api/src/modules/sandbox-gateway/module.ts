/**
 * The sandbox gateway as a whole: its pages and endpoints, its housekeeping, and its adapter
 * for the payments port. Only the provider registry starts it.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import type { Jobs } from '../../jobs/queue';
import type { PaymentAdapter, PaymentDesk } from '../payments/providers/adapter';
import { sandboxAdapter } from './adapter';
import { bankLinkRoutes } from './bank-link-routes';
import { SandboxGateway, type SandboxOptions } from './gateway';
import { sandboxRoutes } from './routes';
import { purgeSettlements } from './settlements';
import { purgeCardTokens } from './vault';

export type { SandboxOptions };

export interface SandboxSetting {
  db: Database;
  desk: PaymentDesk;
  options: SandboxOptions;
  /** The checkout origins allowed to frame the card fields and the bank link. */
  frameOrigins: readonly string[];
  /** Counts a card token request; throws past the gateway's own velocity limit. */
  tokenLimit: (request: FastifyRequest, fingerprint: string) => Promise<void>;
  /** Delivers its notifications and runs its housekeeping. */
  jobs: Jobs;
}

const HOUSEKEEPING_JOB = 'sandbox-housekeeping';

export function startSandboxGateway(app: FastifyInstance, setting: SandboxSetting): PaymentAdapter {
  const { db, desk, options, frameOrigins, tokenLimit, jobs } = setting;
  const gateway = new SandboxGateway(app, db, desk, options, jobs);
  sandboxRoutes(app, db, gateway, frameOrigins, options.sessionSecret, tokenLimit);
  bankLinkRoutes(app, desk, options.bankLinkSecret, frameOrigins, options.sessionSecret);
  // Spent card tokens and old settlements go every ten minutes (deletes are idempotent).
  jobs.define(HOUSEKEEPING_JOB, async () => {
    await Promise.all([purgeCardTokens(db), purgeSettlements(db)]);
  });
  jobs.every(HOUSEKEEPING_JOB, '*/10 * * * *');
  return sandboxAdapter(gateway);
}
