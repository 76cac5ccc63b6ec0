/** Builds the api: plugins, error handling and every module's routes, on a given database. */
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import type { DatabaseHandle } from './db/client';
import type { ApiEnv } from './env';
import { registerPrivateAnswers } from './http/cache-control';
import { registerCsrfProtection } from './http/csrf';
import { processClock } from './jobs/clock';
import { jobQueue } from './jobs/queue';
import { registerErrorHandling } from './http/errors';
import { KEEP_ALIVE_TIMEOUT_MS } from './http/keep-alive';
import { loggerOptions, type LogStream } from './http/logger';
import { mailTransport } from './mail/transport';
import { registerPlainTextGuard } from './http/plain-text-guard';
import { requireRouteSchemas } from './http/route-schemas';
import type { Catalog } from './modules/catalog/catalog';
import { previewSnapshot } from './modules/catalog/versions';
import { analyticsModule } from './modules/analytics/module';
import { cardTestingModule } from './modules/card-testing/module';
import { cartsModule } from './modules/carts/module';
import { experimentsModule } from './modules/experiments/module';
import { ordersModule } from './modules/orders/module';
import { pricingModule } from './modules/pricing/module';
import { taxesModule } from './modules/taxes/module';
import { identityModule } from './modules/identity/module';
import { usersModule } from './modules/users/module';
import { paymentsModule } from './modules/payments/module';
import { healthRoutes } from './modules/health/routes';
import { OidcClient } from './modules/users/oidc-client';
import { accountHistory } from './modules/self-service/history';
import { paymentDesk } from './modules/payments/desk';
import { disputeAlert } from './modules/payments/dispute-alert';
import { providerRegistry } from './provider-registry';
import { refreshPayment } from './modules/payments/payment-steps';
import type { PaymentFaults } from './modules/payments/deps';
import { selfServiceRoutes } from './modules/self-service/routes';
import { upgradeTerms } from './modules/self-service/upgrade';
import { billingModule } from './modules/billing/module';
import { localizedNotices } from './modules/billing/renewal-notices';
import { logOrderMoves } from './modules/orders/business-log';
import { countPaymentOutcomes } from './modules/payments/business-metrics';
import { startErrorReporting } from './telemetry/error-reporting';
import { requestSpans } from './telemetry/request-spans';
import { startTelemetry } from './telemetry/telemetry';
import { renewalsModule } from './modules/renewals/module';
import { renewNow } from './modules/renewals/renewals';
import { consoleModule } from './modules/console/module';
import { subscriptionTermsSql } from './modules/subscriptions/order-terms';

export interface AppOptions {
  env: ApiEnv;
  database: DatabaseHandle;
  catalog: Catalog;
  /** Where log lines go; standard output unless given (tests read them). */
  logStream?: LogStream | undefined;
  /** Tests only: faults injected into payment starts (a crash between charge and answer). */
  faults?: PaymentFaults | undefined;
}

