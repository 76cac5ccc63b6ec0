import { describe, expect, it } from 'vitest';
import { adyenOrigins, adyenWebConfig } from './adyen-web';

const base = { ADYEN_ENVIRONMENT: 'test', ADYEN_LIVE_REGION: 'eu' } as const;

describe("Adyen's browser components of this deployment", () => {
  it('are off without a client key, whatever the environment says', () => {
    expect(adyenWebConfig(base)).toBeUndefined();
    expect(adyenWebConfig({ ...base, ADYEN_ENVIRONMENT: 'live' })).toBeUndefined();
  });

  it("run in the test environment, or live in the account's region", () => {
    const clientKey = 'live_ABCDEFGH12345678';
    expect(adyenWebConfig({ ...base, ADYEN_CLIENT_KEY: 'test_ABC123' })).toEqual({
      clientKey: 'test_ABC123',
      environment: 'test',
    });
    // The region only matters live: a test account has one test environment.
    expect(
      adyenWebConfig({
        ADYEN_CLIENT_KEY: 'test_A',
        ADYEN_ENVIRONMENT: 'test',
        ADYEN_LIVE_REGION: 'us',
      })?.environment,
    ).toBe('test');
    const live = (region: 'eu' | 'us' | 'apse') =>
      adyenWebConfig({
        ADYEN_CLIENT_KEY: clientKey,
        ADYEN_ENVIRONMENT: 'live',
        ADYEN_LIVE_REGION: region,
      })?.environment;
    expect(live('eu')).toBe('live');
    expect(live('us')).toBe('live-us');
    expect(live('apse')).toBe('live-apse');
  });

  it("load from the environment's checkoutshopper and its CDN only", () => {
    expect(adyenOrigins('live-apse')).toEqual({
      shopper: [
        'https://checkoutshopper-live-apse.adyen.com',
        'https://checkoutshopper-live-apse.cdn.adyen.com',
      ],
      analytics: 'https://checkoutanalytics-live-apse.adyen.com',
    });
  });
});
