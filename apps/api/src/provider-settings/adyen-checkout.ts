/**
 * Adyen's configuration: all of it or none of it. Unset, the sandbox stands in for Adyen's
 * methods as before; set, Adyen serves them. ADYEN_CHECKOUT_URL points the Checkout API at a fake
 * (tests); production refuses it, and refuses the sandbox beside a real Adyen account.
 */
import { z } from 'zod';
import { emptyAsUndefined } from '@checkout/core';

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess(emptyAsUndefined, schema.optional());

/** The variables every Adyen setup needs, in the order a merchant copies them from Adyen. */
const REQUIRED = [
  'ADYEN_API_KEY',
  'ADYEN_MERCHANT_ACCOUNT',
  'ADYEN_CLIENT_KEY',
  'ADYEN_HMAC_KEY',
  'ADYEN_WEBHOOK_USERNAME',
  'ADYEN_WEBHOOK_PASSWORD',
] as const;

export const adyenEnvShape = {
  /** Checkout API credential (Customer Area › Developers › API credentials). */
  ADYEN_API_KEY: optional(z.string().min(16)),
  ADYEN_MERCHANT_ACCOUNT: optional(z.string().min(1).max(80)),
  /** The browser components' key; its allowed origins are set on the API credential. */
  ADYEN_CLIENT_KEY: optional(z.string().regex(/^(test|live)_\w+$/, 'must be test_… or live_…')),
  /** The standard webhook's HMAC key, hex as Adyen shows it. */
  ADYEN_HMAC_KEY: optional(z.string().regex(/^([0-9a-fA-F]{2}){16,}$/, 'must be a hex key')),
  /** Basic authentication Adyen's webhook sends to /api/callback/adyen/. */
  ADYEN_WEBHOOK_USERNAME: optional(z.string().min(1)),
  ADYEN_WEBHOOK_PASSWORD: optional(z.string().min(16)),
  ADYEN_ENVIRONMENT: z.preprocess(emptyAsUndefined, z.enum(['test', 'live']).default('test')),
  /** Live only: the merchant's prefix of the live Checkout endpoints. */
  ADYEN_LIVE_URL_PREFIX: optional(z.string().regex(/^[\w-]+$/, 'must be the bare prefix')),
  /** Where chargebacks and failed refunds are mailed; unset: they are logged as warnings only. */
  ADYEN_OPERATOR_EMAIL: optional(z.email()),
  /** Tests only: the Checkout API base (…/v71) of a fake Adyen. */
  ADYEN_CHECKOUT_URL: optional(z.url({ protocol: /^https?$/ })),
};

type AdyenEnv = {
  [K in keyof typeof adyenEnvShape]?: z.infer<(typeof adyenEnvShape)[K]>;
} & { NODE_ENV: string; SANDBOX_GATEWAY: string; ADYEN_ENVIRONMENT: 'test' | 'live' };

export interface AdyenConfig {
  apiKey: string;
  merchantAccount: string;
  clientKey: string;
  hmacKey: string;
  webhookUsername: string;
  webhookPassword: string;
  environment: 'test' | 'live';
  liveUrlPrefix: string | undefined;
  checkoutUrl: string | undefined;
}

/** The issues that stop start-up: half a configuration; production with test-only settings. */
export function refuseAdyenHalfways(
  env: AdyenEnv,
  refuse: (name: string, message: string) => void,
): void {
  const missing = REQUIRED.filter((name) => env[name] === undefined);
  if (missing.length === REQUIRED.length) return;
  for (const name of missing) refuse(name, 'is required with the other ADYEN_ variables');
  if (env.ADYEN_ENVIRONMENT === 'live' && !env.ADYEN_LIVE_URL_PREFIX)
    refuse('ADYEN_LIVE_URL_PREFIX', 'is required for the live environment');
  if (env.NODE_ENV !== 'production') return;
  if (env.ADYEN_CHECKOUT_URL !== undefined)
    refuse('ADYEN_CHECKOUT_URL', 'is for tests only; production talks to Adyen itself');
  if (env.SANDBOX_GATEWAY === 'on')
    refuse('SANDBOX_GATEWAY', 'must be off when Adyen is configured (Adyen serves its methods)');
}

/** The Adyen account the api talks to; undefined when Adyen is not configured. */
export function adyenConfig(env: AdyenEnv): AdyenConfig | undefined {
  const {
    ADYEN_API_KEY: apiKey,
    ADYEN_MERCHANT_ACCOUNT: merchantAccount,
    ADYEN_CLIENT_KEY: clientKey,
    ADYEN_HMAC_KEY: hmacKey,
    ADYEN_WEBHOOK_USERNAME: webhookUsername,
    ADYEN_WEBHOOK_PASSWORD: webhookPassword,
  } = env;
  if (!apiKey || !merchantAccount || !clientKey || !hmacKey || !webhookUsername || !webhookPassword)
    return undefined;
  return {
    apiKey,
    merchantAccount,
    clientKey,
    hmacKey,
    webhookUsername,
    webhookPassword,
    environment: env.ADYEN_ENVIRONMENT,
    liveUrlPrefix: env.ADYEN_LIVE_URL_PREFIX,
    checkoutUrl: env.ADYEN_CHECKOUT_URL,
  };
}
