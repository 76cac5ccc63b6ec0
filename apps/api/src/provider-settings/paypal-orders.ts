/**
 * PayPal's configuration: all of it or none of it. Unset, the sandbox gateway stands in for
 * PayPal as before; set, PayPal serves its two variants (redirect and in-context). PAYPAL_API_URL
 * points the REST calls at a fake (tests); production refuses it, half a configuration, and the
 * sandbox gateway beside a real PayPal account.
 */
import { z } from 'zod';
import { emptyAsUndefined } from '@checkout/core';

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess(emptyAsUndefined, schema.optional());

/** The variables every PayPal setup needs, in the order a merchant copies them from PayPal. */
const REQUIRED = ['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET', 'PAYPAL_WEBHOOK_ID'] as const;

export const paypalEnvShape = {
  /** The REST app's client id (developer.paypal.com › Apps & Credentials); public. */
  PAYPAL_CLIENT_ID: optional(z.string().regex(/^[\w-]{16,128}$/, 'must be a REST app client id')),
  PAYPAL_CLIENT_SECRET: optional(z.string().min(16).max(256)),
  /** The id PayPal gave the webhook pointed at /api/callback/paypal/. */
  PAYPAL_WEBHOOK_ID: optional(z.string().regex(/^[A-Z0-9]{8,40}$/, 'must be a webhook id')),
  PAYPAL_ENVIRONMENT: z.preprocess(
    emptyAsUndefined,
    z.enum(['sandbox', 'live']).default('sandbox'),
  ),
  /** Tests only: the REST base (scheme and host) of a fake PayPal. */
  PAYPAL_API_URL: optional(z.url({ protocol: /^https?$/ })),
};

type PayPalEnv = {
  [K in keyof typeof paypalEnvShape]?: z.infer<(typeof paypalEnvShape)[K]>;
} & { NODE_ENV: string; SANDBOX_GATEWAY: string; PAYPAL_ENVIRONMENT: 'sandbox' | 'live' };

export interface PayPalConfig {
  clientId: string;
  clientSecret: string;
  webhookId: string;
  environment: 'sandbox' | 'live';
  /** The REST base the api talks to: PayPal's own for the environment, or a fake's. */
  apiUrl: string;
}

const BASES = {
  sandbox: 'https://api-m.sandbox.paypal.com',
  live: 'https://api-m.paypal.com',
} as const;

/** The issues that stop start-up: half a configuration; production with test-only settings. */
export function refusePayPalHalfways(
  env: PayPalEnv,
  refuse: (name: string, message: string) => void,
): void {
  const missing = REQUIRED.filter((name) => env[name] === undefined);
  if (missing.length === REQUIRED.length) {
    if (env.NODE_ENV === 'production' && env.PAYPAL_API_URL !== undefined)
      refuse('PAYPAL_API_URL', 'is for tests only; production talks to PayPal itself');
    return;
  }
  for (const name of missing) refuse(name, 'is required with the other PAYPAL_ variables');
  if (env.NODE_ENV !== 'production') return;
  if (env.PAYPAL_API_URL !== undefined)
    refuse('PAYPAL_API_URL', 'is for tests only; production talks to PayPal itself');
  if (env.SANDBOX_GATEWAY === 'on')
    refuse('SANDBOX_GATEWAY', 'must be off when PayPal is configured (PayPal serves PayPal)');
}

/** The PayPal account the api talks to; undefined when PayPal is not configured. */
export function paypalConfig(env: PayPalEnv): PayPalConfig | undefined {
  const { PAYPAL_CLIENT_ID: clientId, PAYPAL_CLIENT_SECRET: clientSecret } = env;
  const webhookId = env.PAYPAL_WEBHOOK_ID;
  if (!clientId || !clientSecret || !webhookId) return undefined;
  return {
    clientId,
    clientSecret,
    webhookId,
    environment: env.PAYPAL_ENVIRONMENT,
    apiUrl: (env.PAYPAL_API_URL ?? BASES[env.PAYPAL_ENVIRONMENT]).replace(/\/$/, ''),
  };
}
