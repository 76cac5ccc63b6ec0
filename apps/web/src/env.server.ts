/** The web app's configuration: every variable, its default, validated once at start-up. */
import 'server-only';
import { z } from 'zod';
import { emptyAsUndefined, parseEnv, telemetryEnvShape } from '@checkout/core';

const url = z.url({ protocol: /^https?$/ });

const schema = z.object({
  /** Where the api listens; the browser never sees it, /api/* and /graphql are forwarded. */
  API_URL: z.preprocess(emptyAsUndefined, url.default('http://127.0.0.1:4000')),
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
  /**
   * Origins of payment providers whose pages the checkout frames or sends forms to, comma
   * separated; the Content-Security-Policy allows these besides the checkout's own origin.
   */
  PAYMENT_PROVIDER_ORIGINS: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .default('')
      .transform((list) =>
        list
          .split(',')
          .map((entry) => entry.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.url({ protocol: /^https$/ }).transform((entry) => new URL(entry).origin))),
  ),
  /**
   * The api's Turnstile site key, when it challenges with Cloudflare Turnstile: the policy of
   * every page must then admit Cloudflare's widget before the api is ever asked.
   */
  TURNSTILE_SITE_KEY: z.preprocess(emptyAsUndefined, z.string().optional()),
  /** Path of a brand JSON file replacing the neutral demo brand. */
  BRAND_CONFIG: z.preprocess(emptyAsUndefined, z.string().optional()),
  /** Flag overrides over config/feature-flags.json, e.g. "coupon:off,plan-upsell:b". */
  FEATURE_FLAGS: z.preprocess(emptyAsUndefined, z.string().default('')),
  /** End of the running promotion (ISO date-time); the checkout shows a countdown until then. */
  PROMO_COUNTDOWN_END: z.preprocess(emptyAsUndefined, z.iso.datetime({ offset: true }).optional()),
  DEPLOY_ENV: z.preprocess(
    emptyAsUndefined,
    z.enum(['production', 'preprod', 'staging', 'review', 'local', 'test']).default('local'),
  ),
  /**
   * Whether payments run against the sandbox gateway in production on purpose ("on"): the
   * checkout then shows a "Test mode" badge. Outside production the sandbox always runs.
   */
  SANDBOX_GATEWAY: z.preprocess(emptyAsUndefined, z.enum(['on', 'off']).default('off')),
  /** Signs QA tokens (?qa=…) that allow flag overrides; unset in production: no QA overrides. */
  QA_SECRET: z.preprocess(emptyAsUndefined, z.string().min(32).optional()),
  /** Share of traces kept (0…1, anything else 1), OTLP receiver, Sentry DSN: see core's telemetry. */
  ...telemetryEnvShape,
});

export type WebEnv = z.infer<typeof schema>;

export const env: WebEnv = parseEnv(schema, process.env);
