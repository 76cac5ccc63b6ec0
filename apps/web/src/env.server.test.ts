/** The web app's configuration: a bad tracing sample rate never stops the start (spec §5). */
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('server-only', () => ({}));

async function loadEnv(vars: Record<string, string>) {
  vi.resetModules();
  for (const [name, value] of Object.entries(vars)) vi.stubEnv(name, value);
  return (await import('./env.server')).env;
}

afterEach(() => vi.unstubAllEnvs());

describe('web configuration', () => {
  it('starts with no TRACING_SAMPLE_RATE and keeps every trace', async () => {
    const env = await loadEnv({});
    expect(env.TRACING_SAMPLE_RATE).toBe(1);
  });

  it.each([
    ['abc', 1],
    ['2', 1],
    ['0.1', 0.1],
    ['0', 0],
  ])('TRACING_SAMPLE_RATE=%s starts and keeps a share of %d', async (raw, rate) => {
    const env = await loadEnv({ TRACING_SAMPLE_RATE: raw });
    expect(env.TRACING_SAMPLE_RATE).toBe(rate);
  });

  it('refuses a development server (next dev) in a production deployment, naming both variables', async () => {
    await expect(loadEnv({ NODE_ENV: 'development', DEPLOY_ENV: 'production' })).rejects.toThrow(
      /^ {2}NODE_ENV\b.*DEPLOY_ENV=production/m,
    );
    const env = await loadEnv({ NODE_ENV: 'production', DEPLOY_ENV: 'staging' });
    expect(env.DEPLOY_ENV).toBe('staging');
  });
});

describe('FEATURE_FLAGS', () => {
  it('starts with known flags and values', async () => {
    const env = await loadEnv({ FEATURE_FLAGS: 'coupon:off, plan-upsell:b' });
    expect(env.FEATURE_FLAGS).toBe('coupon:off, plan-upsell:b');
  });

  it.each([
    ['coupon:maybe,nosuchflag:on', /nosuchflag/],
    ['coupn:off', /coupn/],
    ['coupon', /coupon/],
    ['coupon:Off!', /coupon/],
  ])('refuses to start on %s, naming the part at fault', async (raw, named) => {
    await expect(loadEnv({ FEATURE_FLAGS: raw })).rejects.toThrow(named);
    await expect(loadEnv({ FEATURE_FLAGS: raw })).rejects.toThrow(/FEATURE_FLAGS/);
  });
});
