/** The api's configuration: every variable, its default, validated once at start-up. */
import { z } from 'zod';
import {
  DEPLOY_ENVS,
  emptyAsUndefined,
  isProductionDeploy,
  parseEnv,
  telemetryEnvShape,
} from '@checkout/core';
import { adyenEnvShape, refuseAdyenHalfways } from './provider-settings/adyen-checkout';
import { paypalEnvShape, refusePayPalHalfways } from './provider-settings/paypal-orders';
import {
  consoleIssuerEnvShape,
  refuseConsoleIssuerHalfways,
} from './provider-settings/staff-issuer';

/**
 * The secrets' development defaults. They are public (they are in this repository), so they only
 * make local runs work; production refuses every one of them.
 */
const DEV_DEFAULTS = {
  WEBHOOK_SECRET: 'sandbox-webhook-secret-change-me',
  BANK_LINK_SECRET: 'bank-link-secret-change-me',
  CART_SECRET: 'cart-secret-change-me',
  OIDC_CLIENT_SECRET: 'checkout-client-secret-change-me',
  IDENTITY_COOKIE_SECRET: 'identity-cookie-secret-change-me',
  TRUSTED_PASS_SECRET: 'trusted-pass-secret-change-me-please-0000',
  CHALLENGE_SECRET: 'challenge-secret-change-me',
  CARD_FINGERPRINT_SECRET: 'card-fingerprint-secret-change-me',
  INTERNAL_API_TOKEN: 'internal-api-token-change-me',
} as const;

/** One secret per purpose: a leak or a rotation of one never touches another. */
export const DEV_SECRETS = Object.keys(DEV_DEFAULTS) as (keyof typeof DEV_DEFAULTS)[];

/** The shortest secret production accepts: 256 bits, HMAC-SHA256's own key strength. */
const MIN_SECRET_BYTES = 32;

