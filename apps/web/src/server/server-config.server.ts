/**
 * The server side of the runtime config (spec §3): where the checkout and pricing apis live, the
 * Turnstile site key and the card client keys. It stays on the server: it names the api's address.
 */
import 'server-only';
import type { ServerConfig } from '../rules/app-context';
import { env } from '../env.server';
import { adyenWebConfig, type AdyenWebConfig } from './adyen-web';

export function getServerConfig(): ServerConfig {
  return {
    services: {
      checkoutApi: { url: env.API_URL },
      pricingApi: { url: env.PRICING_API_URL ?? env.API_URL },
    },
    turnstile: { siteKey: env.TURNSTILE_SITE_KEY ?? null },
    cardClientKeys: env.CARD_CLIENT_KEYS,
  };
}

/** Adyen's browser components of this deployment (client key, environment), when configured. */
export function getAdyenWebConfig(): AdyenWebConfig | undefined {
  return adyenWebConfig(env);
}
