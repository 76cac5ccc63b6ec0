/** Builds the api: plugins, error handling and every module's routes, on a given database. */
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import type { DatabaseHandle } from './db/client';
import { sandboxGatewayOn, type ApiEnv } from './env';
import { registerPrivateAnswers } from './http/cache-control';
import { registerCsrfProtection } from './http/csrf';
import { processClock } from './jobs/clock';
import { jobQueue } from './jobs/queue';
import { registerErrorHandling } from './http/errors';
import { loggerOptions, type LogStream } from './http/logger';
import { mailTransport } from './mail/transport';
import { registerPlainTextGuard } from './http/plain-text-guard';
import { requireRouteSchemas } from './http/route-schemas';
import type { Catalog } from './modules/catalog/catalog';
import { cartBinding } from './modules/carts/binding';
import { loadBlockedDomains } from './modules/carts/blocked-domains';
import { cartRoutes } from './modules/carts/routes';
import { cardTestingModule } from './modules/card-testing/module';
import { identityModule } from './modules/identity/module';
import { usersModule } from './modules/users/module';
import { paymentsModule } from './modules/payments/module';
import { healthRoutes } from './modules/health/routes';
import { OidcClient } from './modules/users/oidc-client';
import { accountHistory } from './modules/self-service/history';
import { orderRoutes } from './modules/orders/routes';
import { paymentDesk } from './modules/payments/desk';
import { disputeAlert } from './modules/payments/dispute-alert';
import { providerRegistry } from './modules/payments/registry';
import { refreshPayment } from './modules/payments/payment-steps';
import type { PaymentFaults } from './modules/payments/deps';
import { selfServiceRoutes } from './modules/self-service/routes';
import { upgradeTerms } from './modules/self-service/upgrade';
import { loadTaxTable } from './modules/taxes/tax-table';
import { taxRoutes } from './modules/taxes/routes';
import { pricingRoutes } from './modules/pricing/routes';
import { experimentRoutes } from './modules/experiments/routes';
import { openExperiments } from './modules/experiments/service';
import { analyticsRoutes } from './modules/analytics/routes';
import { attributeOrder } from './modules/analytics/service';
import { billingModule } from './modules/billing/module';
import { localizedNotices } from './modules/billing/renewal-notices';
import { logOrderMoves } from './telemetry/business-log';
import { countPaymentOutcomes } from './telemetry/business-metrics';
import { startErrorReporting } from './telemetry/error-reporting';
import { requestSpans } from './telemetry/request-spans';
import { startTelemetry } from './telemetry/telemetry';
import { startSubscriptions } from './modules/renewals/module';
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
  // Re-read like the catalog, so an edited row reaches every node within CATALOG_REFRESH_MS.
  const experiments = openExperiments(database.db, env.CATALOG_REFRESH_MS, app.log);
  experimentRoutes(app, experiments, env.INTERNAL_API_TOKEN);
  // The checkout's own origins: they may read /graphql with cookies and frame the card fields.
  const checkoutOrigins = [
    new URL(env.PUBLIC_ORIGIN).origin,
    ...env.ALLOWED_REDIRECT_ORIGINS.map((o) => new URL(o).origin),
  ];
  pricingRoutes(app, catalog, {
    logging: env.LOG_LEVEL !== 'silent',
    introspection: env.NODE_ENV !== 'production',
    experiments,
    corsOrigins: checkoutOrigins,
  });
  const taxes = loadTaxTable();
  taxRoutes(app, taxes);
  const cartDeps = {
    db: database.db,
    catalog,
    taxes,
    isBlockedDomain: loadBlockedDomains(),
    binding: cartBinding(database.db, env.CART_SECRET, env.PUBLIC_ORIGIN.startsWith('https:')),
    // Upgrade carts are priced by the subscription's quote (self-service owns it; orders, which
    // it reads, depend on carts, so the quote comes in as a function).
    upgradeQuotes: (accountId: string, subscriptionId: string, plan: string) =>
      upgradeTerms(
        { db: database.db, catalog, now: () => new Date() },
        accountId,
        subscriptionId,
        plan,
      ),
  };
  cartRoutes(app, cartDeps);
  const cardTesting = cardTestingModule(app, database.db, env, jobs);
  const embeddedIssuer = new URL('/oidc', env.PUBLIC_ORIGIN).toString();
  // One mail transport for every module that mails (DESIGN: shell services).
  const mailer = mailTransport(app, database.db, env);
  const identity = env.OIDC_ISSUER
    ? undefined
    : await identityModule(app, database.db, {
        issuer: embeddedIssuer,
        env,
        isBlockedDomain: cartDeps.isBlockedDomain,
        humanCheck: cardTesting.humanCheck,
        mailer,
        jobs,
      });
  usersModule(
    app,
    {
      db: database.db,
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
      accountHistory: (email) => accountHistory(database.db, catalog, email),
    },
    jobs,
  );
  // With no provider configured, every provider runs against the built-in sandbox gateway. In
  // production it is not served at all unless SANDBOX_GATEWAY=on (payments/registry.ts). There is
  // no real card provider adapter yet, so production without it offers the manual bank transfer
  // at most (MANUAL_TRANSFER_SECRET) and otherwise refuses to start a payment.
  if (sandboxGatewayOn(env) && env.NODE_ENV === 'production') {
    app.log.warn(
      'SANDBOX_GATEWAY=on in production: payments go to the sandbox gateway, no money moves, anyone can approve them',
    );
  }
  // The provider registry, chosen here like the mail transport (DESIGN: shell services).
  const providers = providerRegistry(app, {
    env,
    db: database.db,
    desk: paymentDesk(
      { db: database.db, catalog },
      disputeAlert(app.log, mailer, env.ADYEN_OPERATOR_EMAIL),
    ),
    frameOrigins: checkoutOrigins,
    tokenLimit: cardTesting.tokenLimit,
    jobs,
  });
  const paymentDeps = paymentsModule(app, {
    env,
    jobs,
    carts: cartDeps,
    providers,
    cardGuard: cardTesting.cardGuard,
    faults,
    attributeOrder: (orderId, request) =>
      attributeOrder(database.db, orderId, request.cookies, request.headers['sec-gpc'] === '1'),
  });
  orderRoutes(
    app,
    database.db,
    catalog,
    cartDeps.binding,
    (orderId) => refreshPayment(paymentDeps, orderId, env.PAYMENT_REFRESH_AFTER_MS),
    subscriptionTermsSql,
  );
  // The dashboard's auto-renew, cancel, refund and upgrades (issue 20), on the account's own.
  selfServiceRoutes(app, { ...paymentDeps, now: () => new Date() });
  const renewals = startSubscriptions(app, {
    env,
    outcome: paymentDeps,
    jobs,
    clock: processClock,
    // Billing's localized templates over the api's mail transport.
    notices: localizedNotices({
      db: database.db,
      catalog,
      mailer,
      publicOrigin: env.PUBLIC_ORIGIN,
    }),
  });
  // Receipts, invoices and credit notes follow the orders' moves; a job sweeps the outbox.
  const outbox = billingModule(app, {
    db: database.db,
    catalog,
    mailer,
    publicOrigin: env.PUBLIC_ORIGIN,
    jobs,
  });
  // The operators' console (issue 33): staff, roles, audit log, over the modules above.
  await consoleModule(
    app,
    { ...paymentDeps, outbox, renewNow: (id: string) => renewNow(renewals, id) },
    env,
  );
  analyticsRoutes(app, database.db, {
    batchesPerMinute: env.EVENTS_RATE_LIMIT_MAX,
    sandbox: sandboxGatewayOn(env),
  });
  await jobs.start();
  return app;
}
