/**
 * The application context of spec §3 as the server builds it: geoData from the CDN's headers,
 * the runtime dev-settings cookie (honoured outside production, always reported), and the server
 * config with its own pricing api.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('server-only', () => ({}));

const request = { headers: new Headers(), cookies: new Map<string, string>() };
vi.mock('next/headers', () => ({
  headers: () => Promise.resolve(request.headers),
  cookies: () =>
    Promise.resolve({
      get: (name: string) => {
        const value = request.cookies.get(name);
        return value === undefined ? undefined : { name, value };
      },
    }),
}));
vi.mock('next-intl/server', () => ({ getLocale: () => Promise.resolve('en') }));
vi.mock('./user.server', () => ({ getCurrentUser: () => Promise.resolve(null) }));

/** A fresh module (its env and React cache) for one simulated request. */
async function contextFor(
  env: Record<string, string>,
  headers: Record<string, string> = {},
  cookies: Record<string, string> = {},
) {
  vi.resetModules();
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  request.headers = new Headers({ 'x-checkout-url': '/payment/', ...headers });
  request.cookies = new Map(Object.entries(cookies));
  return import('./app-context.server');
}

async function serverConfigFor(env: Record<string, string>) {
  vi.resetModules();
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  return (await import('./server-config.server')).getServerConfig();
}

const devCookie = (settings: object) => ({
  runtime_dev_settings: encodeURIComponent(JSON.stringify(settings)),
});

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe('application context', () => {
  it('carries the state and postal code the CDN names, and the catalog the page uses', async () => {
    const { getAppContext } = await contextFor(
      {
        GEO_COUNTRY_HEADER: 'cf-ipcountry',
        GEO_REGION_HEADER: 'cf-region-code',
        GEO_POSTAL_CODE_HEADER: 'cf-postal-code',
      },
      { 'cf-ipcountry': 'US', 'cf-region-code': 'ny', 'cf-postal-code': '10001' },
    );
    const context = await getAppContext();
    expect(context.geoData).toEqual({ countryCode: 'US', stateCode: 'NY', zipCode: '10001' });
    expect(context.translations.localeCode).toBe('en-US');
    expect(context.translations.namespaces).toContain('payment');
    expect(context.tracyUrl).toBe('/otel-collector/v1/traces');
  });

  it('ignores region headers that are not codes', async () => {
    const { getAppContext } = await contextFor(
      { GEO_REGION_HEADER: 'cf-region-code', GEO_POSTAL_CODE_HEADER: 'cf-postal-code' },
      { 'cf-region-code': '<script>', 'cf-postal-code': 'x'.repeat(40) },
    );
    const { geoData } = await getAppContext();
    expect(geoData.stateCode).toBeUndefined();
    expect(geoData.zipCode).toBeUndefined();
  });

  it('honours the dev-settings cookie outside production and warns that it is in use', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { getAppContext } = await contextFor(
      { DEPLOY_ENV: 'local', PROMO_COUNTDOWN_END: '2030-01-01T00:00:00Z' },
      {},
      devCookie({ countdownEndTime: 0, countryCode: 'DE', featureFlags: 'coupon:off' }),
    );
    const context = await getAppContext();
    expect(context.countdownEndTime).toBe(0);
    expect(context.geoData.countryCode).toBe('DE');
    expect(context.currency).toBe('EUR');
    expect(context.featureFlags.coupon).toBe('off');
    expect(warn).toHaveBeenCalledWith(
      JSON.stringify({
        msg: 'warning report',
        message: 'runtime dev settings cookie in use',
        fingerprint: 'runtime-dev-settings',
      }),
    );
  });

  it('ignores the dev-settings cookie in production, and still reports it', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { getAppContext } = await contextFor(
      {
        DEPLOY_ENV: 'production',
        QA_SECRET: 'q'.repeat(32),
        PROMO_COUNTDOWN_END: '2030-01-01T00:00:00Z',
      },
      {},
      devCookie({ countdownEndTime: 0, featureFlags: 'coupon:off' }),
    );
    const context = await getAppContext();
    expect(context.countdownEndTime).toBe(Date.parse('2030-01-01T00:00:00Z'));
    expect(context.featureFlags.coupon).toBe('on');
    expect(warn).toHaveBeenCalledWith(
      JSON.stringify({
        msg: 'warning report',
        message: 'runtime dev settings cookie ignored in production',
        fingerprint: 'runtime-dev-settings',
      }),
    );
  });
});

describe('server config', () => {
  it('asks pricing at PRICING_API_URL, the checkout api otherwise', async () => {
    const own = await serverConfigFor({ API_URL: 'http://10.0.0.5:4000' });
    expect(own.services).toEqual({
      checkoutApi: { url: 'http://10.0.0.5:4000' },
      pricingApi: { url: 'http://10.0.0.5:4000' },
    });
    const apart = await serverConfigFor({
      API_URL: 'http://10.0.0.5:4000',
      PRICING_API_URL: 'https://pricing.internal.example',
      TURNSTILE_SITE_KEY: '0x4AAA',
      CARD_CLIENT_KEYS: 'adyen_card:test_ABC123,checkout_card:pk_sbox_1',
    });
    expect(apart).toEqual({
      services: {
        checkoutApi: { url: 'http://10.0.0.5:4000' },
        pricingApi: { url: 'https://pricing.internal.example' },
      },
      turnstile: { siteKey: '0x4AAA' },
      cardClientKeys: { adyen_card: 'test_ABC123', checkout_card: 'pk_sbox_1' },
    });
  });
});
