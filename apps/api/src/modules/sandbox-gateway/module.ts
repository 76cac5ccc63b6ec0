/**
 * The sandbox gateway as a whole: its pages and endpoints, its housekeeping, and its adapter
 * for the payments port. Only the provider registry starts it.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
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
}

export function startSandboxGateway(app: FastifyInstance, setting: SandboxSetting): PaymentAdapter {
  const { db, desk, options, frameOrigins, tokenLimit } = setting;
  const gateway = new SandboxGateway(app, db, desk, options);
  sandboxRoutes(app, db, gateway, frameOrigins, options.sessionSecret, tokenLimit);
  bankLinkRoutes(app, desk, options.bankLinkSecret, frameOrigins, options.sessionSecret);
  // Spent card tokens and old settlements go every ten minutes (any node; deletes are idempotent).
  const purge = setInterval(() => {
    Promise.all([purgeCardTokens(db), purgeSettlements(db)]).catch((error: unknown) =>
      app.log.warn({ err: error }, 'sandbox housekeeping failed'),
    );
  }, 10 * 60_000);
  purge.unref();
  app.addHook('onClose', () => clearInterval(purge));
  return sandboxAdapter(gateway);
}
