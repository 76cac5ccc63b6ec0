/**
 * The provider registry: which adapter serves which provider. Adyen serves its own methods when
 * ADYEN_* is configured, PayPal its two variants when PAYPAL_* is; otherwise the sandbox gateway stands in for every provider family it
 * speaks (outside production, or with SANDBOX_GATEWAY=on); the manual bank transfer serves its
 * own provider when MANUAL_TRANSFER_SECRET is set. The only file that knows the adapters;
 * everything else asks it through the port. Chosen here, in the composition root, like the mail
 * transport (DESIGN: shell services), since it starts the sandbox gateway, which payments never imports.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from './db/client';
import { sandboxGatewayOn, type ApiEnv } from './env';
import type { Jobs } from './jobs/queue';
import { startSandboxGateway } from './modules/sandbox-gateway/module';
import type { ProviderRegistry } from './modules/payments/module';
import type { PaymentDesk } from './modules/payments/providers/adapter';
import { adyenAdapter } from './modules/payments/providers/adyen-checkout/adapter';
import { adyenConfig } from './provider-settings/adyen-checkout';
import { adyenMethodOf } from './modules/payments/providers/adyen-checkout/methods';
import { manualTransferAdapter } from './modules/payments/providers/manual-transfer';
import { paypalAdapter } from './modules/payments/providers/paypal-orders/adapter';
import { paypalConfig } from './provider-settings/paypal-orders';
import { paypalReturnRoutes } from './modules/payments/providers/paypal-orders/returns';

export interface RegistrySetting {
  env: ApiEnv;
  db: Database;
  desk: PaymentDesk;
  /** The checkout origins allowed to frame a provider's fields and widgets. */
  frameOrigins: readonly string[];
  /** Counts a card token request at the sandbox; throws past its velocity limit. */
  tokenLimit: (request: FastifyRequest, fingerprint: string) => Promise<void>;
  jobs: Jobs;
}

export function providerRegistry(app: FastifyInstance, setting: RegistrySetting): ProviderRegistry {
  const { env, db, desk } = setting;
  // With no provider configured, every provider runs against the built-in sandbox gateway.
  // Production without it offers the manual bank transfer at most (MANUAL_TRANSFER_SECRET) and
  // otherwise refuses to start a payment.
  if (sandboxGatewayOn(env) && env.NODE_ENV === 'production') {
    app.log.warn(
      'SANDBOX_GATEWAY=on in production: payments go to the sandbox gateway, no money moves, anyone can approve them',
    );
  }
  // In production the sandbox is not served at all unless SANDBOX_GATEWAY=on: anyone may approve
  // its payments and any test card pays.
  const sandbox = sandboxGatewayOn(env)
    ? startSandboxGateway(app, {
        db,
        desk,
        frameOrigins: setting.frameOrigins,
        tokenLimit: setting.tokenLimit,
        jobs: setting.jobs,
        options: {
          asyncSettleMs: env.SANDBOX_ASYNC_SETTLE_MS,
          webhookSecret: env.WEBHOOK_SECRET,
          bankLinkSecret: env.BANK_LINK_SECRET,
          sessionSecret: env.CART_SECRET,
          webhookDelayMs: env.SANDBOX_WEBHOOK_DELAY_MS,
          webhookCopies: env.SANDBOX_WEBHOOK_COPIES,
          webhookReorder: env.SANDBOX_WEBHOOK_REORDER,
          webhookDropRate: env.SANDBOX_WEBHOOK_DROP_RATE,
          fingerprintSecret: env.CARD_FINGERPRINT_SECRET,
        },
      })
    : undefined;
  const manual = env.MANUAL_TRANSFER_SECRET
    ? manualTransferAdapter(env.MANUAL_TRANSFER_SECRET, desk)
    : undefined;
  const adyenAccount = adyenConfig(env);
  const adyen =
    adyenAccount &&
    adyenAdapter({ config: adyenAccount, db, desk, publicOrigin: env.PUBLIC_ORIGIN });
  const paypalAccount = paypalConfig(env);
  const paypal =
    paypalAccount &&
    paypalAdapter({ config: paypalAccount, db, desk, publicOrigin: env.PUBLIC_ORIGIN });
  if (paypal)
    paypalReturnRoutes(app, { db, desk, adapter: paypal, publicOrigin: env.PUBLIC_ORIGIN });
  return {
    adapterFor: (provider) => {
      if (provider.family === 'manual') return manual;
      if (provider.family === 'paypal' && paypal) return paypal;
      // With Adyen configured, its variants are Adyen's (one it has no method for is not offered).
      if (provider.family === 'adyen' && adyen) return adyenMethodOf(provider.id) && adyen;
      return sandbox;
    },
    adapters: [sandbox, manual, adyen, paypal].filter((adapter) => adapter !== undefined),
    adyen,
  };
}
