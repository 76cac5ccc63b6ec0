import { describe, expect, it } from 'vitest';
import defaults from '../../../../config/feature-flags.json';
import {
  FEATURE_FLAGS,
  featureFlagsFileSchema,
  isEnabled,
  isLegalDisclosure,
  parseFlagOverrides,
  permittedOverrides,
  planBadgesFor,
  resolveFlags,
  type FeatureFlags,
} from './feature-flags';

const base = Object.fromEntries(FEATURE_FLAGS.map((f) => [f, 'on'])) as FeatureFlags;

describe('feature flags', () => {
  it('parses an override list, ignoring unknown flags and malformed values', () => {
    expect(parseFlagOverrides('coupon:off, plan-upsell:B ,nope:on,extra-plans:,bad')).toEqual({
      coupon: 'off',
      'plan-upsell': 'b',
    });
    expect(parseFlagOverrides(undefined)).toEqual({});
  });

  it('layers file, environment and QA overrides, later layers winning', () => {
    const flags = resolveFlags(base, { coupon: 'off' }, { coupon: 'on', 'plan-upsell': 'b' });
    expect(flags.coupon).toBe('on');
    expect(flags['plan-upsell']).toBe('b');
    expect(isEnabled(flags, 'plan-upsell')).toBe(true);
    expect(isEnabled(resolveFlags(base, { coupon: 'off' }), 'coupon')).toBe(false);
  });

  it('rejects a configuration file that misses a flag or names an unknown one', () => {
    expect(featureFlagsFileSchema.safeParse(base).success).toBe(true);
    const missing: Partial<Record<string, string>> = { ...base };
    delete missing.coupon;
    expect(featureFlagsFileSchema.safeParse(missing).success).toBe(false);
    expect(featureFlagsFileSchema.safeParse({ ...base, extra: 'on' }).success).toBe(false);
  });

  it('never lets an override switch off the renewal-price disclosure in production', () => {
    const overrides = parseFlagOverrides('renewal-price-disclaimer:off,coupon:off');
    const flags = resolveFlags(base, permittedOverrides(overrides, { production: true }));
    expect(isEnabled(flags, 'renewal-price-disclaimer')).toBe(true);
    // Other flags still follow the override.
    expect(isEnabled(flags, 'coupon')).toBe(false);
  });

  it('lets a test deployment switch the disclosure off to check the page without it', () => {
    const overrides = parseFlagOverrides('renewal-price-disclaimer:off');
    const flags = resolveFlags(base, permittedOverrides(overrides, { production: false }));
    expect(isEnabled(flags, 'renewal-price-disclaimer')).toBe(false);
  });

  it('marks the flags that carry a legal disclosure in their definition', () => {
    expect(FEATURE_FLAGS.filter(isLegalDisclosure)).toEqual(['renewal-price-disclaimer']);
  });
});

describe('promo badges', () => {
  const flags = (overrides: Partial<FeatureFlags>): FeatureFlags =>
    resolveFlags(featureFlagsFileSchema.parse(defaults), overrides);

  it('shows the saving by default and no promotion', () => {
    expect(planBadgesFor(flags({}))).toEqual({ promo: null, discount: true });
  });

  it.each([
    ['promo-badge-black-friday', 'blackFriday'],
    ['promo-badge-cyber-monday', 'cyberMonday'],
    ['promo-badge-birthday', 'birthday'],
    ['promo-badge-personal-offer', 'personalOffer'],
  ] as const)('%s on announces %s', (flag, promo) => {
    expect(planBadgesFor(flags({ [flag]: 'on' })).promo).toBe(promo);
  });

  it('announces one promotion when several are on, and hides the saving when discount is off', () => {
    const badges = planBadgesFor(
      flags({
        'promo-badge-birthday': 'on',
        'promo-badge-black-friday': 'on',
        'promo-badge-discount': 'off',
      }),
    );
    expect(badges).toEqual({ promo: 'blackFriday', discount: false });
  });
});
