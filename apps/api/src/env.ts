/** The api's configuration: every variable, its default, validated once at start-up. */
import { z } from 'zod';
import { emptyAsUndefined, parseEnv } from '@checkout/core';

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
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
  /** Folder of the embedded database, or "memory://" for a throwaway one. */
  PGLITE_DIR: z.preprocess(emptyAsUndefined, z.string().default('./var/pglite')),
  LOG_LEVEL: z.preprocess(
    emptyAsUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  /** Requests per minute per client address before the api answers 429. */
  RATE_LIMIT_MAX: z.preprocess(emptyAsUndefined, z.coerce.number().int().positive().default(600)),
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
    z.string().min(16).default('sandbox-webhook-secret-change-me'),
  ),
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
  /** Which hops may set X-Forwarded-For (proxy-addr syntax); the web app proxies from loopback. */
  TRUST_PROXY: z.preprocess(emptyAsUndefined, z.string().default('loopback')),
});

export type ApiEnv = z.infer<typeof schema>;

export function loadEnv(source: Record<string, string | undefined> = process.env): ApiEnv {
  return parseEnv(schema, source);
}