export async function buildApp({
  env,
  database,
  catalog,
  logStream,
  faults,
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(env.LOG_LEVEL, logStream),
    trustProxy: env.TRUST_PROXY,
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  const telemetry = startTelemetry(env);
  if (telemetry) {
    app.addHook('onClose', () => telemetry.shutdown());
    await app.register(requestSpans());
    const stopCounting = countPaymentOutcomes(database.db);
    app.addHook('onClose', () => stopCounting());
  }
  registerErrorHandling(app, startErrorReporting(env, app.log));
  const stopLogging = logOrderMoves(app.log);
  app.addHook('onClose', () => stopLogging());
  // Every delayed or periodic task is a job in the database (jobs/queue.ts); the queue starts
  // once every module declared its jobs, below, and stops before the database closes.
  const jobs = jobQueue(database, app.log);
  app.addHook('onClose', () => jobs.stop());
  requireRouteSchemas(app);
  // Before any plugin or route, so every scope (the identity provider's too) inherits it.
  registerCsrfProtection(app, [env.PUBLIC_ORIGIN, ...env.ALLOWED_REDIRECT_ORIGINS]);
  registerPlainTextGuard(app);
  registerPrivateAnswers(app);
  await app.register(rateLimit, { max: env.RATE_LIMIT_MAX, timeWindow: '1 minute' });
  // The sandbox gateway's hosted pages post ordinary HTML forms.
  await app.register(formbody);
  await app.register(cookie);
  healthRoutes(app, database);
  const db = database.db;
  const experiments = experimentsModule(app, { env, db });
  // The checkout's own origins: they may read /graphql with cookies and frame the card fields.
  const checkoutOrigins = [
    new URL(env.PUBLIC_ORIGIN).origin,
    ...env.ALLOWED_REDIRECT_ORIGINS.map((o) => new URL(o).origin),
  ];
  pricingModule(app, {
    env,
    catalog,
    experiments,
    corsOrigins: checkoutOrigins,
    preview: (token) => previewSnapshot(db, token),
  });
  const taxes = taxesModule(app);
  const carts = cartsModule(app, {
    env,
    db,
    catalog,
    taxes,
    upgradeQuotes: (accountId, subscriptionId, plan) =>
      upgradeTerms({ db, catalog, now: () => new Date() }, accountId, subscriptionId, plan),
  });
  const cardTesting = cardTestingModule(app, { db, env, jobs });
  const embeddedIssuer = new URL('/oidc', env.PUBLIC_ORIGIN).toString();
  // One mail transport for every module that mails (DESIGN: shell services).
  const mailer = mailTransport(app, db, env);
  const identity = env.OIDC_ISSUER
    ? undefined
    : await identityModule(app, {
        db,
        issuer: embeddedIssuer,
        env,
        isBlockedDomain: carts.isBlockedDomain,
        humanCheck: cardTesting.humanCheck,
        mailer,
        jobs,
      });
  usersModule(app, {
    db,
    client: new OidcClient({
      issuer: env.OIDC_ISSUER ?? embeddedIssuer,
      clientId: env.OIDC_CLIENT_ID,
      clientSecret: env.OIDC_CLIENT_SECRET,
      fetch: identity?.fetch,
    }),
    publicOrigin: env.PUBLIC_ORIGIN,
    allowedOrigins: env.ALLOWED_REDIRECT_ORIGINS,
    loginRateLimit: env.LOGIN_RATE_LIMIT_MAX,
    endProviderSession: identity?.endSession,
    accountHistory: (email) => accountHistory(db, catalog, email),
    jobs,
  });
  // The provider registry, chosen here like the mail transport (DESIGN: shell services).
  const providers = providerRegistry(app, {
    env,
    db,
    desk: paymentDesk({ db, catalog }, disputeAlert(app.log, mailer, env.ADYEN_OPERATOR_EMAIL)),
    frameOrigins: checkoutOrigins,
    tokenLimit: cardTesting.tokenLimit,
    jobs,
  });
  const analytics = analyticsModule(app, { env, db });
  const payments = paymentsModule(app, {
    env,
    jobs,
    carts,
    providers,
    cardGuard: cardTesting.cardGuard,
    faults,
    attributeOrder: analytics.attributeOrder,
  });
  ordersModule(app, {
    db,
    catalog,
    binding: carts.binding,
    refresh: (orderId) => refreshPayment(payments, orderId, env.PAYMENT_REFRESH_AFTER_MS),
    terms: subscriptionTermsSql,
  });
  // The dashboard's auto-renew, cancel, refund and upgrades (issue 20), on the account's own.
  selfServiceRoutes(app, { ...payments, now: () => new Date() });
  const renewals = renewalsModule(app, {
    env,
    outcome: payments,
    jobs,
    clock: processClock,
    // Billing's localized templates over the api's mail transport.
    notices: localizedNotices({ db, catalog, mailer, publicOrigin: env.PUBLIC_ORIGIN }),
  });
  // Receipts, invoices and credit notes follow the orders' moves; a job sweeps the outbox.
  const outbox = billingModule(app, {
    db,
    catalog,
    mailer,
    publicOrigin: env.PUBLIC_ORIGIN,
    jobs,
    renderWorkers: env.BILLING_RENDER_WORKERS,
  });
  // The operators' console (issue 33): staff, roles, audit log, over the modules above.
  await consoleModule(app, {
    ...payments,
    outbox,
    renewNow: (id: string) => renewNow(renewals, id),
    env,
  });
  await jobs.start();
  return app;
}
