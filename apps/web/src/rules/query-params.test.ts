import { describe, expect, it } from 'vitest';
import brandFile from '../../../../config/brand.json';
import {
  brandSchema,
  statementLine,
  LANGUAGES,
  FLAG_OFF,
  FLAG_ON,
  isFlagOn,
  QUERY_PARAMS,
  SENSITIVE_PARAMS,
  toFlag,
  type QueryParamName,
} from '@checkout/core';
import { cleanQuery } from './query-cleanup';
import { malformedParams, QUERY_PARAM_RULES, readQueryParam } from './query-params';

describe('query parameters', () => {
  it('uses 1 and 0 for on/off flags', () => {
    expect([FLAG_ON, FLAG_OFF]).toEqual(['1', '0']);
    expect(isFlagOn('1')).toBe(true);
    expect(isFlagOn('0')).toBe(false);
    expect(isFlagOn('true')).toBe(false);
    expect(isFlagOn(null)).toBe(false);
    expect(toFlag(true)).toBe('1');
  });

  it('names every parameter of the spec once', () => {
    const names = Object.values(QUERY_PARAMS);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toHaveLength(45);
    expect(names).toContain('product_xs');
    expect(names).toContain('amazonCheckoutSessionId');
  });

  it('strips tokens, codes and e-mail addresses', () => {
    expect([...SENSITIVE_PARAMS].sort()).toEqual(
      ['code', 'email', 'exchange_token', 'state', 'trusted_pass_token'].sort(),
    );
  });
});

const CART = '0b9c8a3e-5d7f-4c1e-9a2b-3c4d5e6f7a8b';

/**
 * Every §2 parameter: a value the checkout reads (and what it reads it as), and a malformed one
 * it ignores and removes from the address on every page. Where each is read and what it does is
 * the table in docs/features/query-parameters.md; the browser tests (e2e/spec-params.spec.ts) show the
 * effects a shopper sees.
 */
const TABLE: readonly [QueryParamName, string, unknown, string][] = [
  ['cart_id', CART, CART, 'c1'],
  ['confirm_email', '1', '1', 'yes'],
  ['product_group', 'pass', 'pass', 'antivirus'],
  ['product', 'vpn-plus-1y', 'vpn-plus-1y', '<script>'],
  ['product_period', '2y', '2y', '2 years'],
  ['product_subgroup', 'family', 'family', 'friends'],
  ['product_filters', '{"subgroup":"family"}', '{"subgroup":"family"}', 'x'.repeat(600)],
  ['product_xs', '1', '1', 'Pass Plan'],
  ['coupon', 'SPRING25', 'SPRING25', 'SPRING 25%'],
  ['currency', 'EUR', 'EUR', 'euro'],
  ['provider', 'paypal', 'paypal', 'acme_pay'],
  ['payment_provider', 'adyen_ideal', 'adyen_ideal', 'acme_pay'],
  ['error', 'declined', 'declined', 'boom'],
  ['hide_error', '1', '1', 'true'],
  ['persist_countdown', '0', '0', 'on'],
  ['qa', 'token', 'token', 'x'.repeat(2049)],
  ['ff', 'coupon:off', 'coupon:off', 'x'.repeat(513)],
  ['bundle_type', 'bundle', 'bundle', 'combo'],
  ['force_login', '1', '1', 'please'],
  ['existing_user', '0', '0', 'no'],
  ['exchange_token', 'abc', 'abc', 'x'.repeat(4097)],
  ['trusted_pass_token', 'abc', 'abc', 'x'.repeat(4097)],
  ['owner_id', 'acct-1', 'acct-1', ''],
  ['nord_origin', 'website', 'website', 'Web Site'],
  ['redirect_uri', 'https://shop.example/back', 'https://shop.example/back', 'javascript:alert(1)'],
  ['success_uri', '/dashboard/', '/dashboard/', '//evil.example/'],
  ['success_alert', '1', '1', 'show'],
  ['login_target', '/payment/', '/payment/', 'x'.repeat(2049)],
  ['descriptor', 'SPRING SALE', 'SPRING SALE', '<b>SALE</b>'],
  ['package_identifier', 'vpn-default', 'vpn-default', 'VPN Default'],
  ['exp_package_identifier', 'vpn-exp-b', 'vpn-exp-b', 'vpn exp'],
  ['code', 'abc', 'abc', 'x'.repeat(4097)],
  ['state', 'abc', 'abc', 'x'.repeat(4097)],
  ['payment_step', 'account', 'account', 'review'],
  ['focus', 'payment-methods', 'payment-methods', 'Payment Methods'],
  ['plan_upgraded', '1', '1', 'yes'],
  ['services', 'vpn,pass', ['vpn', 'pass'], 'vpn,,pass'],
  ['purchase_funnel', 'upgrade', 'upgrade', 'up grade'],
  ['main_merchant', 'umbrella', 'umbrella', 'acme'],
  ['amazonCheckoutSessionId', 'a1-b2', 'a1-b2', 'a b'],
  ['identifier', 'acct-1', 'acct-1', ''],
  ['price_ids', 'p1,p2', ['p1', 'p2'], 'p1;p2'],
  ['service_price_ids', 'p3', ['p3'], ','],
  ['payment_status', 'paid', 'paid', 'approved'],
  ['locale', 'pt-br', 'pt-br', 'xx'],
];