const schema = z.object({
  /** Unset: production in a production DEPLOY_ENV, development otherwise (see runMode below). */
  NODE_ENV: z.preprocess(
    emptyAsUndefined,
    z.enum(['development', 'production', 'test']).optional(),
  ),
  API_HOST: z.preprocess(emptyAsUndefined, z.string().default('127.0.0.1')),
  API_PORT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(65535).default(4000)),
  /** PostgreSQL server; when unset the api embeds PGlite in PGLITE_DIR. */
  DATABASE_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
  ),
  /**
   * Connections each api process keeps to PostgreSQL. At least 2: start-up holds one for its
   * migration lock while it migrates on another (with 1 it would wait forever).
   */
  DATABASE_POOL_MAX: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(2).max(500).default(20),
  ),
  /** Folder of the embedded database, or "memory://" for a throwaway one. */
  PGLITE_DIR: z.preprocess(emptyAsUndefined, z.string().default('./var/pglite')),
  /**
   * Tests only (production refuses it): a dumped PGlite data folder (the tar of PGlite's
   * dumpDataDir) a new embedded database starts from, so that it is not migrated from nothing;
   * the browser tests' checkouts start from the unit tests' migrated template (db/test-template.ts).
   */
  PGLITE_TEMPLATE: z.preprocess(emptyAsUndefined, z.string().optional()),
  LOG_LEVEL: z.preprocess(
    emptyAsUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  /** Requests per minute per client address before the api answers 429. */
  RATE_LIMIT_MAX: z.preprocess(emptyAsUndefined, z.coerce.number().int().positive().default(600)),
  /** Analytics batches per minute one browser may send to /api/events/ before a 429. */
  EVENTS_RATE_LIMIT_MAX: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().positive().default(120),
  ),
  /**
   * Worker threads that print billing's PDFs and mails, so a backlog of receipts does not hold up
   * the api's requests; 0 prints them in the api's own thread.
   */
  BILLING_RENDER_WORKERS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(0).max(64).default(1),
  ),
  /** How often each api node re-reads the catalog from the database (0: never). */
  CATALOG_REFRESH_MS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(0).default(60_000),
  ),
  /** How long the sandbox gateway keeps an asynchronous payment pending before settling it. */
  SANDBOX_ASYNC_SETTLE_MS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(0).default(5000),
  ),
  /** Shared secret of the signed provider notifications at /api/callback/. */
  WEBHOOK_SECRET: z.preprocess(
    emptyAsUndefined,
    z.string().min(16).default(DEV_DEFAULTS.WEBHOOK_SECRET),
  ),
  /** Signs the sandbox bank-link widget's public tokens (its own key, not the webhook one). */
  BANK_LINK_SECRET: z.preprocess(
    emptyAsUndefined,
    z.string().min(16).default(DEV_DEFAULTS.BANK_LINK_SECRET),
  ),
  /** Signs what binds a payment's hosted pages to the cart that started it. */
  CART_SECRET: z.preprocess(emptyAsUndefined, z.string().min(16).default(DEV_DEFAULTS.CART_SECRET)),
  /**
   * The built-in sandbox gateway and mailbox. Outside production they always run; in production
   * they answer 404 unless this is "on" on purpose (then a warning and a "Test mode" badge).
   */
  SANDBOX_GATEWAY: z.preprocess(emptyAsUndefined, z.enum(['on', 'off']).default('off')),
  /** The mail transport (smtp:// or smtps://); production requires it, unset: the sandbox mailbox. */
  SMTP_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
  ),
  /** Sender of outgoing mail. */
  MAIL_FROM: z.preprocess(emptyAsUndefined, z.string().default('Aegis <no-reply@localhost>')),
  SANDBOX_WEBHOOK_DELAY_MS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(0).default(1000),
  ),
  SANDBOX_WEBHOOK_COPIES: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(1).max(10).default(2),
  ),
  SANDBOX_WEBHOOK_REORDER: z.preprocess(
    emptyAsUndefined,
    z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true'),
  ),
  /** The share of sandbox notifications lost on the way (0 to 1), to exercise refreshes. */
  SANDBOX_WEBHOOK_DROP_RATE: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().min(0).max(1).default(0),
  ),
  /**
   * How long a payment start's claim on its Idempotency-Key is trusted to store the provider's
   * answer; past it, an unanswered claim (its process died) is recovered from the provider.
   */
  PAYMENT_START_LEASE_MS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(100).default(30_000),
  ),
  /** A waiting order with no news for this long is refreshed from its provider when polled. */
  PAYMENT_REFRESH_AFTER_MS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(0).default(15_000),
  ),
  /**
   * An order left in new (no answer from its provider) this long is asked once more, then
   * canceled there and here, and its cart reopens.
   */
  ORDER_EXPIRY_MINUTES: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).default(60)),
  /** Days before a yearly renewal when the customer is reminded of it by e-mail. */
  RENEWAL_REMINDER_DAYS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(1).max(60).default(7),
  ),
  /** Days after a declined renewal when it is charged again (comma-separated, increasing). */
  DUNNING_RETRY_DAYS: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .default('1,3,7')
      .transform((v) => v.split(',').map((day) => Number(day.trim())))
      .pipe(
        z
          .array(z.number().int().min(1).max(60))
          .max(10)
          .refine((days) => days.every((day, i) => i === 0 || day > (days[i - 1] ?? 0)), {
            message: 'must be increasing day numbers, e.g. 1,3,7',
          }),
      ),
  ),
  /** Days after the last failed retry until a past_due subscription is canceled. */
  DUNNING_GRACE_DAYS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(0).max(60).default(7),
  ),
  /** Subscriptions a renewal job claims at once. */
  RENEWAL_BATCH_SIZE: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(1).max(5000).default(200),
  ),
  /** How long a renewal job's claim holds; past it another node renews what it left. */
  RENEWAL_CLAIM_SECONDS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(1).max(3600).default(120),
  ),
  /** The checkout's public origin (the web app): login returns there, cookies are set for it. */
  PUBLIC_ORIGIN: z.preprocess(emptyAsUndefined, z.url().default('http://localhost:3000')),
  /** Further origins a login or success redirect may go to (comma-separated). */
  ALLOWED_REDIRECT_ORIGINS: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .default('')
      .transform((v) =>
        v
          .split(',')
          .map((o) => o.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.url())),
  ),
  /**
   * An external OpenID Connect issuer. Unset: the built-in identity provider serves at
   * PUBLIC_ORIGIN/oidc (the web app forwards /oidc/* to the api).
   */
  OIDC_ISSUER: z.preprocess(emptyAsUndefined, z.url().optional()),
  OIDC_CLIENT_ID: z.preprocess(emptyAsUndefined, z.string().min(1).default('checkout')),
  OIDC_CLIENT_SECRET: z.preprocess(
    emptyAsUndefined,
    z.string().min(16).default(DEV_DEFAULTS.OIDC_CLIENT_SECRET),
  ),
  /** Signs the built-in identity provider's cookies. */
  IDENTITY_COOKIE_SECRET: z.preprocess(
    emptyAsUndefined,
    z.string().min(16).default(DEV_DEFAULTS.IDENTITY_COOKIE_SECRET),
  ),
  /** Shared with the desktop app, which mints trusted pass tokens with it. */
  TRUSTED_PASS_SECRET: z.preprocess(
    emptyAsUndefined,
    z.string().min(32).default(DEV_DEFAULTS.TRUSTED_PASS_SECRET),
  ),
  /** Login and sign-up tries per client address per 15 minutes. */
  LOGIN_RATE_LIMIT_MAX: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().positive().default(30),
  ),
  /**
   * Local runs only (npm start sets it; production refuses it): the one-time enrolment token of
   * the console's demo admin, admin@console.localhost, until that account is enrolled.
   */
  CONSOLE_DEMO_ADMIN_TOKEN: z.preprocess(emptyAsUndefined, z.string().min(20).max(200).optional()),
  /** A console (staff) session unused this long is dead (issue 33). */
  CONSOLE_IDLE_MINUTES: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().positive().max(240).default(30),
  ),
  /** Login and sign-up tries per e-mail address per 15 minutes. */
  LOGIN_EMAIL_LIMIT: z.preprocess(emptyAsUndefined, z.coerce.number().int().positive().default(10)),
  /**
   * The card-testing defence on card payments (velocity limits, challenge, pause). Off only for
   * test suites that pay many times from one browser; production refuses "off".
   */
  CARD_TESTING_DEFENCE: z.preprocess(emptyAsUndefined, z.enum(['on', 'off']).default('on')),
  /**
   * The decline storm (card testing spread over many addresses): over the last
   * CARD_STORM_WINDOW_MINUTES, at least CARD_STORM_MIN_DECLINES declines that make at least
   * CARD_STORM_DECLINE_SHARE of card attempts ask every card payment for the challenge. The
   * window is at most the hour the minutes are kept (card-testing/decline-storm.ts).
   */
  CARD_STORM_WINDOW_MINUTES: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(1).max(60).default(10),
  ),
  CARD_STORM_MIN_DECLINES: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().positive().default(20),
  ),
  CARD_STORM_DECLINE_SHARE: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().gt(0).max(1).default(0.5),
  ),
  /** Signs the ALTCHA proof-of-work challenges (card-testing defence, login past its limit). */
  CHALLENGE_SECRET: z.preprocess(
    emptyAsUndefined,
    z.string().min(16).default(DEV_DEFAULTS.CHALLENGE_SECRET),
  ),
  /** PBKDF2 iterations per ALTCHA guess; tests lower it. */
  ALTCHA_COST: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).default(5000)),
  /** Up to how many guesses an ALTCHA challenge takes (half of it at least); tests lower it. */
  ALTCHA_MAX_COUNTER: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(2).max(10_000_000).default(10_000),
  ),
  /** Cloudflare Turnstile instead of ALTCHA, when both are set. */
  TURNSTILE_SITE_KEY: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
  TURNSTILE_SECRET: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
  /** Where Turnstile tokens are verified: Cloudflare's siteverify; tests point it at a fake. */
  TURNSTILE_VERIFY_URL: z.preprocess(
    emptyAsUndefined,
    z
      .url({ protocol: /^https?$/ })
      .default('https://challenges.cloudflare.com/turnstile/v0/siteverify'),
  ),
  /** The sandbox gateway's own key for card fingerprints (an HMAC of the number). */
  CARD_FINGERPRINT_SECRET: z.preprocess(
    emptyAsUndefined,
    z.string().min(16).default(DEV_DEFAULTS.CARD_FINGERPRINT_SECRET),
  ),
  /**
   * Signs an operator's notifications for the manual bank transfer provider; unset: that
   * provider is not offered.
   */
  MANUAL_TRANSFER_SECRET: z.preprocess(emptyAsUndefined, z.string().min(16).optional()),
  /**
   * The web server's proof on server-to-server reads only it may make (the experiment
   * definitions); the web app's INTERNAL_API_TOKEN holds the same value.
   */
  INTERNAL_API_TOKEN: z.preprocess(
    emptyAsUndefined,
    z.string().min(16).default(DEV_DEFAULTS.INTERNAL_API_TOKEN),
  ),
  /** Which hops may set X-Forwarded-For (proxy-addr syntax); the web app proxies from loopback. */
  TRUST_PROXY: z.preprocess(emptyAsUndefined, z.string().default('loopback')),
  ...adyenEnvShape,
  ...paypalEnvShape,
  ...consoleIssuerEnvShape,
  /**
   * The deployment, a resource attribute of every span and error report; production, preprod
   * and staging run in production mode (DESIGN: run modes), like the web app and `npm start`.
   */
  DEPLOY_ENV: z.preprocess(emptyAsUndefined, z.enum(DEPLOY_ENVS).default('local')),
  /** Share of traces kept (0…1, anything else 1), OTLP receiver, Sentry DSN: see core's telemetry. */
  ...telemetryEnvShape,
});

