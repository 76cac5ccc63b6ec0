import { describe, expect, it } from 'vitest';
import {
  FLAG_OFF,
  FLAG_ON,
  isFlagOn,
  QUERY_PARAMS,
  SENSITIVE_PARAMS,
  toFlag,
} from './query-params';

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
