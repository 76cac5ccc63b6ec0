import { describe, expect, it } from 'vitest';
import type { PackagePlansVariables, PackageView } from '@checkout/core/contract';
import { createPlansCache } from './plans-cache';

const vpn: PackagePlansVariables = {
  countryCode: 'DE',
  currencyCode: 'EUR',
  packageId: 'vpn',
  filters: {},
};
const answer = { identifier: 'vpn', plans: [] } as unknown as PackageView;

/** A stand-in for the api that counts the getPackagePlans calls it receives. */
function api(result: { data: PackageView | null; error: string | null }) {
  const calls: unknown[] = [];
  return {
    calls,
    ask: (variables: unknown) => () => {
      calls.push(variables);
      return Promise.resolve(result);
    },
  };
}

describe('createPlansCache', () => {
  it('asks the api once for many checkout renders of the same plans', async () => {
    const cached = createPlansCache(60_000);
    const pricing = api({ data: answer, error: null });
    for (let i = 0; i < 5; i++) {
      expect((await cached(vpn, pricing.ask(vpn))).data).toBe(answer);
    }
    expect(pricing.calls).toHaveLength(1);
  });

  it('keeps a pricing experiment variant’s answer apart from everyone else’s', async () => {
    // The api prices another package for a visitor in a pricing experiment (the experiment
    // header): a control visitor must never be shown the variant's prices, nor the reverse.
    const cached = createPlansCache(60_000);
    const control = api({ data: answer, error: null });
    const variantAnswer = { identifier: 'vpn-variant', plans: [] } as unknown as PackageView;
    const variant = api({ data: variantAnswer, error: null });
    await cached(vpn, control.ask(vpn));
    expect((await cached(vpn, variant.ask(vpn), 'pricing-test:b')).data).toBe(variantAnswer);
    expect((await cached(vpn, control.ask(vpn))).data).toBe(answer);
    expect(variant.calls).toHaveLength(1);
  });

  it('asks again for other variables, and after the window', async () => {
    const cached = createPlansCache(30);
    const pricing = api({ data: answer, error: null });
    const usd: PackagePlansVariables = { ...vpn, currencyCode: 'USD' };
    await cached(vpn, pricing.ask(vpn));
    await cached(usd, pricing.ask(usd));
    await new Promise((resolve) => setTimeout(resolve, 60));
    await cached(vpn, pricing.ask(vpn));
    expect(pricing.calls).toEqual([vpn, usd, vpn]);
  });

  it('keeps no failed answer: the next shopper gets a fresh try, not the error screen', async () => {
    const cached = createPlansCache(60_000);
    const pricing = api({ data: null, error: 'GET /graphql 503' });
    expect((await cached(vpn, pricing.ask(vpn))).error).toBe('GET /graphql 503');
    await cached(vpn, pricing.ask(vpn));
    expect(pricing.calls).toHaveLength(2);
  });

  it('asks the api every time for a coupon, whose validity the api judges to the minute', async () => {
    const cached = createPlansCache(60_000);
    const withCoupon = { ...vpn, coupon: 'SPRING' };
    const pricing = api({ data: answer, error: null });
    await cached(withCoupon, pricing.ask(withCoupon));
    await cached(withCoupon, pricing.ask(withCoupon));
    expect(pricing.calls).toHaveLength(2);
  });
});
