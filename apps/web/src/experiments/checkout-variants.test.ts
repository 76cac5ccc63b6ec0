import { describe, expect, it } from 'vitest';
import { featureFlagsFileSchema, resolveFlags, type FeatureFlags } from '../rules/feature-flags';
import defaults from '../../../../config/feature-flags.json';
import { checkoutVariants, type CheckoutVariants } from './checkout-variants';

const base = featureFlagsFileSchema.parse(defaults);
const flags = (overrides: Partial<FeatureFlags> = {}) => resolveFlags(base, overrides);

describe('checkout variants: flags and §9 experiments drive the same switches', () => {
  it('shows the control experience with the default flags and no experiment', () => {
    expect(checkoutVariants(flags(), {})).toEqual<CheckoutVariants>({
      familyCrossSell: false,
      paymentMethodTiles: false,
      bigPaymentCta: false,
      planUpsell: false,
      displayTitles: false,
      emailInPayment: false,
      numberedSections: false,
      crossSellBenefitCopy: false,
      featuresFirst: false,
      crossSellAfterPlans: false,
      expiryLayout: 'combined',
      renewalDisclaimer: true,
      renewalProminent: false,
      oauthSignup: false,
    });
  });

  it.each<[string, Partial<FeatureFlags>, Record<string, string>, keyof CheckoutVariants]>([
    ['extra-plans', { 'extra-plans': 'on' }, { 'family-cross-sell': 'family' }, 'familyCrossSell'],
    ['plan-upsell', { 'plan-upsell': 'on' }, { 'plan-upsell': 'upsell' }, 'planUpsell'],
    [
      'oauth-signup-methods',
      { 'oauth-signup-methods': 'on' },
      { 'signup-methods': 'oauth' },
      'oauthSignup',
    ],
  ])('flag %s and its experiment switch the same thing', (_flag, flagOn, experiment, key) => {
    expect(checkoutVariants(flags(flagOn), {})[key]).toBe(true);
    expect(checkoutVariants(flags(), experiment)[key]).toBe(true);
    expect(checkoutVariants(flags(), { [Object.keys(experiment)[0] ?? '']: 'control' })[key]).toBe(
      false,
    );
  });

  it.each<[string, string, keyof CheckoutVariants, unknown]>([
    ['new-payment-method-form', 'tiles', 'paymentMethodTiles', true],
    ['big-payment-cta', 'big', 'bigPaymentCta', true],
    ['plan-title', 'display-title', 'displayTitles', true],
    ['email-in-payment', 'in-payment', 'emailInPayment', true],
    ['section-header-copy', 'numbered', 'numberedSections', true],
    ['cross-sell-copy', 'benefit', 'crossSellBenefitCopy', true],
    ['plan-features', 'first', 'featuresFirst', true],
    ['cross-sell-step-desktop', 'step', 'crossSellAfterPlans', true],
    ['card-input-layout', 'split', 'expiryLayout', 'split'],
    ['renewal-price-disclaimer', 'prominent', 'renewalProminent', true],
  ])('%s:%s switches %s', (experiment, variant, key, value) => {
    expect(checkoutVariants(flags(), { [experiment]: variant })[key]).toBe(value);
  });

  it('no experiment hides the renewal price disclosure; only its flag does', () => {
    expect(
      checkoutVariants(flags(), { 'renewal-price-disclaimer': 'control' }).renewalDisclaimer,
    ).toBe(true);
    expect(
      checkoutVariants(flags({ 'renewal-price-disclaimer': 'off' }), {}).renewalDisclaimer,
    ).toBe(false);
  });
});
