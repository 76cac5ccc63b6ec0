import { describe, expect, it } from 'vitest';
import { loadEnv, sandboxGatewayOn } from '../env';
import { productionEnv, refusal } from '../test-env';
import { adyenConfig } from './adyen-checkout';
import { adyenEnv } from '../modules/payments/providers/adyen-checkout/fake/config';

describe('Adyen configuration', () => {
  it('is off when no ADYEN_* variable is set: the sandbox serves as today', () => {
    expect(adyenConfig(loadEnv({}))).toBeUndefined();
  });

  it('reads a whole test configuration, test environment by default', () => {
    const config = adyenConfig(loadEnv(adyenEnv()));
    expect(config).toMatchObject({ environment: 'test', merchantAccount: 'AegisECOM' });
    expect(config?.checkoutUrl).toBeUndefined();
  });

  it('refuses half a configuration, naming each missing variable', () => {
    const half = adyenEnv();
    delete half.ADYEN_HMAC_KEY;
    delete half.ADYEN_WEBHOOK_PASSWORD;
    const message = refusal(half);
    expect(message).toMatch(/ADYEN_HMAC_KEY \(unset\): is required with the other ADYEN_/);
    expect(message).toMatch(/ADYEN_WEBHOOK_PASSWORD \(unset\)/);
    expect(refusal(productionEnv({ ADYEN_CLIENT_KEY: 'live_ABCDEFGH' }))).toMatch(
      /ADYEN_API_KEY \(unset\)/,
    );
  });

  it('refuses an HMAC key that is not hex and a live setup without its URL prefix', () => {
    expect(refusal(adyenEnv({ ADYEN_HMAC_KEY: 'not-hex' }))).toMatch(/ADYEN_HMAC_KEY/);
    expect(refusal(adyenEnv({ ADYEN_ENVIRONMENT: 'live' }))).toMatch(
      /ADYEN_LIVE_URL_PREFIX \(unset\): is required for the live environment/,
    );
    const live = adyenEnv({
      ADYEN_ENVIRONMENT: 'live',
      ADYEN_LIVE_URL_PREFIX: '1797a841fbb37ca7-AegisECOM',
    });
    expect(adyenConfig(loadEnv(live))?.liveUrlPrefix).toBe('1797a841fbb37ca7-AegisECOM');
  });

  it('refuses ADYEN_CHECKOUT_URL and the sandbox in production; serves Adyen without a sandbox', () => {
    const url = 'http://127.0.0.1:9999/v71';
    expect(adyenConfig(loadEnv(adyenEnv({ ADYEN_CHECKOUT_URL: url })))?.checkoutUrl).toBe(url);
    expect(refusal(productionEnv(adyenEnv({ ADYEN_CHECKOUT_URL: url })))).toMatch(
      /ADYEN_CHECKOUT_URL \(set\): is for tests only/,
    );
    expect(refusal(productionEnv(adyenEnv({ SANDBOX_GATEWAY: 'on' })))).toMatch(
      /SANDBOX_GATEWAY \(set\): must be off when Adyen is configured/,
    );
    const env = loadEnv(productionEnv(adyenEnv()));
    expect(sandboxGatewayOn(env)).toBe(false);
    expect(adyenConfig(env)?.environment).toBe('test');
  });
});
