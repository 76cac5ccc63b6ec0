import { describe, expect, it } from 'vitest';
import brandFile from '../../../config/brand.json';
import { brandSchema, footerLinksFor } from './brand';
import { COUNTRIES } from './countries';
import { analyticsErrorLabel } from './error-labels';
import { AppError } from './contract/errors';
import { normalizeCountry, privacyButtonKind } from './geo';
import { familyFor, logoFor } from './products';

describe('page shell rules', () => {
  it.each([
    ['vpn', 'vpn', 'vpn'],
    ['pass', 'pass', 'pass'],
    ['locker', 'locker', 'locker'],
    ['data_removal', 'data_removal', 'data_removal'],
    ['bundle', 'protection', 'vpn'],
    ['threat_protection', 'protection', 'vpn'],
    [undefined, 'checkout', 'vpn'],
  ] as const)(
    'product group %s shows the %s logo and 404 leads to the %s family',
    (g, logo, family) => {
      expect(logoFor(g)).toBe(logo);
      expect(familyFor(g)).toBe(family);
    },
  );

  it('shows "Your privacy choices" to US visitors only', () => {
    expect(privacyButtonKind('US')).toBe('usPrivacyChoices');
    expect(privacyButtonKind('DE')).toBe('cookiePreferences');
    expect(privacyButtonKind('CA')).toBe('cookiePreferences');
  });

  it('accepts only real two-letter countries from geo sources', () => {
    expect(normalizeCountry(' de ')).toBe('DE');
    expect(normalizeCountry('XX')).toBeUndefined();
    expect(normalizeCountry('T1')).toBeUndefined();
    expect(normalizeCountry('USA')).toBeUndefined();
    expect(normalizeCountry(null)).toBeUndefined();
    // Well-formed but no country the checkout sells to: the cart would refuse it.
    expect(normalizeCountry('ZZ')).toBeUndefined();
    expect(normalizeCountry('EU')).toBeUndefined();
  });

  it('maps support links per product and falls back to the general support center', () => {
    const brand = brandSchema.parse(brandFile);
    expect(footerLinksFor(brand, 'pass').supportCenter).toBe(brand.products.pass.supportUrl);
    expect(footerLinksFor(brand, undefined).supportCenter).toBe(brand.defaultSupportUrl);
  });

  it('labels error screens for analytics', () => {
    expect(analyticsErrorLabel(404)).toBe('Page not found');
    expect(analyticsErrorLabel(429)).toBe('User exceeded request limit');
    expect(analyticsErrorLabel(500)).toBe('Generic error');
  });

  it('serializes an AppError without a stack', () => {
    const json = JSON.stringify(new AppError(2015, 'The cart cannot change now.'));
    expect(json).toBe('{"error":{"code":2015,"message":"The cart cannot change now."}}');
  });
});

describe('the United Kingdom', () => {
  it('is in the country list once, as GB', () => {
    expect(COUNTRIES.filter((c) => c === 'GB' || c === 'UK')).toEqual(['GB']);
    expect(new Set(COUNTRIES).size).toBe(COUNTRIES.length);
  });

  it('is GB when a CDN says UK', () => {
    expect(normalizeCountry('uk')).toBe('GB');
  });
});