/**
 * The run mode: either NODE_ENV=production or a production DEPLOY_ENV alone means production, so
 * an api started on its own (a container, a process manager) with only DEPLOY_ENV=production
 * never runs the local mode with public secrets. The two saying different things refuses.
 */
const runMode = schema.transform((env, ctx) => {
  const productionDeploy = isProductionDeploy(env.DEPLOY_ENV);
  if (productionDeploy && env.NODE_ENV !== undefined && env.NODE_ENV !== 'production') {
    ctx.addIssue({
      code: 'custom',
      path: ['NODE_ENV'],
      message: `is ${env.NODE_ENV} while DEPLOY_ENV=${env.DEPLOY_ENV} is a production deployment: set NODE_ENV=production or unset it`,
    });
    return z.NEVER;
  }
  return { ...env, NODE_ENV: env.NODE_ENV ?? (productionDeploy ? 'production' : 'development') };
});

const devDefaults: ReadonlySet<string> = new Set(Object.values(DEV_DEFAULTS));

/**
 * What production refuses to start with. Every secret is checked, also one the configuration
 * does not use now (OIDC_ISSUER set, sandbox off): switching later must never fall back to a
 * public value. Issues name the variable only (parseEnv never prints values).
 */
const checkedSchema = runMode.superRefine((env, ctx) => {
  const refuse = (name: string, message: string) =>
    ctx.addIssue({ code: 'custom', path: [name], message });
  refuseAdyenHalfways(env, refuse);
  refusePayPalHalfways(env, refuse);
  refuseConsoleIssuerHalfways(env, refuse);
  if (env.NODE_ENV !== 'production') return;
  const purposeOf = new Map<string, string>();
  for (const name of DEV_SECRETS) {
    const value = env[name];
    if (devDefaults.has(value) || value.includes('change-me')) {
      refuse(name, 'must be a random secret of its own, not the public development value');
    } else if (Buffer.byteLength(value) < MIN_SECRET_BYTES) {
      refuse(name, `must be at least ${MIN_SECRET_BYTES} bytes long`);
    } else if (purposeOf.has(value)) {
      refuse(name, `has the same value as ${purposeOf.get(value)}; give each purpose its own`);
    } else {
      purposeOf.set(value, name);
    }
  }
  const manual = env.MANUAL_TRANSFER_SECRET;
  if (
    manual !== undefined &&
    (Buffer.byteLength(manual) < MIN_SECRET_BYTES || purposeOf.has(manual))
  ) {
    refuse(
      'MANUAL_TRANSFER_SECRET',
      `must be a random secret of its own, at least ${MIN_SECRET_BYTES} bytes`,
    );
  }
  if (env.CONSOLE_DEMO_ADMIN_TOKEN) {
    refuse(
      'CONSOLE_DEMO_ADMIN_TOKEN',
      'must be unset in production (a demo admin anyone could enrol)',
    );
  }
  if (env.PGLITE_TEMPLATE) {
    refuse('PGLITE_TEMPLATE', 'must be unset in production (a test aid)');
  }
  if (env.CARD_TESTING_DEFENCE === 'off') {
    refuse('CARD_TESTING_DEFENCE', 'must be on in production (card-testing defence)');
  }
  // The Turnstile secret travels with every verification: never in clear text.
  if (!env.TURNSTILE_VERIFY_URL.startsWith('https:')) {
    refuse('TURNSTILE_VERIFY_URL', 'must be https in production');
  }
  // Receipts, renewal reminders and dunning mails go out whatever the identity provider, and
  // the built-in one mails sign-up codes: without SMTP they would wait for ever or land in the
  // sandbox mailbox, which production never serves.
  if (!env.SMTP_URL) {
    refuse(
      'SMTP_URL',
      'is required in production (sign-up codes, receipts, renewal and dunning mails)',
    );
  }
});

export type ApiEnv = z.output<typeof runMode>;

/** Every variable the api reads (.env.example lists them all; a test keeps it so). */
export const API_ENV_VARIABLES = Object.keys(schema.shape);

export function loadEnv(source: Record<string, string | undefined> = process.env): ApiEnv {
  return parseEnv(checkedSchema, source);
}

/** The sandbox gateway and its test tools run outside production, and in production on purpose. */
export function sandboxGatewayOn(env: Pick<ApiEnv, 'NODE_ENV' | 'SANDBOX_GATEWAY'>): boolean {
  return env.NODE_ENV !== 'production' || env.SANDBOX_GATEWAY === 'on';
}
