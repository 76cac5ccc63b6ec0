/**
 * Wires payments into the api: the provider registry app.ts hands it, the payment routes and
 * notification addresses, and the payment jobs (stranded starts, abandoned orders, refunds due).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ProviderSpec } from '@checkout/core';
import type { ApiEnv } from '../../env';
import type { Jobs } from '../../jobs/queue';
import { tracedAdapters } from './provider-spans';
import type { CardGuard } from '../card-testing/card-guard';
import type { CartDeps } from '../carts/service';
import { callbackRoutes } from './callback';
import type { PaymentDeps, PaymentFaults } from './deps';
import { expireAbandonedOrders } from './expiry';
import { inboxJob } from './inbox-job';
import { channelsOf } from './notification-inbox';
import { retryDueRefunds } from './refunds';
import type { PaymentAdapter } from './providers/adapter';
import type { AdyenAdapter } from './providers/adyen-checkout/adapter';
import { paymentRoutes } from './routes';
import { sweepStrandedStarts } from './stranded-starts';

/** Which adapter serves which provider: chosen in the composition root (provider-registry.ts). */
export interface ProviderRegistry {
  /** The adapter of a provider; undefined when none is configured (it is not offered). */
  adapterFor: (provider: ProviderSpec) => PaymentAdapter | undefined;
  /** Every configured adapter once: a notification is read by the one that recognises it. */
  adapters: readonly PaymentAdapter[];
  /** Adyen's adapter when configured: its webhook has an address of its own. */
  adyen: AdyenAdapter | undefined;
}

export interface PaymentsSetting {
  env: ApiEnv;
  jobs: Jobs;
  carts: CartDeps;
  providers: ProviderRegistry;
  cardGuard: CardGuard | undefined;
  faults: PaymentFaults | undefined;
  /** Keeps the buyer's marketing attribution on the order (analytics, handed in by app.ts). */
  attributeOrder: (orderId: string, request: FastifyRequest) => Promise<void>;
}

export function paymentsModule(app: FastifyInstance, setting: PaymentsSetting): PaymentDeps {
  const { env, jobs, providers } = setting;
  const deps: PaymentDeps = {
    ...setting.carts,
    adapterFor: tracedAdapters(providers.adapterFor),
    cardGuard: setting.cardGuard,
    startLeaseMs: env.PAYMENT_START_LEASE_MS,
    faults: setting.faults,
    attributeOrder: setting.attributeOrder,
  };
  // Payment starts stranded by a crashed node are settled from their provider once their lease
  // ran out, also when the shopper never retries (one claims each start); swept once a lease.
  jobs.define('stranded-starts', async () => {
    await sweepStrandedStarts(deps);
  });
  jobs.repeat('stranded-starts', env.PAYMENT_START_LEASE_MS);
  // Every minute: abandoned orders expire and refunds still due are asked again. Both read the
  // database and claim their rows, so a repeat on another node changes nothing.
  const expiryMs = env.ORDER_EXPIRY_MINUTES * 60_000;
  jobs.define('payment-sweep', async () => {
    await Promise.all([expireAbandonedOrders(deps, { expiryMs }), retryDueRefunds(deps)]);
  });
  jobs.every('payment-sweep', '* * * * *');
  paymentRoutes(app, deps);
  callbackRoutes(app, deps, providers.adapters, jobs);
  inboxJob(jobs, deps, channelsOf(providers.adapters), app.log);
  return deps;
}
