/**
 * Adyen's Checkout API through Adyen's own library: the test or live endpoints of the configured
 * environment, or ADYEN_CHECKOUT_URL (a fake, tests only; production refuses it). The library
 * speaks https only, so an override is reached through a small transport that rewrites the base
 * and keeps the library's request and error shape (HttpClientException with Adyen's error code).
 */
import {
  CheckoutAPI,
  Client,
  EnvironmentEnum,
  HttpClientException,
  type Config,
} from '@adyen/api-library';
import type { AdyenConfig } from '../../../../provider-settings/adyen-checkout';

/** How long one Checkout call may take before it counts as an outage. */
const TIMEOUT_MS = 15_000;
const TEST_BASE = 'https://checkout-test.adyen.com/v71';

type Transport = NonNullable<ConstructorParameters<typeof Client>[1]>;

function overrideTransport(base: string): Transport {
  return {
    async request(endpoint, json, config: Config, _apiKeyRequired, options = {}) {
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        'x-api-key': config.apiKey ?? '',
      };
      if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
      // The fake speaks Checkout v71 as the library does; another version is a clear failure.
      if (!endpoint.startsWith(TEST_BASE))
        throw new Error(`adyen: unexpected endpoint ${endpoint}`);
      const response = await fetch(base + endpoint.slice(TEST_BASE.length), {
        method: options.method ?? 'POST',
        headers,
        body: typeof json === 'string' ? json : new Uint8Array(json),
        signal: AbortSignal.timeout(config.connectionTimeoutMillis ?? TIMEOUT_MS),
      });
      const body = await response.text();
      if (response.ok) return body;
      let errorCode: string | undefined;
      try {
        errorCode = (JSON.parse(body) as { errorCode?: string }).errorCode;
      } catch {
        errorCode = undefined;
      }
      throw new HttpClientException({
        message: `HTTP Exception: ${response.status}`,
        statusCode: response.status,
        errorCode,
        responseBody: body,
      });
    },
  };
}

export function checkoutApi(config: AdyenConfig): CheckoutAPI {
  const client = new Client(
    {
      apiKey: config.apiKey,
      environment: config.environment === 'live' ? EnvironmentEnum.LIVE : EnvironmentEnum.TEST,
      liveEndpointUrlPrefix: config.liveUrlPrefix,
      connectionTimeoutMillis: TIMEOUT_MS,
      applicationName: 'aegis-checkout',
    },
    config.checkoutUrl ? overrideTransport(config.checkoutUrl) : undefined,
  );
  return new CheckoutAPI(client);
}
