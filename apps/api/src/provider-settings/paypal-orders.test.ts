import { describe, expect, it } from 'vitest';
import { loadEnv, sandboxGatewayOn } from '../env';
import { productionEnv, refusal } from '../test-env';
import { paypalConfig } from './paypal-orders';
import { paypalEnv } from '../modules/payments/providers/paypal-orders/fake/config';

describe('PayPal configuration', () => {
  it('is off when no PAYPAL_* variable is set: the sandbox gateway serves PayPal as today', () => {
    expect(paypalConfig(loadEnv({}))).toBeUndefined();
  });

  it("reads a whole configuration, PayPal's sandbox REST base by default, live on request", () => {
    const env = paypalEnv();
    expect(paypalConfig(loadEnv(env))).toEqual({
      clientId: env.PAYPAL_CLIENT_ID,
      clientSecret: env.PAYPAL_CLIENT_SECRET,
      webhookId: env.PAYPAL_WEBHOOK_ID,
      environment: 'sandbox',
      apiUrl: 'https://api-m.sandbox.paypal.com',
    });
    const live = loadEnv(productionEnv(paypalEnv({ PAYPAL_ENVIRONMENT: 'live' })));
    expect(paypalConfig(live)?.apiUrl).toBe('https://api-m.paypal.com');
  });

  it('refuses half a configuration, naming each missing variable', () => {
    const half = paypalEnv();
    delete half.PAYPAL_WEBHOOK_ID;
    expect(refusal(half)).toMatch(
      /PAYPAL_WEBHOOK_ID \(unset\): is required with the other PAYPAL_/,
    );
    expect(refusal(productionEnv({ PAYPAL_CLIENT_SECRET: 'x'.repeat(40) }))).toMatch(
      /PAYPAL_CLIENT_ID \(unset\)/,
    );
    expect(refusal(paypalEnv({ PAYPAL_ENVIRONMENT: 'production' }))).toMatch(/PAYPAL_ENVIRONMENT/);
  });

  it('refuses PAYPAL_API_URL and the sandbox gateway in production; serves PayPal without a sandbox', () => {
    const url = 'http://127.0.0.1:9999';
    expect(paypalConfig(loadEnv(paypalEnv({ PAYPAL_API_URL: url })))?.apiUrl).toBe(url);
    expect(refusal(productionEnv(paypalEnv({ PAYPAL_API_URL: url })))).toMatch(
      /PAYPAL_API_URL \(set\): is for tests only/,
    );
    expect(refusal(productionEnv({ PAYPAL_API_URL: url }))).toMatch(/PAYPAL_API_URL \(set\)/);
    expect(refusal(productionEnv(paypalEnv({ SANDBOX_GATEWAY: 'on' })))).toMatch(
      /SANDBOX_GATEWAY \(set\): must be off when PayPal is configured/,
    );
    const env = loadEnv(productionEnv(paypalEnv()));
    expect(sandboxGatewayOn(env)).toBe(false);
    expect(paypalConfig(env)?.environment).toBe('sandbox');
  });
});
