/** The web app's configuration: every variable, its default, validated once at start-up. */
import 'server-only';
import { z } from 'zod';
import { ADYEN_LIVE_REGIONS } from './server/adyen-web';
import {
  DEPLOY_ENVS,
  emptyAsUndefined,
  isProductionDeploy,
  parseEnv,
  telemetryEnvShape,
} from '@checkout/core';
import { flagOverrideProblems } from './rules/feature-flags';

const url = z.url({ protocol: /^https?$/ });

/** A comma-separated list of trimmed, non-empty entries (unset: none). */
const commaList = z
  .string()
  .default('')
  .transform((list) =>
    list
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
  );

/** The name of a request header a trusted CDN sets. */
const headerName = z
  .string()
  .regex(/^[a-z0-9-]+$/i)
  .optional();

const schema = z.object({
  /** Where the api listens; the browser never sees it, /api/* and /graphql are forwarded. */
  API_URL: z.preprocess(emptyAsUndefined, url.default('http://127.0.0.1:4000')),
  /**
   * Where getPackagePlans is asked (spec §7: the pricing API URL of the runtime config); pricing
   * may run on a host of its own. Unset: the checkout api at API_URL.
   */
  PRICING_API_URL: z.preprocess(emptyAsUndefined, url.optional()),
  /**
   * Further origins `success_uri` and `redirect_uri` may lead to (comma separated), the same list
   * the api's login redirects use; anything else is ignored.
   */
  ALLOWED_REDIRECT_ORIGINS: z.preprocess(
    emptyAsUndefined,
    commaList.pipe(z.array(url.transform((entry) => new URL(entry).origin))),
  ),
  /**
   * Public client keys of the card providers whose fields the browser loads, as
   * `provider:key` pairs separated by commas (spec §5 start-up configuration). They are public by
   * design (the provider ties them to our origin); the sandbox gateway needs none.
   */
  CARD_CLIENT_KEYS: z.preprocess(
    emptyAsUndefined,
    commaList
      .pipe(z.array(z.string().regex(/^[a-z0-9_]+:[A-Za-z0-9_.-]+$/, 'provider:key')))
      .transform((pairs) =>
        Object.fromEntries(pairs.map((pair) => pair.split(':', 2) as [string, string])),
      ),
  ),
  /**
   * Adyen's client key (the api's ADYEN_CLIENT_KEY): set, Adyen's methods are paid through its
   * browser components (adyen-web) and the page's policy admits Adyen's origins; unset, neither.
   */
  ADYEN_CLIENT_KEY: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^(test|live)_\w+$/, 'must be test_… or live_…')
      .optional(),
  ),
  /** The api's ADYEN_ENVIRONMENT: Adyen's test or live components. */
  ADYEN_ENVIRONMENT: z.preprocess(emptyAsUndefined, z.enum(['test', 'live']).default('test')),
  /** Live only: the region of the Adyen account (its live components' address), eu unless told. */
  ADYEN_LIVE_REGION: z.preprocess(emptyAsUndefined, z.enum(ADYEN_LIVE_REGIONS).default('eu')),
  /** Public origin of the checkout, used for canonical and social-share URLs. */
  SITE_ORIGIN: z.preprocess(emptyAsUndefined, url.default('http://localhost:3000')),
  /** Request header set by a trusted CDN or load balancer with the visitor's country. */
  GEO_COUNTRY_HEADER: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[a-z0-9-]+$/i)
      .optional(),
  ),
  /** Headers a trusted CDN sets with the visitor's state/region and postal code (app context). */
  GEO_REGION_HEADER: z.preprocess(emptyAsUndefined, headerName),
  GEO_POSTAL_CODE_HEADER: z.preprocess(emptyAsUndefined, headerName),
  /**
   * Origins of payment providers whose pages the checkout frames or sends forms to, comma
   * separated; the Content-Security-Policy allows these besides the checkout's own origin.
   */
  PAYMENT_PROVIDER_ORIGINS: z.preprocess(
    emptyAsUndefined,
    commaList.pipe(
      z.array(z.url({ protocol: /^https$/ }).transform((entry) => new URL(entry).origin)),
    ),
  ),
  /**
   * The api's Turnstile site key, when it challenges with Cloudflare Turnstile: the policy of
   * every page must then admit Cloudflare's widget before the api is ever asked.
   */
  TURNSTILE_SITE_KEY: z.preprocess(emptyAsUndefined, z.string().optional()),
  /**
   * The PayPal REST app's client id (public; the api's PAYPAL_CLIENT_ID): PayPal's buttons show
   * in the express section, and the payment page's policy admits PayPal's script and frames.
   */
  PAYPAL_CLIENT_ID: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[\w-]{16,128}$/)
      .optional(),
  ),
  /**
   * Google Tag Manager container (GTM-XXXXXXX): loaded only when set and the visitor's consent
   * allows analytics; the page's policy then admits Google's tag hosts.
   */
  GTM_ID: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^GTM-[A-Z0-9]{4,12}$/)
      .optional(),
  ),
  /** Path of a brand JSON file replacing the neutral demo brand. */
  BRAND_CONFIG: z.preprocess(emptyAsUndefined, z.string().optional()),
  /** Flag overrides over config/feature-flags.json, e.g. "coupon:off,plan-upsell:b"; a typo refuses the start. */
  FEATURE_FLAGS: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .default('')
      .superRefine((raw, ctx) => {
        for (const message of flagOverrideProblems(raw)) ctx.addIssue({ code: 'custom', message });
      }),
  ),
  /** End of the running promotion (ISO date-time); the checkout shows a countdown until then. */
  PROMO_COUNTDOWN_END: z.preprocess(emptyAsUndefined, z.iso.datetime({ offset: true }).optional()),
  /** The run mode: production, preprod and staging are production (DESIGN: run modes). */
  DEPLOY_ENV: z.preprocess(emptyAsUndefined, z.enum(DEPLOY_ENVS).default('local')),
  /**
   * Set by Next itself (production under `next start`, so never the run mode); development
   * means `next dev`, which a production deployment refuses.
   */
  NODE_ENV: z.preprocess(emptyAsUndefined, z.string().optional()),
  /**
   * Whether payments run against the sandbox gateway in production on purpose ("on"): the
   * checkout then shows a "Test mode" badge. Outside production the sandbox always runs.
   */
  SANDBOX_GATEWAY: z.preprocess(emptyAsUndefined, z.enum(['on', 'off']).default('off')),
  /** Signs QA tokens (?qa=…) that allow flag overrides; unset in production: no QA overrides. */
  QA_SECRET: z.preprocess(emptyAsUndefined, z.string().min(32).optional()),
  /**
   * The proof this server gives the api on reads only it may make (the experiment definitions):
   * the api's INTERNAL_API_TOKEN. The default matches the api's development default; a
   * production api refuses that value, so a web node left on it reads no experiments there.
   */
  INTERNAL_API_TOKEN: z.preprocess(
    emptyAsUndefined,
    z.string().min(16).default('internal-api-token-change-me'),
  ),
  /** How often each web node re-reads the experiments from the api; 0: once, at start. */
  CATALOG_REFRESH_MS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(0).default(60_000),
  ),
  /** Share of traces kept (0…1, anything else 1), OTLP receiver, Sentry DSN: see core's telemetry. */
  ...telemetryEnvShape,
});

/** A development server (source maps, error overlay) must never serve a production deployment. */
const checkedSchema = schema.superRefine((env, ctx) => {
  if (env.NODE_ENV === 'development' && isProductionDeploy(env.DEPLOY_ENV)) {
    ctx.addIssue({
      code: 'custom',
      path: ['NODE_ENV'],
      message: `is development (next dev) while DEPLOY_ENV=${env.DEPLOY_ENV} is a production deployment: build and run next start`,
    });
  }
});

export type WebEnv = z.infer<typeof schema>;

/** Every variable the web app reads (.env.example lists them all; a test keeps it so). */
export const WEB_ENV_VARIABLES = Object.keys(schema.shape);

export const env: WebEnv = parseEnv(checkedSchema, process.env);
