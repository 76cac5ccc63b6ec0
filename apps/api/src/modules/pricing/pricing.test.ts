import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PackageView } from '@checkout/core/contract';
import { createTestApp, type TestApp } from '../../test-app';

const QUERY = /* GraphQL */ `
  query Plans(
    $countryCode: String
    $currencyCode: String!
    $packageId: String!
    $filters: JSON
    $coupon: String
    $crossSellPackageId: String
  ) {
    getPackagePlans(
      countryCode: $countryCode
      currencyCode: $currencyCode
      packageId: $packageId
      filters: $filters
      coupon: $coupon
      crossSellPackageId: $crossSellPackageId
    ) {
      identifier
      catalogVersion
      coupon {
        code
        isLegacy
      }
      plans {
        id
        identifier
        displayTitle
        merchant
        remoteID
        tier
        type
        group
        subgroup
        bundleType
        storageQuota {
          amount
          unit
        }
        period {
          identifier
          interval
          unit
        }
        extraPeriod {
          identifier
          interval
          unit
        }
        services {
          identifier
          title
          merchant
          attributes {
            name
            value
          }
        }
        price {
          total
          atomic
          totalInMinorUnits
          atomicInMinorUnits
          currency {
            code
          }
          discount {
            atomicBeforeDiscount
            totalBeforeDiscount
            percentageDiscount
          }
        }
        nextChargePlan {
          period {
            identifier
          }
          price {
            total
            totalInMinorUnits
          }
        }
        coupon {
          code
          isLegacy
        }
      }
      crossSell {
        identifier
        plans {
          identifier
          price {
            total
          }
        }
      }
    }
  }
`;

interface GraphQLAnswer {
  data?: { getPackagePlans: PackageView } | null;
  errors?: { message: string; extensions?: { code?: string | number } }[];
}

