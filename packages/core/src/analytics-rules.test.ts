import { describe, expect, it } from 'vitest';
import { analyticsPlanRef } from './analytics-constants';
import { consentCookieValue, consentRegime, effectiveConsent } from './consent';

describe('consent', () => {
  it('asks opt-in visitors first and grants nothing until they decide', () => {
    expect(consentRegime('de', ['DE'])).toBe('opt_in');
    expect(effectiveConsent(undefined, 'opt_in', false)).toEqual({
      analytics: false,
      marketing: false,
      status: 'pending',
      ask: true,
    });
  });

  it('lets US visitors opt out, and takes Global Privacy Control as an opt-out of sharing', () => {
    expect(consentRegime('US', ['DE'])).toBe('opt_out');
    expect(effectiveConsent(undefined, 'opt_out', false)).toMatchObject({
      analytics: true,
      marketing: true,
      ask: false,
    });
    expect(effectiveConsent(undefined, 'opt_out', true)).toMatchObject({
      analytics: true,
      marketing: false,
      status: 'default+gpc',
    });
    // GPC wins over an earlier "accept all" as well.
    expect(effectiveConsent('necessary+analytics+marketing', 'opt_in', true)).toMatchObject({
      marketing: false,
      status: 'necessary+analytics',
    });
  });

  it('follows the decision in the cookie', () => {
    const value = consentCookieValue({ analytics: true, marketing: false });
    expect(value).toBe('necessary+analytics');
    expect(effectiveConsent(value, 'opt_in', false)).toEqual({
      analytics: true,
      marketing: false,
      status: 'necessary+analytics',
      ask: false,
    });
    expect(effectiveConsent('garbage', 'opt_in', false).ask).toBe(true);
  });
});

describe('analytics product ids (spec §9)', () => {
  it.each([
    ['vpn-basic-1y', 1],
    ['pass-individual-1y', 2],
    ['locker-500gb-1y', 3],
    ['threat-protection-1y', 7],
    ['data-removal-1y', 1],
    ['bundle-ultimate-1y', 1],
  ])('reports %s as product %i', (identifier, id) => {
    expect(analyticsPlanRef(identifier)).toEqual({ identifier, product_id: id });
  });
});
