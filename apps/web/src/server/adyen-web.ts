/**
 * Adyen's browser components (adyen-web) for this deployment: the client key and the component
 * environment, and the origins Adyen serves them from (secured card fields, 3-D Secure and
 * redirect helpers on checkoutshopper-…; translations and logos on its CDN; the attempt id on
 * checkoutanalytics-…), which the page's policy admits only when Adyen is configured.
 */

/** adyen-web's environments: test, and one live environment per Adyen region. */
export type AdyenWebEnvironment =
  'test' | 'live' | 'live-us' | 'live-au' | 'live-apse' | 'live-in' | 'live-nea';

/** What the browser needs to start adyen-web; the client key is public by design. */
export interface AdyenWebConfig {
  clientKey: string;
  environment: AdyenWebEnvironment;
}

export const ADYEN_LIVE_REGIONS = ['eu', 'us', 'au', 'apse', 'in', 'nea'] as const;
export type AdyenLiveRegion = (typeof ADYEN_LIVE_REGIONS)[number];

/** The components' environment: test, or live in the region the Adyen account lives in. */
export function adyenWebEnvironment(
  environment: 'test' | 'live',
  region: AdyenLiveRegion,
): AdyenWebEnvironment {
  if (environment === 'test') return 'test';
  return region === 'eu' ? 'live' : `live-${region}`;
}

/** The Adyen origins of one environment, and nothing else of Adyen's. */
export interface AdyenOrigins {
  /** Frames, scripts, images and fetches: checkoutshopper and its CDN. */
  shopper: string[];
  /** Fetches only: the attempt id adyen-web asks for even with its analytics off. */
  analytics: string;
}

export function adyenOrigins(environment: AdyenWebEnvironment): AdyenOrigins {
  return {
    shopper: [
      `https://checkoutshopper-${environment}.adyen.com`,
      `https://checkoutshopper-${environment}.cdn.adyen.com`,
    ],
    analytics: `https://checkoutanalytics-${environment}.adyen.com`,
  };
}

/** The components' configuration of this deployment; undefined when Adyen is not configured. */
export function adyenWebConfig(env: {
  ADYEN_CLIENT_KEY?: string | undefined;
  ADYEN_ENVIRONMENT: 'test' | 'live';
  ADYEN_LIVE_REGION: AdyenLiveRegion;
}): AdyenWebConfig | undefined {
  if (!env.ADYEN_CLIENT_KEY) return undefined;
  return {
    clientKey: env.ADYEN_CLIENT_KEY,
    environment: adyenWebEnvironment(env.ADYEN_ENVIRONMENT, env.ADYEN_LIVE_REGION),
  };
}