describe('getPackagePlans', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const query = async (variables: Record<string, unknown>): Promise<GraphQLAnswer> => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: {
        'content-type': 'application/json',
        accept: 'application/graphql+json, application/json',
      },
      payload: { query: QUERY, variables },
    });
    expect(res.statusCode).toBeLessThan(500);
    return res.json<GraphQLAnswer>();
  };
  const plans = async (variables: Record<string, unknown>) => {
    const answer = await query(variables);
    expect(answer.errors).toBeUndefined();
    const data = answer.data?.getPackagePlans;
    if (!data) throw new Error('no data');
    return data;
  };
  const errorCode = async (variables: Record<string, unknown>) =>
    (await query(variables)).errors?.[0]?.extensions?.code;

  it('serves the VPN plans in USD with per-month price, discount, extra period and renewal', async () => {
    const pkg = await plans({ currencyCode: 'USD', packageId: 'vpn-default', countryCode: 'us' });
    expect(pkg.plans.map((p) => p.identifier)).toHaveLength(9);
    const twoYear = pkg.plans.find((p) => p.identifier === 'vpn-basic-2y');
    expect(twoYear?.price).toMatchObject({
      total: '83.76',
      atomic: '3.49',
      totalInMinorUnits: 8376,
      currency: { code: 'USD' },
      // Against what renewing charges for two years: the $99.99 yearly renewal, twice.
      discount: {
        totalBeforeDiscount: '199.98',
        atomicBeforeDiscount: '8.33',
        percentageDiscount: 58,
      },
    });
    expect(twoYear?.extraPeriod).toEqual({ identifier: '3m', interval: 3, unit: 'Month' });
    expect(twoYear?.nextChargePlan).toMatchObject({
      period: { identifier: '1y' },
      price: { total: '99.99' },
    });
    const monthly = pkg.plans.find((p) => p.identifier === 'vpn-basic-1m');
    expect(monthly?.price.discount).toBeNull();
    expect(monthly?.nextChargePlan.price.total).toBe('12.99');
  });

  it('prices whole yen and won without decimals', async () => {
    const yen = await plans({ currencyCode: 'JPY', packageId: 'vpn-default' });
    const plan = yen.plans.find((p) => p.identifier === 'vpn-basic-1y');
    expect(plan?.price).toMatchObject({ total: '9000', atomic: '750', totalInMinorUnits: 9000 });
    const won = await plans({ currencyCode: 'KRW', packageId: 'vpn-default' });
    for (const p of won.plans) expect(p.price.totalInMinorUnits % 100).toBe(0);
  });

  it('applies the password manager default subgroup and the family filter', async () => {
    const individual = await plans({ currencyCode: 'EUR', packageId: 'pass-default' });
    expect(individual.plans.every((p) => p.subgroup === 'individual')).toBe(true);
    const family = await plans({
      currencyCode: 'EUR',
      packageId: 'pass-default',
      filters: { subgroup: 'family' },
    });
    expect(family.plans.map((p) => p.type)).toEqual(['family', 'family', 'family']);
  });

  it.each([
    ['no filters', undefined, '500 gigabyte'],
    ['a string instead of an object', 'storage', '500 gigabyte'],
    ['2 TB', { storage_quota_amount: 2, storage_quota_unit: 'terabyte' }, '2 terabyte'],
    ['a missing unit', { storage_quota_amount: 2 }, '500 gigabyte'],
    ['an unknown unit', { storage_quota_amount: 2, storage_quota_unit: 'parsec' }, '500 gigabyte'],
    [
      'a non-numeric amount',
      { storage_quota_amount: '2', storage_quota_unit: 'terabyte' },
      '500 gigabyte',
    ],
  ])('gives the locker with %s the matching quota', async (_label, filters, quota) => {
    const pkg = await plans({ currencyCode: 'GBP', packageId: 'locker-default', filters });
    expect(pkg.plans).toHaveLength(3);
    for (const p of pkg.plans)
      expect(`${p.storageQuota?.amount} ${p.storageQuota?.unit}`).toBe(quota);
  });

  it('marks bundle plans with bundleType bundle', async () => {
    const pkg = await plans({ currencyCode: 'USD', packageId: 'bundle-default' });
    expect(pkg.plans.every((p) => p.bundleType === 'bundle')).toBe(true);
  });

  it('applies a valid coupon to the plans it covers and reports it', async () => {
    const pkg = await plans({ currencyCode: 'USD', packageId: 'vpn-default', coupon: 'welcome20' });
    expect(pkg.coupon).toEqual({ code: 'WELCOME20', isLegacy: false });
    const yearly = pkg.plans.find((p) => p.identifier === 'vpn-basic-1y');
    expect(yearly?.coupon).toEqual({ code: 'WELCOME20', isLegacy: false });
    expect(yearly?.price.totalInMinorUnits).toBeLessThan(5988);
    expect(pkg.plans.find((p) => p.identifier === 'vpn-basic-1m')?.coupon).toBeNull();
  });

  it('marks a legacy coupon as legacy', async () => {
    const pkg = await plans({ currencyCode: 'USD', packageId: 'vpn-default', coupon: 'LOYAL10' });
    expect(pkg.coupon).toEqual({ code: 'LOYAL10', isLegacy: true });
  });

  it('uses a package default coupon', async () => {
    const pkg = await plans({ currencyCode: 'USD', packageId: 'vpn-promo' });
    expect(pkg.coupon?.code).toBe('WELCOME20');
  });

  it.each([
    ['an expired coupon', { coupon: 'SUMMER25' }, 2012],
    ['an unknown coupon', { coupon: 'NOPE' }, 2012],
    ['a coupon for other products', { coupon: 'LOYAL10', packageId: 'pass-default' }, 2012],
    ['a malformed coupon', { coupon: 'not a code!' }, 'validation_failed'],
    ['an unknown package', { packageId: 'nope' }, 'package_not_found'],
    ['an unsold currency', { currencyCode: 'RUB' }, 'validation_failed'],
    ['a bad country', { countryCode: 'USA' }, 'validation_failed'],
    [
      'a foreign cross-sell package',
      { crossSellPackageId: 'vpn-cross-sell' },
      'cross_sell_not_available',
    ],
  ])('answers %s with code %s, never a 500', async (_label, overrides, code) => {
    expect(await errorCode({ currencyCode: 'USD', packageId: 'vpn-default', ...overrides })).toBe(
      code,
    );
  });

  it('returns the cross-sell package offered next to the main package, asked for or not', async () => {
    const implicit = await plans({ currencyCode: 'USD', packageId: 'pass-default' });
    expect(implicit.crossSell?.identifier).toBe('vpn-cross-sell');
    const none = await plans({ currencyCode: 'USD', packageId: 'bundle-default' });
    expect(none.crossSell).toBeNull();
    const pkg = await plans({
      currencyCode: 'USD',
      packageId: 'vpn-default',
      crossSellPackageId: 'pass-cross-sell',
    });
    expect(pkg.crossSell?.plans.map((p) => p.identifier)).toEqual([
      'pass-individual-1y-xs',
      'pass-family-1y-xs',
    ]);
  });

  it('serves every package in every currency', async () => {
    const { CURRENCIES } = await import('@checkout/core');
    for (const packageId of [
      'vpn-default',
      'pass-default',
      'locker-default',
      'data-removal-default',
      'bundle-default',
      'threat-protection-default',
    ]) {
      for (const currencyCode of CURRENCIES) {
        const pkg = await plans({ currencyCode, packageId });
        expect(pkg.plans.length).toBeGreaterThan(0);
      }
    }
  });

  it('accepts GET queries up to 2047 characters and refuses longer ones', async () => {
    const short = `/graphql?query=${encodeURIComponent('{ getPackagePlans(currencyCode: "USD", packageId: "vpn-default") { identifier } }')}`;
    const ok = await t.app.inject({
      method: 'GET',
      url: short,
      headers: { accept: 'application/graphql+json, application/json' },
    });
    expect(ok.json<GraphQLAnswer>().data?.getPackagePlans.identifier).toBe('vpn-default');
    const long = `${short}&pad=${'x'.repeat(2100)}`;
    const refused = await t.app.inject({ method: 'GET', url: long });
    expect(refused.statusCode).toBe(414);
    expect(refused.json()).toMatchObject({ error: { code: 'uri_too_long' } });
  });

  it('refuses queries nested deeper than the schema allows', async () => {
    const deep = `{ getPackagePlans(currencyCode: "USD", packageId: "vpn-default") { plans { nextChargePlan { services { price { discount { percentageDiscount } } } } } } }`;
    const nested = `query { a: __schema { types { fields { type { ${'ofType { '.repeat(10)}name${' }'.repeat(10)} } } } } }`;
    const ok = await t.app.inject({ method: 'POST', url: '/graphql', payload: { query: deep } });
    expect(ok.json<GraphQLAnswer>().errors).toBeUndefined();
    const refused = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      payload: { query: nested },
    });
    expect(refused.json<GraphQLAnswer>().errors?.[0]?.message).toMatch(/depth/i);
  });

  it('repeats a cached answer with an ETag and answers 304 when the client has it', async () => {
    const payload = { query: QUERY, variables: { currencyCode: 'SEK', packageId: 'vpn-default' } };
    const first = await t.app.inject({ method: 'POST', url: '/graphql', payload });
    const second = await t.app.inject({ method: 'POST', url: '/graphql', payload });
    expect(second.body).toBe(first.body);
    expect(second.headers['content-type']).toBe(first.headers['content-type']);
    expect(second.headers['content-length']).toBe(first.headers['content-length']);
    const etag = second.headers.etag;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const revalidated = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      payload,
      headers: { 'if-none-match': String(etag) },
    });
    expect(revalidated.statusCode).toBe(304);
  });

  it('never caches an error: an unavailable coupon keeps failing with 2012', async () => {
    for (let i = 0; i < 2; i++) {
      expect(
        await errorCode({ currencyCode: 'USD', packageId: 'vpn-default', coupon: 'SUMMER25' }),
      ).toBe(2012);
    }
  });
});