describe('every §2 parameter: read, and removed when malformed', () => {
  it('covers each declared parameter once', () => {
    expect(TABLE.map(([name]) => name).sort()).toEqual(Object.values(QUERY_PARAMS).sort());
    expect(Object.keys(QUERY_PARAM_RULES).sort()).toEqual(Object.values(QUERY_PARAMS).sort());
  });

  it.each(TABLE)('%s=%s is read as given', (name, value, read) => {
    const params = new URLSearchParams([[name, value]]);
    expect(readQueryParam(params, name)).toEqual(read);
    expect(malformedParams(params)).toEqual([]);
  });

  it.each(TABLE)('%s is ignored and removed when malformed', (name, _value, _read, bad) => {
    const params = new URLSearchParams([
      [name, bad],
      ['product_group', 'vpn'],
    ]);
    expect(readQueryParam(params, name)).toBeNull();
    for (const page of ['payment', 'success', 'other'] as const) {
      const cleaned = cleanQuery(params, { page, malformed: malformedParams(params) });
      expect(cleaned.has(name)).toBe(false);
      expect(cleaned.get('product_group')).toBe(name === 'product_group' ? null : 'vpn');
    }
  });

  it('removes a parameter given twice rather than guess which one counts', () => {
    const params = new URLSearchParams('currency=EUR&currency=USD&coupon=A');
    expect(
      cleanQuery(params, { page: 'payment', malformed: malformedParams(params) }).toString(),
    ).toBe('coupon=A');
  });

  it('leaves parameters it does not know alone (utm_*, gclid, nv_tri)', () => {
    const params = new URLSearchParams('utm_source=x&gclid=y&nv_tri=z');
    expect(
      cleanQuery(params, { page: 'payment', malformed: malformedParams(params) }).toString(),
    ).toBe('utm_source=x&gclid=y&nv_tri=z');
  });

  it('accepts every language as locale, by its address code', () => {
    for (const { urlCode } of LANGUAGES) {
      expect(readQueryParam(new URLSearchParams({ locale: urlCode }), 'locale')).toBe(urlCode);
    }
  });
});

describe('statement line (descriptor, main_merchant)', () => {
  const brand = brandSchema.parse(brandFile);
  it.each([
    ['vpn', null, null, 'Aegis VPN Ltd.'],
    ['vpn', 'umbrella', null, 'Aegis Security Ltd.'],
    ['vpn', 'pass', 'SPRING', 'Aegis Pass Ltd.*SPRING'],
    ['bundle', null, 'ONE', 'Aegis One Ltd.*ONE'],
  ] as const)(
    '%s with main_merchant %s and descriptor %s reads %s',
    (group, main, descriptor, line) => {
      expect(statementLine(brand, group, { mainMerchant: main, descriptor })).toBe(line);
    },
  );
});
